// Issue 26, "pages and chat tools read through the same stores": what a chat tool reads or changes shows in
// the views and the status bar at once, and an open page showing nodes follows a poll that changed one,
// without a request of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { closeAll } from './catalogSupport';
import { withSetting } from './nodeSupport';
import { children, connectedPanel, eventually, labelOf, lastPosted, nodeItem, tooltipText, type TestApi } from './support';

type FiguresView = TestApi['dashboards']['views'][number];

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : JSON.stringify(part))).join('');
}

function invoke(name: string, input: object): Thenable<vscode.LanguageModelToolResult> {
  return vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
}

function unresolvedOnPanel(panel: SimulatedPanel): number {
  return panel.data.alerts.filter((alert) => !alert.resolved).length;
}

/** The value of a section's key/value row, e.g. the node section's `status`. */
function rowOf(view: FiguresView, section: string, key: string): string | undefined {
  const found = lastPosted(view.probe, 'sections')?.sections.find((candidate) => candidate.id === section);
  return found?.reading?.tree.find((row) => row.key === key)?.value;
}

/** The cells of the dashboard's nodes table, by node name. */
function nodeRows(view: FiguresView): Map<string, Record<string, string>> {
  const table = lastPosted(view.probe, 'sections')?.sections.find((candidate) => candidate.id === 'nodes')?.reading?.tables[0];
  const rows = new Map<string, Record<string, string>>();
  for (const row of table?.rows ?? []) {
    const cells = Object.fromEntries((table?.columns ?? []).map((column, index) => [column, row[index]]));
    rows.set(cells.name, cells);
  }
  return rows;
}

describe('Chat tools and pages read through the stores', function () {
  this.timeout(60_000);
  const connected = connectedPanel({ connect: { name: 'Stores panel' } });
  // The panels' own poll reads nodes and alerts every interval; off here, so the requests counted are the tools' and the pages'.
  withSetting('poll.intervalSeconds', 0);
  let api: TestApi;
  let panel: SimulatedPanel;

  before(async () => {
    ({ api, panel } = connected);
    // The watcher's first read of the panel after connecting is done before anything is counted.
    await api.panelsWatching.watch.pollAll();
  });
  afterEach(async () => {
    for (const view of [...api.dashboards.views, ...api.nodeMetrics.views]) view.dispose();
    await closeAll();
  });

  it('a chat tool resolving an alert the views had not seen yet: the Alerts view and status bar follow, with no GET /alerts after the resolve', async () => {
    await api.alertsStore.refresh();
    const start = unresolvedOnPanel(panel);
    assert.equal(api.statusBarItem.text, `$(bell-dot) ${start}`);
    const id = 9_000_000_000_000_001n;
    panel.data.alerts.push({ id, severity: 'warning', title: 'Raised after the last poll', message: 'new', node_id: null, created_at: new Date().toISOString(), resolved: false, resolved_at: null });
    try {
      panel.resetRequests();
      api.input.queue('Resolve');
      assert.match(textOf(await invoke('resolve_panel_alerts', { panel: 'Stores panel', alertIds: [id.toString()] })), /"resolved":\["Raised after the last poll"\]/);
      // One alert goes by its own route (as the Resolve command sends it), its int64 id exact in the path.
      const resolveAt = panel.requests.findIndex((request) => request.method === 'POST' && request.path === `/api/v1/alerts/${id.toString()}/resolve`);
      assert.ok(resolveAt >= 0, `the panel was asked to resolve it: ${panel.requests.map((request) => `${request.method} ${request.path}`).join(', ')}`);
      assert.equal(panel.data.alerts.find((alert) => alert.id === id)?.resolved, true, 'resolved on the panel');

      assert.equal(api.alertsStore.get(id.toString())?.resolved, true, 'the store holds it, resolved');
      const items = await children(api.alerts);
      const group = items.find((item) => /^Resolved \(\d+\)$/.test(labelOf(item)));
      assert.ok(group, 'a Resolved group');
      const resolved = await children(api.alerts, group);
      assert.ok(resolved.some((item) => tooltipText(item).includes(`Alert id: ${id.toString()}`)), 'the Alerts view shows it under Resolved');
      assert.equal(api.statusBarItem.text, `$(bell-dot) ${start}`, 'the status bar counts the panel\'s unresolved alerts');
      assert.equal(api.alerts.view.badge?.value, start);
      const after = panel.requests.slice(resolveAt + 1).filter((request) => request.method === 'GET' && request.path === '/api/v1/alerts');
      assert.equal(after.length, 0, `no GET /alerts after the resolve: ${panel.requests.map((request) => `${request.method} ${request.path}`).join(', ')}`);
    } finally {
      panel.data.alerts.splice(panel.data.alerts.findIndex((alert) => alert.id === id), 1);
      await api.alertsStore.refresh();
    }
  });

  it('a chat tool listing nodes shows a node changed on the panel in the Nodes view at once', async () => {
    await nodeItem(api, 'ams-1');
    const record = [...panel.data.nodes.values()].find((node) => node.name === 'ams-1');
    assert.ok(record && record.status === 'online');
    record.status = 'degraded';
    try {
      panel.resetRequests();
      const answer = JSON.parse(textOf(await invoke('get_panel_nodes', { panel: 'Stores panel', name: 'ams-1' }))) as { panels: { nodes: { status: string }[] }[] };
      assert.equal(answer.panels[0].nodes[0].status, 'degraded');
      assert.equal(api.panels.get(panel.url)?.nodes.get(record.id)?.status, 'degraded', 'the nodes store took what the tool read');
      const item = await nodeItem(api, 'ams-1');
      assert.match(`${String(item.description)} ${tooltipText(item)}`, /degraded/i, 'the Nodes view shows it');
      assert.equal(panel.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/nodes').length, 1, 'the tool\'s one read of the list');
    } finally {
      record.status = 'online';
      await api.panels.get(panel.url)?.nodes.poll();
    }
  });

  it('an open node metrics page and dashboard follow a poll that changed the node, without a request of their own', async () => {
    const ams = await nodeItem(api, 'ams-1') as vscode.TreeItem & { node: { id: string } };
    await vscode.commands.executeCommand('panelOps.nodes.showMetrics', ams);
    const metrics = api.nodeMetrics.views.find((candidate) => candidate.spec.title.includes('ams-1'));
    assert.ok(metrics, 'a metrics page for ams-1');
    await metrics.loaded;
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    const [dashboard] = api.dashboards.views;
    assert.ok(dashboard, 'a dashboard');
    await dashboard.loaded;
    assert.equal(rowOf(metrics, 'node', 'status'), 'online');
    assert.equal(nodeRows(dashboard).get('ams-1')?.status, 'online');

    const record = panel.data.nodes.get(ams.node.id);
    assert.ok(record);
    const loads = { metrics: metrics.loads, dashboard: dashboard.loads };
    record.status = 'offline';
    record.dirty = true;
    try {
      panel.resetRequests();
      await api.panels.get(panel.url)?.nodes.poll(); // the panels watcher's read of the node list
      await eventually(() => rowOf(metrics, 'node', 'status') === 'offline', 'the metrics page shows the node offline');
      await eventually(() => nodeRows(dashboard).get('ams-1')?.status === 'offline', 'the dashboard shows the node offline');
      assert.equal(rowOf(metrics, 'node', 'dirty'), 'true');
      const own = panel.requests.filter((request) => /^\/api\/v1\/(nodes\/[^/]+\/(stats|metrics)|monitoring|dashboard|status)\b/.test(request.path));
      assert.deepEqual(own.map((request) => request.path), [], 'no request of the pages\' own');
      assert.deepEqual({ metrics: metrics.loads, dashboard: dashboard.loads }, loads, 'neither page read again');
    } finally {
      record.status = 'online';
      record.dirty = false;
      await api.panels.get(panel.url)?.nodes.poll();
    }
  });
});
