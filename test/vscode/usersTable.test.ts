// Users as a document (issue 20): open 200 users as a table, edit them as text, save (a plan, nothing
// sent), apply (re-read, conflicts skipped, bulk where the contract has it, a lost answer reconciled),
// then revert. Everything goes through the commands and the document, as an operator would.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { KeyRecord, NodeRecord } from '../panel/types';
import { allTabs, endEditorTest } from './editorSupport';
import { connectedPanelForActions, eventually, requestsTo, runOnWithAnswers, runWithAnswers, userGroup, type TestApi } from './support';
import type { SimulatedPanel } from '../panel';

const COUNT = 200;
const FUTURE = '2031-03-01T00:00:00.000Z';

/** The tab of a document. */
function tabOf(uri: vscode.Uri): vscode.Tab | undefined {
  return allTabs().find((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
}

/** Polls an async condition every 200 ms until it holds, failing after `ms`. */
async function within(ms: number, condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    assert.ok(Date.now() < deadline, `${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Users as a table: edit, plan, apply, revert', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Users table panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  let nodeA: NodeRecord;
  let nodeB: NodeRecord;
  let users: KeyRecord[];

  before(() => {
    ({ api, panel } = connected);
    const nodes = [...panel.data.nodes.values()];
    const unique = nodes.filter((node) => nodes.filter((other) => other.name === node.name).length === 1);
    [nodeA, nodeB] = unique;
    const template = [...panel.data.keys.values()][0];
    users = Array.from({ length: COUNT }, (_, i) => {
      const record: KeyRecord = {
        ...structuredClone(template),
        id: randomUUID(),
        label: `Tabular ${String(i + 1).padStart(3, '0')}`,
        note: null,
        owner_label: 'Table team',
        type: 'PERSONAL',
        status: 'active',
        expires_at: null,
        disabled_at: null,
        revoked_at: null,
        created_at: new Date(Date.now() - 86_400_000 - i * 1000).toISOString(),
        bindings: [{ node_id: nodeA.id, profile_sync: 'synced' }],
      };
      panel.data.keys.set(record.id, record);
      return record;
    });
    api.users.provider.setFilter({ q: 'Tabular' });
  });
  after(async () => {
    api.users.provider.setFilter({});
    await endEditorTest(api);
  });

  const held = (user: KeyRecord) => panel.data.keys.get(user.id);
  const mutations = () => panel.requests.filter((request) => request.method !== 'GET');
  const count = (method: string, path: RegExp) => panel.requests.filter((request) => request.method === method && path.test(request.path)).length;

  function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  }

  function documentNamed(name: string): vscode.TextDocument | undefined {
    return [...vscode.workspace.textDocuments].reverse().find((document) => document.uri.path.endsWith(`/${name}`));
  }

  /** A report by its heading (two reports have the same file name). */
  function reportHeaded(heading: RegExp): vscode.TextDocument | undefined {
    // The newest such report: an earlier test's may still be open.
    return vscode.workspace.textDocuments.filter((document) => document.uri.path.endsWith('/users-report.md') && heading.test(document.lineAt(0).text)).at(-1);
  }

  it('opens the filtered users, plans a save without sending anything, applies exactly the plan, and reverts it', async function () {
    this.timeout(120_000);
    // Open: Edit Users as Table on the current filter (the view's title), as CSV.
    panel.resetRequests();
    const uri = await runWithAnswers('panelOps.users.editAsTable') as vscode.Uri;
    assert.ok(uri instanceof vscode.Uri && uri.scheme === 'panelops', String(uri));
    assert.equal(tabOf(uri)?.label, 'Users — filtered.csv', 'the tab says what the table holds, with no internal id');
    await eventually(() => (openDocument(uri)?.lineCount ?? 0) >= COUNT + 1, 'every row is in the document');
    const document = openDocument(uri) as vscode.TextDocument;
    const header = document.lineAt(0).text;
    assert.equal(header, 'id,label,note,owner,type,expiry,enabled,nodes');
    assert.ok(!/secret|tg:|https?:\/\//i.test(document.getText()), 'no secrets or links in the table');
    const lines = document.getText().split('\n').filter((line) => line !== '');
    assert.equal(lines.length, COUNT + 1);
    const byLabel = new Map(lines.slice(1).map((line) => [line.split(',')[1], line]));
    const row = (i: number) => byLabel.get(users[i].label) as string;
    const withField = (line: string, column: number, value: string) => line.split(',').map((field, index) => (index === column ? value : field)).join(',');

    // Edit: 50 expiries, 10 disabled, 5 rebound, 1 deleted, 3 added, and 2 invalid rows.
    const edited: string[] = [header];
    for (let i = 0; i < COUNT; i++) {
      // The panel lists the newest first: the last ten added are on the active group's first page.
      if (i >= COUNT - 10) edited.push(withField(row(i), 6, 'false'));
      else if (i < 10) edited.push(row(i));
      else if (i < 60) edited.push(withField(row(i), 5, FUTURE));
      else if (i < 65) edited.push(withField(row(i), 7, nodeB.name));
      else if (i === 65) continue;
      else if (i === 66) edited.push(withField(row(i), 7, 'no-such-node'));
      else if (i === 67) edited.push(withField(row(i), 5, '2020-01-01T00:00:00Z'));
      else edited.push(row(i));
    }
    for (let n = 1; n <= 3; n++) edited.push(`,Tabular new ${n},,Table team,SHARED,,true,${nodeA.name}`);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), `${edited.join('\n')}\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));

    // Save: the plan opens beside, the invalid rows are Problems, and nothing is sent.
    panel.resetRequests();
    assert.ok(await document.save(), 'a table that reads is saved (the plan is its result)');
    assert.equal(document.isDirty, false);
    assert.deepEqual(mutations().map((request) => `${request.method} ${request.path}`), [], 'saving sends nothing');
    await eventually(() => documentNamed('users-plan.diff') !== undefined, 'the plan opened');
    const plan = (documentNamed('users-plan.diff') as vscode.TextDocument).getText();
    assert.match(plan, /create 3 · update 50 \(expiry 50\) · disable 10 · enable 0 · delete 1 · node bindings 10 \(\+5 −5\)/);
    assert.match(plan, /2 rows are invalid/);
    const problems = vscode.languages.getDiagnostics(uri);
    assert.equal(problems.length, 2, JSON.stringify(problems.map((problem) => problem.message)));
    assert.ok(problems.some((problem) => /no-such-node/.test(problem.message) && document.lineAt(problem.range.start.line).text.includes(users[66].label)));
    assert.ok(problems.some((problem) => /not in the future/.test(problem.message) && document.lineAt(problem.range.start.line).text.includes(users[67].label)));

    // Meanwhile: someone changes a user on the panel (one whose expiry the table changes), and the answer to
    // the create will be lost.
    const conflicting = held(users[10]) as KeyRecord;
    conflicting.note = 'changed in the web UI';
    // The answer of the first import the panel takes is lost (a body another reading refuses first is answered).
    panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'POST', path: '/keys/import' } });
    panel.resetRequests();
    const activeIds = async () => (((await api.users.provider.getChildren(await userGroup(api, 'active'))) ?? []) as unknown as { user?: { id: string } }[]).map((item) => item.user?.id);
    await within(15_000, async () => (await activeIds()).includes(users[COUNT - 1].id), 'the active group shows the users to disable before the apply');
    panel.resetRequests();

    // Apply (the plan's Apply Plan, with the deletion confirmed).
    const planUri = (documentNamed('users-plan.diff') as vscode.TextDocument).uri;
    await runOnWithAnswers('panelOps.users.applyPlan', [planUri], 'Delete 1 User');
    assert.equal(count('PATCH', /\/keys\/[^/]+$/), 49, 'one PATCH per expiry, the conflict skipped');
    const third = panel.readings.of('POST /keys/import') === 'third';
    if (!third) {
      assert.equal(count('POST', /\/keys\/bulk$/), 2, 'disable and delete in bulk');
      assert.equal(count('POST', /\/keys\/import$/), 1, 'the three creates (one set of nodes) in one request, sent once');
    } else {
      // A panel that takes node_ids only in each user and another bulk body: each guess refused once (a 400
      // changes nothing), then the import in its body (sent once, its answer lost) and each user's own route.
      assert.deepEqual(requestsTo(panel, '/keys/import').map((request) => request.status), [400, undefined]);
      assert.deepEqual(requestsTo(panel, '/keys/bulk').map((request) => request.status), [400]);
      assert.equal(count('POST', /\/keys\/[^/]+\/disable$/), 10);
      assert.equal(count('DELETE', /\/keys\/[0-9a-f-]{36}$/), 1);
    }
    assert.equal(count('POST', /\/keys\/batch$/), 0);
    assert.equal(count('POST', /\/keys$/), 0);
    assert.equal(count('POST', /\/keys\/[^/]+\/bindings$/), 5);
    assert.equal(count('DELETE', /\/keys\/[^/]+\/bindings\//), 5);
    if (!third) assert.equal(count('DELETE', /\/keys\/[^/]+$/), 0);
    assert.equal(count('GET', /\/keys\/[0-9a-f-]{36}$/), 0, 're-read by listing the filter, not one user at a time');

    assert.equal(held(users[10])?.expires_at, null, 'the conflict is not overwritten');
    assert.equal(held(users[10])?.note, 'changed in the web UI');
    for (const user of users.slice(11, 60)) assert.equal(held(user)?.expires_at, FUTURE, user.label);
    for (const user of users.slice(COUNT - 10)) assert.ok(held(user)?.disabled_at, user.label);
    for (const user of users.slice(60, 65)) assert.deepEqual(held(user)?.bindings.map((binding) => binding.node_id), [nodeB.id], user.label);
    assert.equal(held(users[65]), undefined, 'the deleted row\'s user is deleted');
    assert.deepEqual(held(users[66])?.bindings.map((binding) => binding.node_id), [nodeA.id], 'nothing sent for an invalid row');
    assert.equal(held(users[67])?.expires_at, null, 'nothing sent for an invalid row');
    for (let n = 1; n <= 3; n++) assert.equal([...panel.data.keys.values()].filter((key) => key.label === `Tabular new ${n}`).length, 1, `Tabular new ${n} made once`);

    await eventually(() => documentNamed('users-report.md') !== undefined, 'the report opened');
    const report = (documentNamed('users-report.md') as vscode.TextDocument).getText();
    assert.match(report, /skipped: changed on the panel since the table was read \(1\)/);
    // The conflict says what changed on the panel, with the panel's value.
    assert.ok(report.split('\n').some((line) => line.includes(`update "${users[10].label}"`) && line.endsWith('— on the panel now: note (none) → "changed in the web UI"')), report);
    assert.match(report, /reconciled \(3\)/);
    if (third) assert.match(report, /^# The panel does not take node_ids beside the users of an import; sending each user's nodes with the user instead\. The panel said: "400 unknown field: node_ids[^"]*"\.$/m);
    assert.match(report, /applied \(65\)/);
    // One notice says how it ended and offers to apply the rebound nodes (two would cover each other).
    const told = api.input.notices.filter((notice) => /^Users plan applied: |bindings of \d+ nodes? changed/.test(notice.message));
    assert.equal(told.length, 1, JSON.stringify(told));
    assert.match(told[0].message, /^Users plan applied: .*\. The bindings of 2 nodes changed: apply their configuration now\?$/);

    // The Users view follows the answers: the ten disabled users leave the (loaded) active group.
    const disabledIds = new Set(users.slice(COUNT - 10).map((user) => user.id));
    await within(15_000, async () => !(await activeIds()).some((id) => id !== undefined && disabledIds.has(id)), 'the disabled users left the active group');

    // Revert: its own plan first, then back to what the panel held; the created users deleted on request.
    panel.resetRequests();
    await runWithAnswers('panelOps.users.revertLastPlan', 'Revert', 'Delete 3 Users');
    const revertPlan = documentNamed('users-revert-plan.diff')?.getText() ?? '';
    assert.match(revertPlan, /update 49 \(expiry 49\) · disable 0 · enable 10 · delete 3 · node bindings 10/);
    assert.match(revertPlan, /1 user the plan deleted is gone/);
    // It speaks as a revert: the users the last plan created, no lines of a document it does not have, no
    // command to run (its own dialog sends it), and the time of the plan as the display language writes it.
    assert.equal(revertPlan.split('\n').filter((line) => line === '- created by the last plan; reverting deletes it').length, 3, revertPlan);
    assert.match(revertPlan, /^# 3 users the last plan created are still on the panel: you are asked whether to delete them when you revert\.$/m);
    assert.match(revertPlan, /^@@ revert "Tabular 012" \(/m);
    assert.doesNotMatch(revertPlan, /\bline \d|Apply Plan|the row was deleted/);
    const heading = revertPlan.split('\n')[0];
    assert.match(heading, /^# Revert of the users plan applied /);
    assert.doesNotMatch(heading, /\d{4}-\d{2}-\d{2}T/, 'not a raw ISO time');
    assert.ok(heading.includes(String(new Date().getFullYear())), heading);
    await eventually(() => reportHeaded(/^# Result of the revert of the users plan applied /) !== undefined, 'the revert\'s report opened');
    const revertReport = (reportHeaded(/^# Result of the revert/) as vscode.TextDocument).getText();
    assert.match(revertReport, /^- revert "Tabular 012" \(/m);
    assert.doesNotMatch(revertReport, /\bline \d/);
    assert.doesNotMatch(revertReport.split('\n')[0], /\d{4}-\d{2}-\d{2}T/);
    assert.ok(api.input.notices.some((notice) => /^Last users plan reverted: /.test(notice.message)));
    for (const user of [...users.slice(11, 65), ...users.slice(COUNT - 10)]) {
      const now = held(user) as KeyRecord;
      assert.equal(now.expires_at, null, user.label);
      assert.equal(now.disabled_at, null, user.label);
      assert.deepEqual(now.bindings.map((binding) => binding.node_id), [nodeA.id], user.label);
    }
    assert.equal([...panel.data.keys.values()].filter((key) => key.label.startsWith('Tabular new')).length, 0);
    assert.equal(held(users[10])?.note, 'changed in the web UI', 'revert leaves what it did not change');
  });
});

describe('Users as a table: where it opens, the JSON variant, and a save that is not a table', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Users table entry points' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  afterEach(async () => {
    await vscode.workspace.getConfiguration('panelOps').update('usersTable.format', undefined, vscode.ConfigurationTarget.Global);
    await endEditorTest(api);
  });

  const rowsOf = (uri: vscode.Uri) => (vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString())?.getText() ?? '').split('\n').filter((line) => line !== '').slice(1);

  it('on a state group: its users, under the filter, in a tab named by words; a second table of the group is numbered', async () => {
    const group = await userGroup(api, 'disabled');
    const uri = await runOnWithAnswers('panelOps.users.editAsTable', [group]) as vscode.Uri;
    const disabled = [...panel.data.keys.values()].filter((key) => key.disabled_at !== null && key.status !== 'revoked' && !(key.expires_at && Date.parse(key.expires_at) < Date.now()));
    await eventually(() => rowsOf(uri).length === disabled.length, `the ${disabled.length} disabled users`);
    for (const key of disabled) assert.ok(rowsOf(uri).some((row) => row.startsWith(key.id)), key.label);
    assert.equal(tabOf(uri)?.label, 'Users — disabled.csv');
    const second = await runOnWithAnswers('panelOps.users.editAsTable', [group]) as vscode.Uri;
    assert.notEqual(second.toString(), uri.toString(), 'two tables, two documents');
    assert.equal(tabOf(second)?.label, 'Users — disabled (2).csv');
    await eventually(() => rowsOf(second).length === disabled.length, 'the second table holds the same users');
    assert.equal(rowsOf(uri).length, disabled.length, 'the first keeps its rows');
  });

  it('on a node\'s users, as JSON: the users bound to that node', async () => {
    await vscode.workspace.getConfiguration('panelOps').update('usersTable.format', 'json', vscode.ConfigurationTarget.Global);
    const node = [...panel.data.nodes.values()].find((candidate) => [...panel.data.keys.values()].some((key) => key.bindings.some((binding) => binding.node_id === candidate.id)));
    assert.ok(node);
    const section = (await api.nodes.provider.getChildren(await (async () => {
      const items = (await api.nodes.provider.getChildren()) ?? [];
      return items.find((item) => (typeof item.label === 'string' ? item.label : item.label?.label) === node.name);
    })())) ?? [];
    const users = section.find((item) => item.contextValue === 'nodeSection.users');
    assert.ok(users, 'the node\'s Users section');
    const uri = await runOnWithAnswers('panelOps.users.editAsTable', [users]) as vscode.Uri;
    assert.ok(uri.path.endsWith('.json'), uri.path);
    const bound = [...panel.data.keys.values()].filter((key) => key.bindings.some((binding) => binding.node_id === node.id));
    await eventually(() => {
      const text = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString())?.getText() ?? '';
      try {
        return (JSON.parse(text) as unknown[]).length === bound.length;
      } catch {
        return false;
      }
    }, `the ${bound.length} users of ${node.name}`);
  });

  it('on a selection of users; a save that is not a table stays unsaved with the reason in Problems, and sends nothing', async () => {
    const group = await userGroup(api, 'active');
    const items = ((await api.users.provider.getChildren(group)) ?? []).filter((item) => /^user\./.test(item.contextValue ?? '')).slice(0, 3);
    assert.equal(items.length, 3);
    const uri = await runOnWithAnswers('panelOps.users.editAsTable', [items[0], items]) as vscode.Uri;
    await eventually(() => rowsOf(uri).length === 3, 'the three selected users');
    const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString()) as vscode.TextDocument;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(2, 0), '"broken,quote\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    panel.resetRequests();
    const saved = await document.save();
    assert.equal(saved, false, 'the save is refused');
    assert.equal(document.isDirty, true);
    await eventually(() => vscode.languages.getDiagnostics(uri).length > 0, 'the reason is in Problems');
    // The table reader gives a reason (unclosedQuote at line 3); Problems shows it in the operator's words
    // (vscode.l10n.t, English here), at the line the broken value starts on.
    assert.deepEqual(vscode.languages.getDiagnostics(uri).map((problem) => [problem.range.start.line, problem.message]),
      [[2, 'A quoted value that starts on line 3 is not closed: a closing " is missing.']]);
    assert.equal(panel.requests.filter((request) => request.method !== 'GET').length, 0);
  });
});

describe('Users as a table: the first rows show while the rest is read', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Users table latency' }, panel: { latencyMs: 150 } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => {
    ({ api, panel } = connected);
    const template = [...panel.data.keys.values()][0];
    for (let i = 0; i < 1000; i++) {
      const id = randomUUID();
      panel.data.keys.set(id, { ...structuredClone(template), id, label: `Slow ${i}`, status: 'active', disabled_at: null, revoked_at: null, expires_at: null });
    }
  });
  after(() => endEditorTest(api));

  it('opens with the first page, read-only until the last row is in', async function () {
    this.timeout(60_000);
    const seen: { rows: number; readOnly: boolean }[] = [];
    const watching = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.scheme !== 'panelops' || !event.document.uri.path.startsWith('/users/')) return;
      const rows = event.document.lineCount - 2;
      void vscode.workspace.fs.stat(event.document.uri).then((stat) => seen.push({ rows, readOnly: stat.permissions === vscode.FilePermission.Readonly }));
    });
    try {
      const uri = await runWithAnswers('panelOps.users.editAsTable') as vscode.Uri;
      const total = panel.data.keys.size;
      const document = vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString());
      // (A demo label holds a line break, so a few users take two lines.)
      await eventually(() => (document?.lineCount ?? 0) - 2 >= total, 'every row in the end').catch((error: unknown) => {
        throw new Error(`${String(error)}: ${document?.lineCount} lines for ${total} users; seen ${JSON.stringify(seen)}`);
      });
      assert.ok(seen.some((entry) => entry.rows > 0 && entry.rows < total && entry.readOnly), `rows shown, read-only, before the last page: ${JSON.stringify(seen)}`);
      assert.equal((await vscode.workspace.fs.stat(uri)).permissions, undefined, 'writable once complete');
    } finally {
      watching.dispose();
    }
  });
});
