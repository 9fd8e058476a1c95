// Issue 35, the fleet's to-do list in Problems: findings of two connected panels at once (an offline node,
// a node with configuration unapplied for hours, an unresolved alert), each once, with its severity, its
// panel named in the source and on its subject's document; the Resolve Alert quick fix sends exactly its
// resolve and the finding goes; a threshold changes the list; a read-only panel offers only reading fixes;
// a hostile label is shown as text; a node whose latest apply job read failed; a node whose site the panel says failed (in a member of its own naming)
// is listed until the panel's next read of the site.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { actionsAt, findingsOf, kindOf, todo } from './fleetTodoSupport';
import { connect, eventually, signOut, testApi, type TestApi } from './support';

const HOSTILE = '<img src=x onerror=alert(1)>\u202e\n[run](command:panelOps.signOut)';
const NAMES = { north: 'North todo', south: 'South todo' };
const ALERT_ID = 9_007_199_254_750_001n; // beyond 2^53: the resolve must carry the panel's exact digits

interface Seeded {
  readonly offline: string;
  readonly dirty: string;
  readonly expiring: string;
}

const EXPIRING = 'expiring-soon-todo';

/** Seeds one panel: its first node offline, its second dirty since 5 hours, one new critical alert. */
function seed(panel: SimulatedPanel, offlineName: string, alertTitle: string): Seeded {
  const nodes = [...panel.data.nodes.values()];
  // Every node online and just applied: a change of users later makes nodes dirty that must not count as hours old.
  for (const node of nodes) Object.assign(node, { status: 'online', dirty: false, last_apply_at: new Date().toISOString() });
  const [offline, dirty] = nodes;
  offline.status = 'offline';
  offline.name = offlineName;
  dirty.dirty = true;
  dirty.last_apply_at = new Date(Date.now() - 5 * 3_600_000).toISOString();
  for (const alert of panel.data.alerts) alert.resolved = true;
  assert.ok(panel.data.alerts.every((alert) => alert.id !== ALERT_ID), 'the seeded alert\'s id is its own');
  panel.data.alerts.push({ id: ALERT_ID, severity: 'critical', title: alertTitle, message: 'seeded', node_id: null, created_at: new Date().toISOString(), resolved: false, resolved_at: null });
  const [user] = [...panel.data.keys.values()];
  Object.assign(user, { label: EXPIRING, status: 'active', expires_at: new Date(Date.now() + 86_400_000).toISOString(), disabled_at: null, revoked_at: null });
  return { offline: offline.id, dirty: dirty.id, expiring: user.id };
}

describe('Fleet to-do: findings of every connected panel in Problems, with quick fixes', function () {
  this.timeout(60_000);
  let api: TestApi;
  let north: SimulatedPanel;
  let south: SimulatedPanel;
  let seeded: { north: Seeded; south: Seeded };

  /** The panels' next read of nodes and alerts, as the watcher's poll does it. */
  async function read(panel: SimulatedPanel): Promise<void> {
    const stores = api.panels.get(panel.url);
    assert.ok(stores, 'connected');
    await Promise.all([stores.nodes.poll(), stores.alerts.refresh()]);
  }

  before(async () => {
    api = await testApi();
    [north, south] = await Promise.all([startPanel(), startPanel()]);
    seeded = { north: seed(north, 'north-down', 'Disk full on north'), south: seed(south, HOSTILE, HOSTILE) };
    await connect(north, north.tokens.owner, { name: NAMES.north });
    await connect(south, south.tokens.owner, { name: NAMES.south, protection: 'readOnly' });
    await Promise.all([read(north), read(south)]);
    // Users are findings once Panel Ops holds them: a search of the Users view reads them.
    const users = api.panels.get(north.url)?.users;
    assert.ok(users);
    await users.loadNext(users.list({ q: EXPIRING }));
  });

  after(async () => {
    for (const setting of ['unappliedHours', 'nodeOffline', 'mutedPanels']) await vscode.workspace.getConfiguration('panelOps.todo').update(setting, undefined, vscode.ConfigurationTarget.Global);
    for (const panel of [north, south]) {
      if (!panel) continue;
      await signOut(panel);
      await panel.close();
    }
  });

  it('lists each finding of both panels once, with its severity and panel, on its subject\'s document', async () => {
    await eventually(() => ['nodeOffline', 'nodeUnapplied', 'alertUnresolved'].every((kind) => findingsOf(NAMES.north, kind).length > 0 && findingsOf(NAMES.south, kind).length > 0), 'both panels\' findings');
    for (const [name, panel, ids] of [[NAMES.north, north, seeded.north], [NAMES.south, south, seeded.south]] as const) {
      const offline = findingsOf(name, 'nodeOffline');
      assert.equal(offline.length, 1, `${name}: one offline node`);
      const [uri, diagnostic] = offline[0];
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
      assert.equal(uri.scheme, 'panelops');
      assert.match(uri.path, new RegExp(`^/nodes/[^/]*~${ids.offline}/node\\.json$`));
      const document = await vscode.workspace.openTextDocument(uri);
      assert.equal((JSON.parse(document.getText()) as { id: string }).id, ids.offline, 'the document shows the node as the panel gave it');
      assert.equal(uri.authority, `http~${new URL(panel.url).host}`, 'on its own panel\'s document');

      const unapplied = findingsOf(name, 'nodeUnapplied');
      assert.equal(unapplied.length, 1, `${name}: one node unapplied for 5 hours`);
      assert.equal(unapplied[0][1].severity, vscode.DiagnosticSeverity.Warning);
      assert.match(unapplied[0][0].path, new RegExp(`~${ids.dirty}/node\\.json$`));

      const alerts = findingsOf(name, 'alertUnresolved');
      assert.equal(alerts.length, 1, `${name}: one unresolved alert`);
      assert.equal(alerts[0][1].severity, vscode.DiagnosticSeverity.Error, 'critical is an error');
      assert.match(alerts[0][0].path, new RegExp(`^/alerts/[^/]*~${ALERT_ID}/alert\\.json$`));
      const code = alerts[0][1].code as { target: vscode.Uri };
      assert.equal(code.target.fragment, 'fleet-to-do', 'the code links to the README section');
    }
  });

  it('lists an active user expiring soon among the users held, on a document without its secret; Disable User sends its disable', async () => {
    await eventually(() => findingsOf(NAMES.north, 'userExpiring').length === 1, 'the expiring user');
    const [[uri, diagnostic]] = findingsOf(NAMES.north, 'userExpiring');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Information);
    assert.match(uri.path, new RegExp(`^/users/${EXPIRING}~${seeded.north.expiring}/user\\.json$`));
    const text = (await vscode.workspace.openTextDocument(uri)).getText();
    assert.equal((JSON.parse(text) as { label: string }).label, EXPIRING);
    const secret = [...north.data.keys.values()].find((key) => key.id === seeded.north.expiring)?.secret;
    assert.ok(secret && !text.includes(secret) && !/"(secret|links|subscription_short_url|sub_slug)"/.test(text), 'no secret or link in the document');
    const disable = (await actionsAt(uri, diagnostic)).find((action) => action.command?.command === 'panelOps.todo.disableUser');
    assert.ok(disable?.command, 'Disable User is offered');
    north.resetRequests();
    await vscode.commands.executeCommand(disable.command.command, ...(disable.command.arguments ?? []));
    assert.deepEqual(north.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`), [`POST /api/v1/keys/${seeded.north.expiring}/disable`]);
    await eventually(() => findingsOf(NAMES.north, 'userExpiring').length === 0, 'a disabled user is no longer listed');
  });

  it('lists a node whose site deployment failed, in the panel\'s words, until the panel\'s next read of its site says otherwise', async () => {
    const details = api.panels.get(north.url)?.nodeDetails;
    assert.ok(details, 'connected');
    const node = [...north.data.nodes.values()][2];
    const path = `/nodes/${node.id}/site`;
    // The contract does not show a site's shape: this panel says it in `deployment` and `error`.
    north.inject({ kind: 'answer-after-apply', json: { node_id: node.id, template_id: null, deployment: 'failed', error: 'certbot: <b>rate limited</b>' }, match: { method: 'GET', path } });
    const site = await details.load(node.id, 'site');
    assert.equal(site?.kind === 'loaded' && (site.value as { deployment?: unknown }).deployment, 'failed', `the site as read: ${JSON.stringify(site)}`);
    // A first read of the site is followed at once (not at the to-do's 5-minute clock).
    await eventually(() => findingsOf(NAMES.north, 'siteFailed').length === 1, 'the failed site deployment');
    const [[uri, diagnostic]] = findingsOf(NAMES.north, 'siteFailed');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(uri.path, new RegExp(`~${node.id}/node\\.json$`), 'on the node\'s document');
    assert.ok(diagnostic.message.includes('"failed"') && diagnostic.message.includes('certbot: <b>rate limited</b>'), `the panel's own words: ${diagnostic.message}`);
    assert.equal(findingsOf(NAMES.south, 'siteFailed').length, 0, 'only on its own panel');
    // The panel's next read of the site (its own shape: deployed or pending) takes the finding away.
    details.forget(node.id, ['site']);
    await details.load(node.id, 'site');
    await eventually(() => findingsOf(NAMES.north, 'siteFailed').length === 0, 'the finding gone after the next read');
  });

  it('lists a node whose latest apply job read failed, with the job\'s error, as soon as its jobs are first read', async () => {
    const details = api.panels.get(south.url)?.nodeDetails;
    assert.ok(details, 'connected');
    const node = [...south.data.nodes.values()][3];
    const finished = new Date(Date.now() - 60_000).toISOString();
    south.inject({ kind: 'answer-after-apply', json: [{ status: 'failed', started_at: finished, finished_at: finished, error: 'engine reload failed: exit status 1' }], match: { method: 'GET', path: `/nodes/${node.id}/jobs` } });
    const jobs = await details.load(node.id, 'jobs');
    assert.equal(jobs?.kind, 'loaded', 'the jobs were read');
    await eventually(() => findingsOf(NAMES.south, 'applyFailed').length === 1, 'the failed apply');
    const [[uri, diagnostic]] = findingsOf(NAMES.south, 'applyFailed');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(uri.path, new RegExp(`~${node.id}/node\\.json$`), 'on the node\'s document');
    assert.ok(diagnostic.message.includes('engine reload failed: exit status 1'), `the job's own error: ${diagnostic.message}`);
    assert.equal(findingsOf(NAMES.north, 'applyFailed').length, 0, 'only on its own panel');
  });

  it('shows a hostile label as one line of text', async () => {
    const [[, node]] = findingsOf(NAMES.south, 'nodeOffline');
    assert.ok(node.message.includes('<img src=x onerror=alert(1)> [run](command:panelOps.signOut)'), node.message);
    assert.doesNotMatch(node.message, /[\n\u202e]/);
    const [[uri, alert]] = findingsOf(NAMES.south, 'alertUnresolved');
    const titles = (await actionsAt(uri, alert)).map((action) => action.title);
    assert.ok(titles.some((title) => title.includes('<img src=x onerror=alert(1)> [run](command:panelOps.signOut)')), titles.join(' | '));
    assert.ok(titles.every((title) => !/[\n\u202e]/.test(title)), titles.join(' | '));
  });

  it('offers a read-only panel only the fixes that read, and sends nothing', async () => {
    south.resetRequests();
    const [[alertUri, alert]] = findingsOf(NAMES.south, 'alertUnresolved');
    assert.deepEqual((await actionsAt(alertUri, alert)).map((action) => action.command?.command), ['panelOps.todo.ignore']);
    const [[nodeUri, node]] = findingsOf(NAMES.south, 'nodeUnapplied');
    assert.deepEqual((await actionsAt(nodeUri, node)).map((action) => action.command?.command), ['panelOps.todo.showLogs', 'panelOps.todo.openSshTerminal', 'panelOps.todo.ignore']);
    const [[northUri, northNode]] = findingsOf(NAMES.north, 'nodeUnapplied');
    assert.deepEqual((await actionsAt(northUri, northNode)).map((action) => action.command?.command), ['panelOps.todo.applyConfiguration', 'panelOps.todo.showLogs', 'panelOps.todo.openSshTerminal', 'panelOps.todo.ignore'], 'an open panel is offered Apply');
    assert.deepEqual(south.requests.filter((request) => request.method !== 'GET'), []);
  });

  it('Resolve Alert sends exactly its resolve, and the finding goes with the panel\'s answer', async () => {
    const [[uri, diagnostic]] = findingsOf(NAMES.north, 'alertUnresolved');
    const resolve = (await actionsAt(uri, diagnostic)).find((action) => action.command?.command === 'panelOps.todo.resolveAlert');
    assert.ok(resolve?.command, 'Resolve Alert is offered');
    assert.equal(resolve.title, 'Resolve Alert "Disk full on north"');
    north.resetRequests();
    south.resetRequests();
    await vscode.commands.executeCommand(resolve.command.command, ...(resolve.command.arguments ?? []));
    assert.deepEqual(north.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`), [`POST /api/v1/alerts/${ALERT_ID}/resolve`]);
    assert.deepEqual(south.requests.filter((request) => request.method !== 'GET'), [], 'nothing to the other panel');
    assert.equal(north.data.alerts.find((alert) => alert.id === ALERT_ID)?.resolved, true);
    await read(north);
    await eventually(() => findingsOf(NAMES.north, 'alertUnresolved').length === 0, 'the resolved alert leaves the list');
    const document = await vscode.workspace.openTextDocument(uri);
    await eventually(() => (JSON.parse(document.getText()) as { resolved?: unknown }).resolved === true, 'its open document shows it resolved');
    assert.equal(findingsOf(NAMES.south, 'alertUnresolved').length, 1, 'the other panel\'s alert stays');
  });

  it('a threshold changes the list', async () => {
    const settings = () => vscode.workspace.getConfiguration('panelOps.todo');
    await settings().update('unappliedHours', 6, vscode.ConfigurationTarget.Global);
    await eventually(() => findingsOf(NAMES.north, 'nodeUnapplied').length === 0 && findingsOf(NAMES.south, 'nodeUnapplied').length === 0, 'nodes applied 5 hours ago are under 6 hours');
    await settings().update('unappliedHours', 4, vscode.ConfigurationTarget.Global);
    await eventually(() => findingsOf(NAMES.north, 'nodeUnapplied').length === 1 && findingsOf(NAMES.south, 'nodeUnapplied').length === 1, 'and over 4 hours');
    await settings().update('nodeOffline', false, vscode.ConfigurationTarget.Global);
    try {
      await eventually(() => todo().every(([, diagnostic]) => kindOf(diagnostic) !== 'nodeOffline'), 'a kind turned off');
    } finally {
      await settings().update('nodeOffline', undefined, vscode.ConfigurationTarget.Global);
    }
    await eventually(() => findingsOf(NAMES.north, 'nodeOffline').length === 1, 'and on again');
    await settings().update('mutedPanels', [NAMES.south], vscode.ConfigurationTarget.Global);
    try {
      await eventually(() => todo().every(([, diagnostic]) => diagnostic.source !== `Panel Ops · ${NAMES.south}`), 'a muted panel lists nothing');
      assert.ok(findingsOf(NAMES.north, 'nodeOffline').length === 1, 'the other panel is not muted');
    } finally {
      await settings().update('mutedPanels', undefined, vscode.ConfigurationTarget.Global);
    }
    await eventually(() => findingsOf(NAMES.south, 'nodeOffline').length === 1, 'and listed again');
  });

  it('Ignore hides one finding of one panel; Show Fleet To-Do opens Problems', async () => {
    const [[uri, diagnostic]] = findingsOf(NAMES.south, 'nodeOffline');
    const ignore = (await actionsAt(uri, diagnostic)).find((action) => action.command?.command === 'panelOps.todo.ignore');
    assert.ok(ignore?.command);
    await vscode.commands.executeCommand(ignore.command.command, ...(ignore.command.arguments ?? []));
    await eventually(() => findingsOf(NAMES.south, 'nodeOffline').length === 0, 'the ignored finding is hidden');
    assert.equal(findingsOf(NAMES.north, 'nodeOffline').length, 1, 'the other panel\'s is not');
    api.input.clear();
    await vscode.commands.executeCommand('panelOps.showFleetToDo');
    assert.deepEqual(api.input.notices.filter((notice) => notice.severity === 'error').map((notice) => notice.message), []);
  });
});
