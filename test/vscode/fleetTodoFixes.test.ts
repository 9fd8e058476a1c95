// Issue 35, the fleet to-do's fixes that reach the node and the user: a user bound only to offline nodes is
// listed once per panel, with its severity, panel and document; Restart Node, Open SSH Terminal, Extend
// Expiry… and Rebind to Online Nodes… each send exactly their change (the terminal none) and the finding goes
// at the panel's next read; on a protected panel each change waits for the panel's name and sends nothing
// when refused; a read-only panel offers none of them that changes it, and refuses one run anyway.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { connect, eventually, signOut, testApi, type TestApi } from './support';
import { actionsAt, findingsOf } from './fleetTodoSupport';

const NAMES = { open: 'North fixes', guarded: 'South fixes', readOnly: 'West fixes' } as const;
type Level = keyof typeof NAMES;
const STRANDED = 'stranded-fixes';
const EXPIRING = 'expiring-fixes';
const MUTATING = ['panelOps.todo.restartNode', 'panelOps.todo.extendExpiry', 'panelOps.todo.rebindToOnlineNodes'];

interface Seeded {
  readonly down: { readonly id: string; readonly name: string };
  readonly online: { readonly id: string; readonly name: string };
  readonly stranded: string;
  readonly expiring: string;
}

/** One panel: every node online and applied but its first (offline), a user bound only to it, a user expiring tomorrow. */
function seed(panel: SimulatedPanel, prefix: string): Seeded {
  const nodes = [...panel.data.nodes.values()];
  for (const node of nodes) Object.assign(node, { status: 'online', dirty: false, last_apply_at: new Date().toISOString() });
  const [down, online] = nodes;
  Object.assign(down, { status: 'offline', name: `${prefix}-down` });
  online.name = `${prefix}-up`;
  for (const alert of panel.data.alerts) alert.resolved = true;
  const [stranded, expiring] = [...panel.data.keys.values()];
  const active = { status: 'active', disabled_at: null, revoked_at: null } as const;
  Object.assign(stranded, { ...active, label: STRANDED, expires_at: null, bindings: [{ node_id: down.id, profile_sync: 'synced' }] });
  Object.assign(expiring, { ...active, label: EXPIRING, expires_at: new Date(Date.now() + 86_400_000).toISOString(), bindings: [{ node_id: online.id, profile_sync: 'synced' }] });
  return { down: { id: down.id, name: down.name }, online: { id: online.id, name: online.name }, stranded: stranded.id, expiring: expiring.id };
}

/** The requests that change the panel, as `METHOD path`. */
function changes(panel: SimulatedPanel): string[] {
  return panel.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
}

describe('Fleet to-do: Restart Node, Open SSH Terminal, Extend Expiry… and Rebind to Online Nodes…', function () {
  this.timeout(90_000);
  let api: TestApi;
  const panels = {} as Record<Level, SimulatedPanel>;
  const seeded = {} as Record<Level, Seeded>;

  /** The panel's next read of its nodes and of the seeded users, as the watcher and the Users view do. */
  async function read(level: Level): Promise<void> {
    const stores = api.panels.get(panels[level].url);
    assert.ok(stores, 'connected');
    await stores.nodes.poll();
    for (const label of [STRANDED, EXPIRING]) await stores.users.loadNext(stores.users.list({ q: label }));
  }

  /** Runs the fix `command` offered on the panel's one finding of `kind`, answering its questions with `answers`. */
  async function runFix(level: Level, kind: string, command: string, ...answers: Parameters<TestApi['input']['queue']>): Promise<unknown> {
    const found = findingsOf(NAMES[level], kind);
    assert.equal(found.length, 1, `${NAMES[level]}: one ${kind}`);
    const [[uri, diagnostic]] = found;
    const fix = (await actionsAt(uri, diagnostic)).find((action) => action.command?.command === command);
    assert.ok(fix?.command, `${command} is offered on ${NAMES[level]}'s ${kind}`);
    api.input.clear();
    api.input.queue(...answers);
    for (const panel of Object.values(panels)) panel.resetRequests();
    const result = await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    assert.equal(api.input.remaining, 0, 'every answer was used');
    return result;
  }

  /** The seeded offline node of the panel, as the simulator holds it. */
  function nodeOf(level: Level) {
    const node = panels[level].data.nodes.get(seeded[level].down.id);
    assert.ok(node);
    return node;
  }

  function keyOf(level: Level, id: string) {
    return [...panels[level].data.keys.values()].find((key) => key.id === id);
  }

  /** Nothing reached the panels other than `level`. */
  function nothingElsewhere(level: Level): void {
    for (const other of Object.keys(NAMES) as Level[]) if (other !== level) assert.deepEqual(changes(panels[other]), [], `nothing to ${NAMES[other]}`);
  }

  before(async () => {
    api = await testApi();
    for (const level of Object.keys(NAMES) as Level[]) {
      panels[level] = await startPanel();
      seeded[level] = seed(panels[level], level);
    }
    await connect(panels.open, panels.open.tokens.owner, { name: NAMES.open });
    await connect(panels.guarded, panels.guarded.tokens.owner, { name: NAMES.guarded, protection: 'protected' });
    await connect(panels.readOnly, panels.readOnly.tokens.owner, { name: NAMES.readOnly, protection: 'readOnly' });
    for (const level of Object.keys(NAMES) as Level[]) await read(level);
  });

  after(async () => {
    api?.input.clear();
    for (const panel of Object.values(panels)) {
      await signOut(panel);
      await panel.close();
    }
  });

  it('lists a user bound only to offline nodes once per panel, as a warning on its own document', async () => {
    await eventually(() => (Object.keys(NAMES) as Level[]).every((level) => findingsOf(NAMES[level], 'userOnOfflineNodes').length > 0), 'every panel\'s stranded user');
    for (const level of Object.keys(NAMES) as Level[]) {
      const found = findingsOf(NAMES[level], 'userOnOfflineNodes');
      assert.equal(found.length, 1, `${NAMES[level]}: one user bound only to offline nodes`);
      const [[uri, diagnostic]] = found;
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
      assert.equal(uri.authority, `http~${new URL(panels[level].url).host}`, 'on its own panel\'s document');
      assert.match(uri.path, new RegExp(`^/users/${STRANDED}~${seeded[level].stranded}/user\\.json$`));
      assert.equal(diagnostic.message, `User "${STRANDED}" is active but every node it is bound to is offline: "${seeded[level].down.name}".`);
    }
  });

  it('a read-only panel offers none of the fixes that change it, and refuses one run anyway without a question or a request', async () => {
    const offered = async (kind: string) => {
      const [[uri, diagnostic]] = findingsOf(NAMES.readOnly, kind);
      return (await actionsAt(uri, diagnostic)).map((action) => action.command?.command);
    };
    assert.deepEqual(await offered('nodeOffline'), ['panelOps.todo.showLogs', 'panelOps.todo.openSshTerminal', 'panelOps.todo.ignore']);
    assert.deepEqual(await offered('userExpiring'), ['panelOps.todo.ignore']);
    assert.deepEqual(await offered('userOnOfflineNodes'), ['panelOps.todo.ignore']);
    // The open panel is offered them, so the list above is the level's doing.
    const [[uri, diagnostic]] = findingsOf(NAMES.open, 'userOnOfflineNodes');
    assert.ok((await actionsAt(uri, diagnostic)).some((action) => MUTATING.includes(action.command?.command ?? '')));
    panels.readOnly.resetRequests();
    api.input.clear();
    const target = { panelId: api.panels.get(panels.readOnly.url)?.id, kind: 'userOnOfflineNodes', subjectId: seeded.readOnly.stranded, fingerprint: '' };
    await vscode.commands.executeCommand('panelOps.todo.rebindToOnlineNodes', target);
    assert.deepEqual(api.input.questions, [], 'nothing asked');
    assert.match(api.input.notices.at(-1)?.message ?? '', /read-only in Panel Ops, so nothing was changed or sent/);
    assert.deepEqual(changes(panels.readOnly), []);
  });

  it('on a protected panel each fix waits for the confirmation and the panel\'s name, and sends nothing when refused', async () => {
    await runFix('guarded', 'nodeOffline', 'panelOps.todo.restartNode', { cancel: true });
    assert.match(api.input.questions[0]?.title ?? '', new RegExp(`^On the protected panel "${NAMES.guarded}": Restart "guarded-down"\\?`));
    assert.match(api.input.questions[0]?.detail ?? '', /Restart the engine of node "guarded-down"/);
    await runFix('guarded', 'userExpiring', 'panelOps.todo.extendExpiry', '30 days', { cancel: true });
    assert.match(api.input.questions.at(-1)?.detail ?? '', /Set the expiry of the user "expiring-fixes" to \d{4}-/);
    await runFix('guarded', 'userOnOfflineNodes', 'panelOps.todo.rebindToOnlineNodes', ['guarded-up'], { cancel: true });
    assert.match(api.input.questions.at(-1)?.detail ?? '', /Bind the user "stranded-fixes" to: "guarded-up"[\s\S]*then unbind it from: "guarded-down"/);
    assert.deepEqual(changes(panels.guarded), [], 'nothing sent');
    assert.equal(findingsOf(NAMES.guarded, 'nodeOffline').length, 1, 'the finding stays');

    // With the name typed, the restart goes.
    nodeOf('guarded').status = 'online';
    await runFix('guarded', 'nodeOffline', 'panelOps.todo.restartNode', 'Restart…', NAMES.guarded);
    assert.deepEqual(changes(panels.guarded), [`POST /api/v1/nodes/${seeded.guarded.down.id}/restart`]);
    nothingElsewhere('guarded');
  });

  it('Rebind to Online Nodes… says so when the panel shows no node that is not offline, and asks and sends nothing', async () => {
    for (const node of panels.guarded.data.nodes.values()) node.status = 'offline';
    await read('guarded');
    await eventually(() => findingsOf(NAMES.guarded, 'userOnOfflineNodes').length === 2, 'both seeded users stranded');
    panels.guarded.resetRequests();
    api.input.clear();
    const target = { panelId: api.panels.get(panels.guarded.url)?.id, kind: 'userOnOfflineNodes', subjectId: seeded.guarded.stranded, fingerprint: '' };
    await vscode.commands.executeCommand('panelOps.todo.rebindToOnlineNodes', target);
    assert.deepEqual(api.input.questions, [], 'nothing asked');
    assert.equal(api.input.notices.at(-1)?.message, `The panel shows no other node that is not offline: there is nothing to bind "${STRANDED}" to yet.`);
    assert.deepEqual(changes(panels.guarded), []);
  });

  it('Open SSH Terminal opens the node\'s terminal and sends nothing', async () => {
    const terminal = await runFix('open', 'nodeOffline', 'panelOps.todo.openSshTerminal') as vscode.Terminal | undefined;
    try {
      assert.equal(terminal?.name, `SSH open-down · ${NAMES.open}`);
    } finally {
      terminal?.dispose();
    }
    assert.deepEqual(changes(panels.open), []);
  });

  it('Restart Node sends exactly its restart, and the finding goes at the panel\'s next read', async () => {
    // The node came back meanwhile; the panel's list read before still shows it offline.
    nodeOf('open').status = 'online';
    await runFix('open', 'nodeOffline', 'panelOps.todo.restartNode');
    assert.deepEqual(changes(panels.open), [`POST /api/v1/nodes/${seeded.open.down.id}/restart`]);
    nothingElsewhere('open');
    assert.equal(findingsOf(NAMES.open, 'nodeOffline').length, 1, 'not before the next read');
    await read('open');
    await eventually(() => findingsOf(NAMES.open, 'nodeOffline').length === 0, 'the restarted node is no longer listed');
    nodeOf('open').status = 'offline';
    await read('open');
    await eventually(() => findingsOf(NAMES.open, 'userOnOfflineNodes').length === 1, 'its user stranded again');
  });

  it('Extend Expiry… asks the expiry as Create User does and sends exactly its PATCH; the finding goes', async () => {
    await runFix('open', 'userExpiring', 'panelOps.todo.extendExpiry', '30 days');
    assert.deepEqual(changes(panels.open), [`PATCH /api/v1/keys/${seeded.open.expiring}`]);
    nothingElsewhere('open');
    const expires = Date.parse(keyOf('open', seeded.open.expiring)?.expires_at ?? '');
    assert.ok(Math.abs(expires - (Date.now() + 30 * 86_400_000)) < 3_600_000, `30 days from now: ${new Date(expires).toISOString()}`);
    await read('open');
    await eventually(() => findingsOf(NAMES.open, 'userExpiring').length === 0, 'the extended user is no longer listed');
  });

  it('Rebind to Online Nodes… offers the online nodes, binds to the one chosen before unbinding the offline one; the finding goes', async () => {
    await runFix('open', 'userOnOfflineNodes', 'panelOps.todo.rebindToOnlineNodes', ['open-up']);
    const [question] = api.input.questions;
    assert.equal(question.kind, 'pickMany');
    assert.ok(question.items?.includes('open-up') && !question.items.includes('open-down'), `online nodes only: ${question.items?.join(', ')}`);
    assert.deepEqual(changes(panels.open), [
      `POST /api/v1/keys/${seeded.open.stranded}/bindings`,
      `DELETE /api/v1/keys/${seeded.open.stranded}/bindings/${seeded.open.down.id}`,
    ]);
    nothingElsewhere('open');
    assert.deepEqual(keyOf('open', seeded.open.stranded)?.bindings.map((binding) => binding.node_id), [seeded.open.online.id]);
    await read('open');
    await eventually(() => findingsOf(NAMES.open, 'userOnOfflineNodes').length === 0, 'the rebound user is no longer listed');
  });
});
