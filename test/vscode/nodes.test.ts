// The Nodes view inside a real VS Code, against the simulated panel: every node with status, dirty marker
// and last apply; health (503 for the offline node), recent jobs, bound users; a read-only token.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { byContext, children, userItems, connectedPanel, eventually, labelOf, requestsTo, tooltipText, type TestApi } from './support';

async function nodeItem(api: TestApi, name: string): Promise<vscode.TreeItem> {
  const found = (await children(api.nodes)).find((item) => labelOf(item) === name);
  assert.ok(found, `node ${name}`);
  return found;
}

async function section(api: TestApi, nodeName: string, label: string): Promise<vscode.TreeItem> {
  const sections = await children(api.nodes, await nodeItem(api, nodeName));
  assert.deepEqual(sections.map(labelOf), ['Health', 'Recent jobs', 'Users', 'Site']);
  const found = sections.find((item) => labelOf(item) === label);
  assert.ok(found);
  return found;
}

describe('Nodes view', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('lists every node with its status icon, dirty marker and last apply', async () => {
    await vscode.commands.executeCommand('panelOps.nodes.refresh');
    const items = await children(api.nodes);
    const nodes = [...panel.data.nodes.values()];
    assert.deepEqual(items.map(labelOf).sort(), nodes.map((node) => node.name).sort());
    for (const node of nodes) {
      const item = items.find((candidate) => labelOf(candidate) === node.name)!;
      const description = String(item.description);
      assert.equal(description.startsWith(node.status), node.status !== 'online', `${node.name}: ${description}`);
      assert.equal(description.includes('● not applied'), node.dirty, `${node.name} dirty marker`);
      assert.match(description, node.last_apply_at ? /applied .+ ago$/ : /never applied$/);
      const expectedContext = node.status === 'offline' ? 'node.offline' : node.dirty ? 'node.dirty' : 'node';
      assert.equal(item.contextValue, expectedContext);
      const icon = item.iconPath as vscode.ThemeIcon;
      assert.equal(icon.id, { online: 'pass-filled', offline: 'error', degraded: 'warning' }[node.status as string] ?? 'question');
      assert.match(tooltipText(item), new RegExp(node.id.replace(/-/g, '\\\\-')), 'the tooltip holds the node id');
    }
  });

  it('refreshing one node re-reads that node alone and shows what changed', async () => {
    const item = await nodeItem(api, 'ams-1');
    const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'ams-1');
    assert.ok(node);
    const dirty = node.dirty;
    node.dirty = !dirty;
    try {
      // The panels watcher's read of the panel (its first after connecting) must not land among the requests counted.
      await eventually(() => api.panelsWatching.watch.settled(new URL(panel.url).origin), 'the panels watcher has read the panel');
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.nodes.refresh', item);
      assert.deepEqual(requestsTo(panel, /^\/nodes/).map((request) => request.path), [`/api/v1/nodes/${node.id}`]);
      assert.equal(String(item.description).includes('● not applied'), !dirty);
    } finally {
      node.dirty = dirty;
      await vscode.commands.executeCommand('panelOps.nodes.refresh', item);
    }
  });

  it('shows the health of an online node and says the offline node is offline', async () => {
    const health = await children(api.nodes, await section(api, 'ams-1', 'Health'));
    assert.ok(health.length > 0);
    assert.ok(health.every((item) => item.contextValue === 'healthField'), JSON.stringify(health.map(labelOf)));

    const waw = [...panel.data.nodes.values()].find((node) => node.name === 'waw-4')!;
    panel.resetRequests();
    const offline = await children(api.nodes, await section(api, 'waw-4', 'Health'));
    assert.equal(requestsTo(panel, `/nodes/${waw.id}/health`).length, 1, 'the panel said the node is offline: asked once, not three times');
    assert.equal(offline.length, 1);
    assert.equal(offline[0].contextValue, 'error');
    assert.match(labelOf(offline[0]), /offline/);
  });

  it('lists recent jobs (at most 10) with status icons', async () => {
    panel.resetRequests();
    const sgp = [...panel.data.nodes.values()].find((node) => node.name === 'sgp-6')!;
    const jobs = await children(api.nodes, await section(api, 'sgp-6', 'Recent jobs'));
    const asked = requestsTo(panel, `/nodes/${sgp.id}/jobs`);
    assert.equal(asked.length, 1);
    assert.equal(asked[0].query.limit, '10');
    const expected = panel.data.jobs.filter((job) => job.node_id === sgp.id).length;
    assert.equal(byContext(jobs, 'job').length, Math.min(10, expected));
    const running = jobs.find((item) => labelOf(item) === 'running');
    assert.ok(running, 'the running job is listed');
    assert.equal((running.iconPath as vscode.ThemeIcon).id, 'sync~spin');
    const failedJobs = await children(api.nodes, await section(api, 'hel-3', 'Recent jobs'));
    const failed = failedJobs.find((item) => labelOf(item) === 'failed');
    assert.ok(failed && String(failed.description).length > 0);
  });

  it('lists the users bound to a node, one page at a time', async () => {
    await vscode.workspace.getConfiguration('panelOps').update('users.pageSize', 3, vscode.ConfigurationTarget.Global);
    try {
      const ams = [...panel.data.nodes.values()].find((node) => node.name === 'ams-1')!;
      const bound = [...panel.data.keys.values()].filter((key) => key.bindings.some((b) => b.node_id === ams.id)).length;
      assert.ok(bound > 3);
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.nodes.refresh');
      const users = await children(api.nodes, await section(api, 'ams-1', 'Users'));
      assert.equal(userItems(users).length, 3);
      assert.equal(byContext(users, 'loadMore').length, 1);
      assert.deepEqual(requestsTo(panel, '/keys').map((r) => [r.query.node, r.query.page, r.query.per_page]), [[ams.id, '1', '3']]);
    } finally {
      await vscode.workspace.getConfiguration('panelOps').update('users.pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refreshing one node re-reads the users bound to it', async () => {
    const ams = [...panel.data.nodes.values()].find((node) => node.name === 'ams-1')!;
    await children(api.nodes, await section(api, 'ams-1', 'Users'));
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.nodes.refresh', await nodeItem(api, 'ams-1'));
    const users = await children(api.nodes, await section(api, 'ams-1', 'Users'));
    assert.ok(userItems(users).length > 0);
    assert.deepEqual(requestsTo(panel, '/keys').map((request) => [request.query.node, request.query.page]), [[ams.id, '1']]);
  });
});

describe('Nodes view with a read-only token', () => {
  const connected = connectedPanel({ token: (panel) => panel.tokens.readOnly, connect: { preset: 'readOnly' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('hides write actions and shows "needs nodes:write" for jobs instead of asking', async () => {
    assert.equal(api.session.capabilities.hasScope('nodes:write'), false);
    assert.equal(api.session.capabilities.can('nodes.apply'), false);
    panel.resetRequests();
    const jobs = await children(api.nodes, await section(api, 'ams-1', 'Recent jobs'));
    assert.deepEqual(jobs.map((item) => item.contextValue), ['missingScope']);
    assert.match(labelOf(jobs[0]), /nodes:write/);
    assert.equal(requestsTo(panel, /\/jobs$/).length, 0, 'no job request with a read-only token');
    assert.ok(userItems(await children(api.nodes, await section(api, 'ams-1', 'Users'))).length > 0);
  });
});

describe('Nodes view with a token limited to users:read', () => {
  let token = '';
  const connected = connectedPanel({
    token: (panel) => (token = panel.issueToken({ role: 'owner', scopes: ['users:read'] }).secret),
    connect: { scopes: ['users:read'] },
  });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('says the token lacks nodes:read, then shows the reconnect node once the token is revoked', async () => {
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.nodes.refresh');
    const denied = await children(api.nodes);
    assert.deepEqual(denied.map((item) => item.contextValue), ['missingScope']);
    assert.match(labelOf(denied[0]), /nodes:read/);
    assert.equal(requestsTo(panel, '/nodes').length, 0, 'nothing is asked that the token cannot read');
    assert.ok((await children(api.users)).length === 6, 'the Users view is unaffected');

    panel.revokeToken(token);
    await vscode.commands.executeCommand('panelOps.users.refresh');
    await children(api.users);
    assert.deepEqual((await children(api.nodes)).map((item) => item.contextValue), ['tokenRejected']);
  });
});
