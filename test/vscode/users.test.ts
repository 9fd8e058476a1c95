// The Users view inside a real VS Code, against the simulated panel: six state groups with the panel's own
// counts, one page per group with Load more, the filter, hostile data, a read-only token, 20,000+ keys.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { KEY_STATES, type KeyState } from '../../src/api/types';
import type { KeyRecord, SimulatedPanel } from '../panel';
import { HOSTILE } from '../panel/datasets/demo';
import { deriveKeyState } from '../panel/keyState';
import { byContext, children, userItems, connectedPanel, labelOf, nextChange, requestsTo, runWithAnswers, tooltipText, type TestApi } from './support';

function expectedCounts(panel: SimulatedPanel, keep: (key: KeyRecord) => boolean = () => true): string[] {
  const now = Date.now();
  const keys = [...panel.data.keys.values()].filter(keep);
  // As the view writes a count in the display language (English in this suite): 20,000 with its separator.
  return KEY_STATES.map((state) => keys.filter((key) => deriveKeyState(key, now) === state).length.toLocaleString('en'));
}

/**
 * Waits until the panel has seen no request to `path` for `quietMs`: the tree may still be loading an
 * expanded group it re-rendered earlier, and such a late request belongs to that earlier refresh.
 */
async function settled(panel: SimulatedPanel, path: string, quietMs = 400): Promise<void> {
  let count = -1;
  while (count !== requestsTo(panel, path).length) {
    count = requestsTo(panel, path).length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

async function setPageSize(size: number | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('panelOps').update('users.pageSize', size, vscode.ConfigurationTarget.Global);
}

async function group(api: TestApi, state: KeyState): Promise<vscode.TreeItem> {
  const found = (await children(api.users)).find((item) => labelOf(item) === state);
  assert.ok(found, `group ${state}`);
  return found;
}

describe('Users view', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  afterEach(async () => {
    await vscode.commands.executeCommand('panelOps.users.clearFilter');
    await setPageSize(undefined);
  });

  it('shows the six state groups in order, each with the panel\'s count, from six one-item requests', async () => {
    panel.resetRequests();
    void api.users.provider.refresh();
    const groups = await children(api.users);
    assert.deepEqual(groups.map(labelOf), [...KEY_STATES]);
    assert.deepEqual(groups.map((item) => item.description), expectedCounts(panel));
    const counts = requestsTo(panel, '/keys');
    assert.equal(counts.length, 6);
    assert.deepEqual(counts.map((request) => request.query.state).sort(), [...KEY_STATES].sort());
    assert.ok(counts.every((request) => request.query.per_page === '1'));
  });

  it('opens a group with one page and appends exactly one more page on Load more', async () => {
    await setPageSize(3);
    void api.users.provider.refresh();
    const active = await group(api, 'active');
    assert.ok(Number(active.description) > 6, 'the demo data has more than two pages of active users');

    panel.resetRequests();
    const firstPage = await children(api.users, active);
    assert.equal(userItems(firstPage).length, 3);
    const loadMore = byContext(firstPage, 'loadMore');
    assert.equal(loadMore.length, 1, 'a Load more… node ends the page');
    assert.deepEqual(requestsTo(panel, '/keys').map((r) => [r.query.state, r.query.page, r.query.per_page]), [['active', '1', '3']]);

    panel.resetRequests();
    const changed = nextChange(api.users, (element) => element !== undefined && labelOf(element) === 'active');
    await vscode.commands.executeCommand('panelOps.loadMore', loadMore[0]);
    await changed;
    const twoPages = await children(api.users, active);
    const users = userItems(twoPages);
    assert.equal(users.length, 6);
    assert.deepEqual(users.slice(0, 3).map((item) => item.id), userItems(firstPage).map((item) => item.id), 'the first page stays in place');
    assert.equal(byContext(twoPages, 'loadMore').length, 1);
    assert.deepEqual(requestsTo(panel, '/keys').map((r) => [r.query.state, r.query.page, r.query.per_page]), [['active', '2', '3']]);
  });

  it('keeps loaded pages when another view refreshes, and a Users refresh starts over', async () => {
    await setPageSize(3);
    void api.users.provider.refresh();
    const active = await group(api, 'active');
    await children(api.users, active);
    const changed = nextChange(api.users, (element) => element !== undefined);
    await vscode.commands.executeCommand('panelOps.loadMore', byContext(await children(api.users, active), 'loadMore')[0]);
    await changed;
    await settled(panel, '/keys');

    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.nodes.refresh');
    await children(api.nodes);
    assert.equal(userItems(await children(api.users, active)).length, 6);
    assert.equal(requestsTo(panel, '/keys').length, 0, `no user request for a Nodes refresh: ${JSON.stringify(requestsTo(panel, '/keys'))}`);

    await vscode.commands.executeCommand('panelOps.users.refresh');
    const again = await group(api, 'active');
    assert.equal(userItems(await children(api.users, again)).length, 3);
  });

  it('filters every group, counts included, and says so in the view description', async () => {
    await runWithAnswers('panelOps.users.filter', 'Type', 'SHARED');
    assert.deepEqual((await children(api.users)).map((item) => item.description), expectedCounts(panel, (key) => key.type === 'SHARED'));
    assert.equal(api.users.view.description, 'SHARED');

    const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'sgp-6');
    assert.ok(node);
    panel.resetRequests();
    await runWithAnswers('panelOps.users.filter', 'Node', 'sgp-6');
    assert.deepEqual(
      (await children(api.users)).map((item) => item.description),
      expectedCounts(panel, (key) => key.type === 'SHARED' && key.bindings.some((binding) => binding.node_id === node.id)),
    );
    assert.equal(api.users.view.description, 'SHARED · node: sgp-6');
    assert.ok(requestsTo(panel, '/keys').every((r) => r.query.type === 'SHARED' && r.query.node === node.id));

    await runWithAnswers('panelOps.users.filter', 'Clear filter');
    await runWithAnswers('panelOps.users.filter', 'Text', 'Alice');
    assert.equal(api.users.view.description, 'q: Alice');
    const filtered = (await children(api.users)).map((item) => Number(item.description));
    assert.ok(filtered.reduce((a, b) => a + b, 0) < panel.data.keys.size, 'a text filter narrows the counts');

    await vscode.commands.executeCommand('panelOps.users.clearFilter');
    assert.match(api.users.view.description ?? '', /^Test panel( · |$)/, 'the panel name, then the summary once read');
    assert.deepEqual((await children(api.users)).map((item) => item.description), expectedCounts(panel));
  });

  it('reads the panel-wide /keys/summary figures only while no filter hides them', async () => {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await runWithAnswers('panelOps.users.filter', 'Type', 'SHARED');
    await children(api.users);
    await settle();
    panel.resetRequests();
    await runWithAnswers('panelOps.users.filter', 'Type', 'PERSONAL');
    await children(api.users);
    await settle();
    assert.ok(requestsTo(panel, '/keys').length > 0, 'the filtered groups were read');
    assert.equal(requestsTo(panel, '/keys/summary').length, 0, 'no figures read for a filtered view');

    await vscode.commands.executeCommand('panelOps.users.clearFilter');
    await children(api.users);
    for (let attempt = 0; attempt < 50 && requestsTo(panel, '/keys/summary').length === 0; attempt++) await settle();
    assert.equal(requestsTo(panel, '/keys/summary').length, 1, 'read again once the filter is cleared');
  });

  it('shows type, owner, expiry and presence, the bound nodes with their sync state, and no secrets', async () => {
    await setPageSize(200);
    void api.users.provider.refresh();
    const users = userItems(await children(api.users, await group(api, 'active')));
    const field = users.find((item) => labelOf(item) === 'Field engineers');
    assert.ok(field);
    assert.match(String(field.description), /^SHARED · owner: Operations · (no expiry|expires in .+)( · ● online.*)?$/);
    const record = [...panel.data.keys.values()].find((key) => key.label === 'Field engineers');
    assert.ok(record);
    for (const item of users) {
      const key = [...panel.data.keys.values()].find((candidate) => candidate.label === (item as unknown as { user: { label: string } }).user.label);
      assert.ok(key);
      const tooltip = tooltipText(item);
      assert.ok(!tooltip.includes(key.secret), 'no secret in a tooltip');
      if (key.subscription_short_url) assert.ok(!tooltip.includes(key.subscription_short_url), 'no subscription URL in a tooltip');
    }

    const bindings = await children(api.users, field);
    assert.equal(bindings.length, record.bindings.length);
    assert.ok(bindings.every((item) => item.contextValue === 'userBinding'));
    const names = record.bindings.map((binding) => panel.data.nodes.get(binding.node_id)?.name);
    assert.deepEqual(bindings.map(labelOf), names);
    assert.deepEqual(bindings.map((item) => String(item.description).split(' · ').pop()), record.bindings.map((b) => b.profile_sync));
  });

  it('shows hostile labels as plain text and escapes them in tooltips', async () => {
    await setPageSize(200);
    void api.users.provider.refresh();
    const all: vscode.TreeItem[] = [];
    for (const state of KEY_STATES) {
      const item = await group(api, state);
      if (item.description !== '0') all.push(...userItems(await children(api.users, item)));
    }
    const keyOf = (item: vscode.TreeItem) => (item as unknown as { user: { label: string } }).user.label;
    for (const hostile of [HOSTILE.html, HOSTILE.commandLink, HOSTILE.controlCharacters, HOSTILE.long, HOSTILE.rtl]) {
      const item = all.find((candidate) => keyOf(candidate) === hostile);
      assert.ok(item, `user labelled ${JSON.stringify(hostile.slice(0, 30))}`);
      const label = labelOf(item);
      assert.ok(label.length <= 80, 'labels are cut');
      assert.doesNotMatch(label, /[\u0000-\u001f\u202a-\u202e]/, 'no control or bidi override characters');
      const tooltip = item.tooltip as vscode.MarkdownString;
      assert.equal(tooltip.isTrusted, false);
      assert.equal(tooltip.supportHtml, false);
      assert.doesNotMatch(tooltip.value, /(^|[^\\])\[click\]\(command:/, 'command links are escaped');
      assert.doesNotMatch(tooltip.value, /(^|[^\\])<img/, 'HTML is escaped');
    }
    assert.equal(labelOf(all.find((candidate) => keyOf(candidate) === HOSTILE.html)!), HOSTILE.html, 'HTML shows literally in the label');
  });

  it('cancels the counts a filter change supersedes, and shows the filtered ones', async () => {
    panel.inject({ kind: 'latency', ms: 4000, match: { path: '/keys' }, times: 6 });
    void api.users.provider.refresh();
    const stale = Promise.resolve(children(api.users));
    await runWithAnswers('panelOps.users.filter', 'Type', 'PERSONAL');
    const started = Date.now();
    assert.deepEqual(await stale, [], 'the superseded load shows nothing');
    assert.ok(Date.now() - started < 2000, 'the superseded load ends at once instead of waiting for the slow answers');
    panel.clearFaults();
    assert.deepEqual((await children(api.users)).map((item) => item.description), expectedCounts(panel, (key) => key.type === 'PERSONAL'));
  });

  it('shows an error node with a retry when the counts fail, and recovers on retry', async () => {
    panel.inject({ kind: 'status', status: 500, match: { path: '/keys' }, times: 20 });
    void api.users.provider.refresh();
    const failed = await children(api.users);
    panel.clearFaults();
    assert.equal(failed.length, 1);
    assert.equal(failed[0].contextValue, 'error');
    const changed = nextChange(api.users, (element) => element === undefined);
    await vscode.commands.executeCommand('panelOps.retryLoad', failed[0]);
    await changed;
    assert.deepEqual((await children(api.users)).map(labelOf), [...KEY_STATES]);
  });
});

describe('Users view with a read-only token', () => {
  const connected = connectedPanel({ token: (panel) => panel.tokens.readOnly, connect: { preset: 'readOnly' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('still lists users, believes users:write absent, and shows the reconnect node once the token is revoked', async () => {
    assert.equal(api.session.capabilities.hasScope('users:write'), false);
    assert.equal(api.session.capabilities.can('keys.disable'), false);
    assert.deepEqual((await children(api.users)).map((item) => item.description), expectedCounts(panel));

    panel.revokeToken(panel.tokens.readOnly);
    void api.users.provider.refresh();
    const rejected = await children(api.users);
    assert.deepEqual(rejected.map((item) => item.contextValue), ['tokenRejected']);
  });
});

describe('Users view with 20,000+ keys', () => {
  const connected = connectedPanel({ panel: { dataset: 'large' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => {
    ({ api, panel } = connected);
    assert.ok(panel.data.keys.size >= 20_000);
  });

  it('shows groups and counts after one round of six requests, and opening a group fetches one page', async () => {
    panel.resetRequests();
    void api.users.provider.refresh();
    const groups = await children(api.users);
    assert.deepEqual(groups.map((item) => item.description), expectedCounts(panel));
    const counting = requestsTo(panel, '/keys');
    assert.equal(counting.length, 6);
    assert.ok(counting.every((request) => request.query.per_page === '1'));

    panel.resetRequests();
    const active = groups.find((item) => labelOf(item) === 'active');
    assert.ok(active && Number(String(active.description).replace(/,/g, '')) > 50);
    const page = await children(api.users, active);
    assert.equal(userItems(page).length, 50);
    assert.equal(byContext(page, 'loadMore').length, 1);
    assert.deepEqual(requestsTo(panel, '/keys').map((r) => [r.query.state, r.query.page, r.query.per_page]), [['active', '1', '50']]);
  });
});

describe('Users view with a token limited to nodes:read', () => {
  const connected = connectedPanel({
    token: (panel) => panel.issueToken({ role: 'owner', scopes: ['nodes:read'] }).secret,
    connect: { scopes: ['nodes:read'] },
  });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('says the token lacks users:read, here and under each node, without asking the panel', async () => {
    panel.resetRequests();
    void api.users.provider.refresh();
    const denied = await children(api.users);
    assert.deepEqual(denied.map((item) => item.contextValue), ['missingScope']);
    assert.match(labelOf(denied[0]), /users:read/);
    const node = (await children(api.nodes))[0];
    const usersSection = (await children(api.nodes, node)).find((item) => labelOf(item) === 'Users');
    assert.ok(usersSection);
    assert.deepEqual((await children(api.nodes, usersSection)).map((item) => item.contextValue), ['missingScope']);
    assert.equal(requestsTo(panel, '/keys').length, 0);
  });
});
