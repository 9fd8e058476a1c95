// The fault matrix: every fault kind of the simulated panel against each kind of action, inside a real
// VS Code. For each pair: was the action recovered (on its own, or by the user after being told), was the
// user told clearly (one plain line, no stack, no token), were duplicates created or edits lost, did a
// command crash. Prints the table at the end; duplicates, lost edits and crashes must be 0.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FaultMatch, SimulatedPanel } from '../panel';
import { startPanel } from '../panel';
import { panelAuthority, templateFilePath } from '../../src/editors/panelPaths';
import { FAULT_KINDS, type FaultKind } from './faultKinds';
import { children, connect, labelOf, signOut, testApi, userItems, type TestApi } from './support';

interface Attempt {
  /** The action did what it was asked (possibly after the client's own retries). */
  readonly ok: boolean;
  /** What the user was shown about it: notification texts, error items' labels and tooltips. */
  readonly told: readonly string[];
}

interface ActionCase {
  readonly name: string;
  /** The request the fault aims at. */
  readonly match: FaultMatch;
  /** Finds what to act on, before the fault is armed (as the user sees it before acting). */
  prepare?(): Promise<void>;
  attempt(): Promise<Attempt>;
  /** With the faults cleared: gets to the intended state as a user would (retry, refresh); true when reached. */
  recover(): Promise<boolean>;
  /** Objects created more than once (0 unless the action creates). */
  duplicates?(): number;
  /** Edits the user lost (0 unless the action saves a document). */
  editsLost?(): number;
  /** Puts the panel back for the next fault. */
  cleanUp?(): Promise<void>;
}

interface Row {
  action: string;
  fault: string;
  recovered: boolean;
  told: boolean;
  duplicates: number;
  editsLost: number;
  crashed: boolean;
}

let api: TestApi;
let panel: SimulatedPanel;
let token: string;

/** One plain line a user can act on: not empty, no line break, no stack frame, no token, not huge. */
function isClear(message: string): boolean {
  return message.trim().length > 0 && message.length <= 1000 && !/[\r\n]/.test(message) && !/\s+at\s+\S+\s+\(/.test(message)
    && !message.includes('[object') && !message.includes(token);
}

function errorTexts(items: readonly vscode.TreeItem[]): string[] {
  return items
    .filter((item) => ['error', 'missingScope', 'tokenRejected'].includes(item.contextValue ?? ''))
    .flatMap((item) => [labelOf(item), typeof item.tooltip === 'string' ? item.tooltip : item.tooltip?.value ?? '']);
}

/** A read: the view's top level (re)loads. */
function viewRead(name: string, path: string, parts: () => { provider: vscode.TreeDataProvider<vscode.TreeItem> & { refresh?(): unknown } }): ActionCase {
  const load = async (): Promise<Attempt> => {
    const view = parts();
    if (view.provider.refresh) await view.provider.refresh();
    if (name === 'Alerts view') await api.alertsStore.refresh();
    const items = (await view.provider.getChildren()) ?? [];
    const told = errorTexts(items);
    return { ok: told.length === 0 && items.length > 0, told };
  };
  return { name, match: { method: 'GET', path }, attempt: load, recover: async () => (await load()).ok };
}

async function activeUser(): Promise<vscode.TreeItem & { user: { id: string } }> {
  void api.users.provider.refresh();
  const active = (await children(api.users)).find((item) => labelOf(item) === 'active');
  assert.ok(active);
  const user = userItems(await children(api.users, active))[0] as vscode.TreeItem & { user: { id: string } };
  assert.ok(user, 'an active user');
  return user;
}

/** A mutation on a user: Disable User, then Enable to put it back. */
function disableUser(): ActionCase {
  let id = '';
  let user: vscode.TreeItem & { user: { id: string } };
  const disabled = () => (panel.data.keys.get(id)?.disabled_at ?? null) !== null;
  return {
    name: 'user disable',
    match: { method: 'POST', path: /\/keys\/[^/]+\/disable$/ },
    prepare: async () => {
      user = await activeUser();
      id = user.user.id;
    },
    attempt: async () => {
      api.input.clear();
      await vscode.commands.executeCommand('panelOps.users.disable', user);
      return { ok: disabled() && user.contextValue === 'user.disabled', told: api.input.notices.map((notice) => notice.message) };
    },
    recover: async () => {
      if (!disabled()) await vscode.commands.executeCommand('panelOps.users.disable', await activeUser());
      return disabled();
    },
    cleanUp: async () => {
      const record = panel.data.keys.get(id);
      if (record) record.disabled_at = null;
      void api.users.provider.refresh();
    },
  };
}

/** Waits up to `ms` for `condition` (a slow panel may still apply a change whose answer timed out). */
async function eventually(condition: () => boolean, ms = 3000): Promise<boolean> {
  for (let waited = 0; waited < ms && !condition(); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return condition();
}

let created = 0;

/** Create User through its wizard; a lost answer must leave exactly one user, never a second. */
function createUser(): ActionCase {
  const label = `matrix-user-${++created}`;
  const count = () => [...panel.data.keys.values()].filter((key) => key.label === label).length;
  const create = async () => {
    api.input.clear();
    api.input.queue(label, 'PERSONAL', ['fra-2'], 'No expiry');
    await vscode.commands.executeCommand('panelOps.users.create');
    const told = api.input.notices.map((notice) => notice.message);
    api.input.clear(); // answers the wizard did not reach (the node list failed) are dropped
    return told;
  };
  return {
    name: 'user create',
    match: { method: 'POST', path: '/keys' },
    attempt: async () => {
      const told = await create();
      return { ok: count() === 1, told };
    },
    recover: async () => {
      if (!(await eventually(() => count() > 0))) await create();
      return count() === 1;
    },
    duplicates: () => Math.max(0, count() - 1),
  };
}

/** Rotate Secret on an active user: never a silent second rotation. */
function rotateSecret(): ActionCase {
  let user: vscode.TreeItem & { user: { id: string } };
  let before = '';
  const rotations = () => panel.data.audit.filter((entry) => entry.action === 'keys.rotate' && entry.target.id === user.user.id).length;
  let rotationsBefore = 0;
  const rotated = () => panel.data.keys.get(user.user.id)?.secret !== before;
  const rotate = async (item: vscode.TreeItem) => {
    api.input.clear();
    api.input.queue('Rotate Secret');
    await vscode.commands.executeCommand('panelOps.users.rotate', item);
    const told = api.input.notices.map((notice) => notice.message);
    api.input.clear();
    return told;
  };
  return {
    name: 'user rotate',
    match: { method: 'POST', path: /\/keys\/[^/]+\/rotate$/ },
    prepare: async () => {
      user = await activeUser();
      before = panel.data.keys.get(user.user.id)?.secret ?? '';
      rotationsBefore = rotations();
    },
    attempt: async () => {
      const told = await rotate(user);
      return { ok: rotated(), told };
    },
    recover: async () => {
      if (!(await eventually(rotated))) await rotate(await activeUser());
      return rotated();
    },
    duplicates: () => Math.max(0, rotations() - rotationsBefore - 1),
  };
}

/** Disabling a selection of two users with one POST /keys/bulk, then enabling them again. */
function bulkDisable(): ActionCase {
  let users: (vscode.TreeItem & { user: { id: string } })[] = [];
  const allDisabled = () => users.every((user) => (panel.data.keys.get(user.user.id)?.disabled_at ?? null) !== null);
  const selection = async () => {
    void api.users.provider.refresh();
    const active = (await children(api.users)).find((item) => labelOf(item) === 'active');
    assert.ok(active);
    return userItems(await children(api.users, active)).slice(0, 2) as (vscode.TreeItem & { user: { id: string } })[];
  };
  return {
    name: 'bulk disable',
    match: { method: 'POST', path: '/keys/bulk' },
    prepare: async () => {
      users = await selection();
      assert.equal(users.length, 2);
    },
    attempt: async () => {
      api.input.clear();
      await vscode.commands.executeCommand('panelOps.users.disable', users[0], users);
      return { ok: allDisabled(), told: api.input.notices.map((notice) => notice.message) };
    },
    recover: async () => {
      if (!(await eventually(allDisabled))) {
        const again = (await selection()).filter((item) => users.some((user) => user.user.id === item.user.id));
        if (again.length > 0) await vscode.commands.executeCommand('panelOps.users.disable', again[0], again);
      }
      return allDisabled();
    },
    cleanUp: async () => {
      for (const user of users) {
        const record = panel.data.keys.get(user.user.id);
        if (record) record.disabled_at = null;
      }
      void api.users.provider.refresh();
    },
  };
}

/** Resolving one alert. */
function resolveAlert(): ActionCase {
  let title = '';
  let item: vscode.TreeItem | undefined;
  const resolvedOnPanel = () => [...panel.data.alerts.values()].some((alert) => alert.title === title && alert.resolved);
  const unresolvedItem = async () => {
    await api.alertsStore.refresh();
    return (await children(api.alerts)).find((item) => /^alert\.unresolved\b/.test(item.contextValue ?? '') && (!title || labelOf(item) === title));
  };
  return {
    name: 'alert resolve',
    match: { method: 'POST', path: /\/alerts\/[^/]+\/resolve$/ },
    prepare: async () => {
      title = '';
      item = await unresolvedItem();
      assert.ok(item, 'an unresolved alert');
      title = labelOf(item);
    },
    attempt: async () => {
      api.input.clear();
      await vscode.commands.executeCommand('panelOps.alerts.resolve', item);
      return { ok: resolvedOnPanel(), told: api.input.notices.map((notice) => notice.message) };
    },
    recover: async () => {
      if (!resolvedOnPanel()) {
        const item = await unresolvedItem();
        if (item) await vscode.commands.executeCommand('panelOps.alerts.resolve', item);
      }
      return resolvedOnPanel();
    },
    cleanUp: async () => {
      for (const alert of panel.data.alerts.values()) if (alert.title === title) { alert.resolved = false; alert.resolved_at = null; }
      await api.alertsStore.refresh();
    },
  };
}

/**
 * Saving an open site template (a PUT with the version it was read at). Recovery is what a user does:
 * save again; after a save that landed late the conflict shows the panel already holds the text.
 */
function saveTemplate(): ActionCase {
  let templateId = '';
  let intended = '';
  let document: vscode.TextDocument | undefined;
  let refusals: string[] = [];
  const onPanel = () => panel.data.siteTemplates.get(templateId)?.html;
  const saveOnce = async () => {
    assert.ok(document);
    const settled = new Promise<void>((resolve) => {
      const timer = setTimeout(() => { subscription.dispose(); resolve(); }, 5000);
      const subscription = api.editors.conflicts.onDidSettle(() => { clearTimeout(timer); subscription.dispose(); resolve(); });
    });
    if (await document.save()) return;
    await settled; // a 409 is handled after the save returns
  };
  return {
    name: 'template save',
    match: { method: 'PUT', path: /\/site-templates\/[^/]+$/ },
    prepare: async () => {
      const template = [...panel.data.siteTemplates.values()].find((candidate) => candidate.name === 'Fault matrix template');
      assert.ok(template, 'the matrix template');
      templateId = template.id;
      const editor = await vscode.window.showTextDocument(templateFileUri(template.id), { preview: false });
      document = editor.document;
      intended = `<!doctype html><html><head><title>Matrix</title></head><body><p>edit ${Date.now()}</p></body></html>\n`;
      await editor.edit((builder) => builder.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), intended));
      refusals = [];
    },
    attempt: async () => {
      api.input.clear();
      const subscription = api.editors.fileSystem.onDidRefuseSave(({ message }) => refusals.push(message));
      try {
        assert.ok(document);
        const saved = await document.save();
        return { ok: saved && onPanel() === intended, told: [...refusals, ...api.input.notices.map((notice) => notice.message)] };
      } finally {
        subscription.dispose();
      }
    },
    recover: async () => {
      for (let tries = 0; tries < 3 && document?.isDirty; tries++) await saveOnce();
      return onPanel() === intended && document?.isDirty === false;
    },
    editsLost: () => (onPanel() !== intended && document?.getText() !== intended ? 1 : 0),
    cleanUp: async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    },
  };
}

/** The URI of a matrix template's index.html on the matrix panel. */
function templateFileUri(templateId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: 'panelops', authority: panelAuthority(panel.url), path: templateFilePath('Fault matrix template', templateId, 'index.html') });
}

/**
 * Apply Configuration on a node made dirty: the apply is watched until it lands. Recovery is what a
 * careful operator does: look at the node's recent jobs, wait for an apply that is there, else apply again.
 */
function applyNode(): ActionCase {
  let item: vscode.TreeItem | undefined;
  let since = '';
  const record = () => [...panel.data.nodes.values()].find((node) => node.name === 'ams-1');
  const newJobs = () => panel.data.jobs.filter((job) => job.node_id === record()?.id && job.queued_at >= since);
  const landed = () => record()?.dirty === false && newJobs().some((job) => job.status === 'ok');
  const settle = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (!landed() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  return {
    name: 'node apply',
    match: { method: 'POST', path: /\/nodes\/[^/]+\/apply$/ },
    prepare: async () => {
      const node = record();
      assert.ok(node);
      node.dirty = true;
      since = new Date().toISOString();
      await vscode.commands.executeCommand('panelOps.nodes.refresh');
      item = (await children(api.nodes)).find((candidate) => labelOf(candidate) === 'ams-1');
      assert.ok(item);
    },
    attempt: async () => {
      api.input.clear();
      const report = await vscode.commands.executeCommand<{ outcome: string }>('panelOps.nodes.apply', item);
      return { ok: report.outcome === 'ok' && item?.contextValue === 'node', told: api.input.notices.map((notice) => notice.message) };
    },
    recover: async () => {
      await settle(3_000);
      if (!landed() && newJobs().length === 0) await vscode.commands.executeCommand('panelOps.nodes.apply', item);
      await settle(5_000);
      return landed();
    },
    duplicates: () => Math.max(0, newJobs().length - 1),
  };
}

/** A 401 in the middle of the session: the token is revoked before the action; recovery is reconnecting. */
const TOKEN_REVOKED: FaultKind = {
  name: '401 mid-session',
  arm: (target) => target.revokeToken(token),
  disarm: async () => {
    token = panel.issueToken({ role: 'owner', scopes: ['nodes:read', 'nodes:write', 'users:read', 'users:write', 'monitoring:read', 'monitoring:write', 'sites:read', 'sites:write'] }).secret;
    await connect(panel, token, { name: 'Fault matrix' });
  },
};

async function runCase(action: ActionCase, fault: FaultKind): Promise<Row> {
  const row: Row = { action: action.name, fault: fault.name, recovered: false, told: false, duplicates: 0, editsLost: 0, crashed: false };
  let attempt: Attempt = { ok: false, told: [] };
  await action.prepare?.();
  try {
    await fault.arm(panel, action.match, 3);
    attempt = await action.attempt();
  } catch (error) {
    row.crashed = true;
    attempt = { ok: false, told: [String(error)] };
  } finally {
    panel.clearFaults();
    await fault.disarm?.();
  }
  row.told = attempt.ok ? attempt.told.every(isClear) : attempt.told.length > 0 && attempt.told.every(isClear);
  try {
    row.recovered = attempt.ok || (await action.recover());
  } catch {
    row.crashed = true;
  }
  row.duplicates = action.duplicates?.() ?? 0;
  row.editsLost = action.editsLost?.() ?? 0;
  await action.cleanUp?.();
  return row;
}

function printTable(rows: readonly Row[]): void {
  const header = ['action', 'fault', 'recovered', 'told clearly', 'duplicates', 'edits lost', 'crashes'];
  const cells = rows.map((row) => [row.action, row.fault, row.recovered ? 'yes' : 'NO', row.told ? 'yes' : 'NO', String(row.duplicates), String(row.editsLost), row.crashed ? '1' : '0']);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column].length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
  const sum = (pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);
  console.log(['', 'Fault matrix', line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)].join('\n'));
  console.log(`tried ${rows.length}, recovered ${sum((row) => Number(row.recovered))}, told clearly ${sum((row) => Number(row.told))}, duplicates ${sum((row) => row.duplicates)}, edits lost ${sum((row) => row.editsLost)}, crashes ${sum((row) => Number(row.crashed))}`);
}

describe('Fault matrix: every fault kind against each kind of action', function () {
  this.timeout(600_000);
  const rows: Row[] = [];

  before(async () => {
    api = await testApi();
    panel = await startPanel({ dataset: 'demo', jobStepMs: 200 });
    await vscode.workspace.getConfiguration('panelOps').update('apply.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    token = panel.tokens.owner;
    await connect(panel, token, { name: 'Fault matrix' });
    const now = new Date().toISOString();
    const id = '0f0f0f0f-0000-4000-8000-000000000001';
    panel.data.siteTemplates.set(id, {
      id, name: 'Fault matrix template', description: '', html: '<!doctype html><html><head><title>Matrix</title></head><body></body></html>\n', css: '',
      variables: [], builtin: false, version: 1, created_at: now, updated_at: now, updated_by: 'owner',
    });
  });

  after(async () => {
    printTable(rows);
    await vscode.workspace.getConfiguration('panelOps').update('apply.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await signOut(panel);
    await panel.close();
  });

  const actions: (() => ActionCase)[] = [
    () => viewRead('Nodes view', '/nodes', () => api.nodes),
    () => viewRead('Users view', '/keys', () => api.users),
    () => viewRead('Alerts view', '/alerts', () => api.alerts),
    () => viewRead('Site templates view', '/site-templates', () => api.siteTemplates),
    disableUser,
    resolveAlert,
    createUser,
    rotateSecret,
    bulkDisable,
    saveTemplate,
    applyNode,
  ];

  for (const makeAction of actions) {
    const action = makeAction();
    it(`${action.name}: recovers or says why under every fault, with no duplicate, lost edit or crash`, async () => {
      for (const fault of [...FAULT_KINDS, TOKEN_REVOKED]) rows.push(await runCase(makeAction(), fault));
      const mine = rows.filter((row) => row.action === action.name);
      assert.deepEqual(mine.filter((row) => row.crashed || row.duplicates > 0 || row.editsLost > 0), [], 'no crash, duplicate or lost edit');
      assert.deepEqual(mine.filter((row) => !row.recovered).map((row) => row.fault), [], 'recovered after every fault');
      assert.deepEqual(mine.filter((row) => !row.told).map((row) => row.fault), [], 'told clearly after every fault');
    });
  }
});
