// The dashboard and a node's metrics inside a real VS Code, against the simulated panel: every monitoring
// answer read into numbers, series and tables labelled with the panel's field names; an offline node's
// metrics section says why it is empty while its series still chart; a token without monitoring:read told
// so without requests; the pages run only their own bundled scripts under a nonce.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { closeAll } from './catalogSupport';
import { pageElements, uiDriver } from './pageDom';
import { connect, connectedPanel, eventually, lastPosted, nodeItem, requestsTo, signOut, type TestApi } from './support';

type FiguresView = TestApi['dashboards']['views'][number];

function sectionsOf(view: FiguresView) {
  const message = lastPosted(view.probe, 'sections');
  assert.ok(message, 'the page was sent its sections');
  return Object.fromEntries(message.sections.map((section) => [section.id, section]));
}

describe('Dashboard and node metrics', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  afterEach(async () => {
    for (const view of [...api.dashboards.views, ...api.nodeMetrics.views]) view.dispose();
    await closeAll();
  });

  it('shows the summary, trends, overview, web carriers and public status as figures, charts and tables', async () => {
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    const [view] = api.dashboards.views;
    assert.ok(view, 'a dashboard opened');
    await view.loaded;
    for (const path of ['/dashboard/summary', '/dashboard/trends', '/monitoring/overview', '/monitoring/web/carriers', '/status/public']) {
      assert.equal(requestsTo(panel, path).length, 1, path);
    }
    const sections = sectionsOf(view);
    assert.deepEqual(Object.keys(sections), ['summary', 'trends', 'overview', 'carriers', 'status', 'nodes']);
    assert.deepEqual(sections.nodes.reading?.tables[0].rows.length, panel.data.nodes.size, 'the nodes as the nodes store holds them');
    assert.deepEqual(sections.nodes.reading?.tables[0].columns, ['name', 'status', 'dirty', 'last_apply_at'], 'the fields the contract names, nothing else of a node');
    const nodes = sections.summary.reading?.groups.find((group) => group.label === 'nodes');
    assert.deepEqual(nodes?.figures.find((figure) => figure.label === 'total')?.value, panel.data.nodes.size);
    assert.deepEqual(sections.trends.reading?.series.map((series) => series.label), ['connections', 'keys_online', 'traffic_bytes']);
    assert.equal(sections.trends.reading?.series[0].points.length, 24);
    const overview = sections.overview.reading?.tables.find((table) => table.label === 'items');
    assert.equal(overview?.rows.length, panel.data.nodes.size);
    assert.ok(overview?.columns.includes('latency_ms'));
    assert.ok(sections.carriers.reading?.tables[0].rows.length, 'web carriers as a table');
    assert.ok(sections.status.reading?.tree.some((row) => row.key === 'status'), 'the public status as a key/value row');
    const html = view.probe.html.replace(/&#39;/g, "'");
    assert.match(html, /default-src 'none'; script-src 'nonce-[^']+' [^;]+;/, 'the nonce, and the resource origin for the chunks the page module imports');
    assert.equal((html.match(/<script/g) ?? []).length, 2, 'two scripts: the policy report and the bundled page');
    assert.match(html, /<script nonce="[^"]+" src="[^"]+\/dist\/webview\/policyReport\.js"><\/script>/, 'no inline script');
    assert.match(html, /<script type="module" nonce="[^"]+" src="[^"]+\/dist\/webview\/figures\.js"><\/script>/, 'no inline script');
  });

  it('labels figures, charts and columns with words in the real page, the raw field name in the tooltip', async function () {
    if (!uiDriver()) this.skip();
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    const [view] = api.dashboards.views;
    await view.loaded;
    const headings = await pageElements('h3.group', (found) => found.some((element) => element.title === 'nodes'));
    assert.equal(headings.find((element) => element.title === 'nodes')?.text, 'Nodes');
    const cards = await pageElements('.card');
    const total = cards.find((card) => card.title === 'nodes.total');
    assert.ok(total, cards.map((card) => card.title).join(', '));
    assert.match(total.text, /Total$/, 'the card reads "Total" under its number');
    const captions = await pageElements('figcaption');
    assert.deepEqual(captions.map((caption) => [caption.text, caption.title]), [['Connections', 'connections'], ['Keys online', 'keys_online'], ['Traffic (bytes)', 'traffic_bytes']]);
    const columns = await pageElements('th');
    assert.equal(columns.find((column) => column.title === 'latency_ms')?.text, 'Latency (ms)');
    assert.ok(columns.every((column) => !/_/.test(column.text)), columns.map((column) => column.text).join(', '));
  });

  it('reads everything again on the Refresh button; a failed or unreadable read leaves the others shown', async () => {
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    const [view] = api.dashboards.views;
    await view.loaded;
    panel.inject({ kind: 'status', status: 500, match: { method: 'GET', path: '/dashboard/trends' } });
    panel.inject({ kind: 'malformed-json', match: { method: 'GET', path: '/status/public' } });
    panel.resetRequests();
    view.probe.deliver({ type: 'refresh' });
    await eventually(() => requestsTo(panel, '/status/public').length === 1 && view.loads >= 2, 'the refresh read the panel');
    await view.loaded;
    const sections = sectionsOf(view);
    assert.match(sections.trends.problem ?? '', /HTTP 500/);
    assert.ok(sections.status.problem, 'an unreadable answer is said in its section, not thrown');
    assert.ok(sections.summary.reading?.groups.length, 'the summary still shows');
  });

  it('reads again on Refresh and on opening it again after its panel was signed out and connected again', async () => {
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    const [view] = api.dashboards.views;
    await view.loaded;
    try {
      await signOut(panel);
      await view.refresh(); // finds the panel gone: polling stops
    } finally {
      await connect(panel, panel.tokens.owner);
    }
    panel.resetRequests();
    const before = view.loads;
    view.probe.deliver({ type: 'refresh' });
    await eventually(() => view.loads > before, 'the Refresh button reads again');
    await view.loaded;
    assert.equal(requestsTo(panel, '/dashboard/summary').length, 1, 'the refresh read the panel');

    await signOut(panel);
    try {
      await view.refresh();
    } finally {
      await connect(panel, panel.tokens.owner);
    }
    const again = view.loads;
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    assert.equal(api.dashboards.views.length, 1, 'the open page is reused');
    await eventually(() => view.loads > again, 'opening it again reads again');
    await view.loaded;
    assert.ok(sectionsOf(view).summary.reading, 'the summary shows again');
  });

  it('refreshes on its own only while it is visible and the window is focused', async () => {
    const settings = vscode.workspace.getConfiguration('panelOps');
    await settings.update('dashboard.refreshSeconds', 5, vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('panelOps.dashboard.open');
      const [view] = api.dashboards.views;
      await view.loaded;
      const document = await vscode.workspace.openTextDocument({ content: 'covering the dashboard' });
      await vscode.window.showTextDocument(document, { viewColumn: view.page.panel.viewColumn, preview: false });
      await eventually(() => !view.page.panel.visible, 'the dashboard is hidden behind an editor');
      const hiddenAt = view.loads;
      await new Promise((resolve) => setTimeout(resolve, 6_500));
      assert.equal(view.loads, hiddenAt, 'no refresh while hidden, though the interval passed');

      view.page.panel.reveal();
      await eventually(() => view.page.panel.visible, 'the dashboard is shown again');
      if (vscode.window.state.focused) {
        await eventually(() => view.loads > hiddenAt, 'one refresh on coming back into view', 3_000);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 6_500));
        assert.equal(view.loads, hiddenAt, 'no refresh while the window is unfocused');
      }
    } finally {
      await settings.update('dashboard.refreshSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('charts a node\'s series next to its stats and metrics; an offline node says why its metrics are missing', async () => {
    panel.resetRequests();
    const ams = await nodeItem(api, 'ams-1') as vscode.TreeItem & { node: { id: string } };
    await vscode.commands.executeCommand('panelOps.nodes.showMetrics', ams);
    const view = api.nodeMetrics.views.find((candidate) => candidate.spec.title.includes('ams-1'));
    assert.ok(view, 'a metrics page for ams-1');
    await view.loaded;
    const sections = sectionsOf(view);
    assert.deepEqual(sections.series.reading?.series.map((series) => series.label), ['series.cpu_percent', 'series.connections', 'series.latency_ms']);
    assert.ok(sections.stats.reading?.groups[0].figures.some((figure) => figure.label === 'keys_bound'));
    const connections = sections.metrics.reading?.groups.find((group) => group.label === 'proxy_connections');
    assert.deepEqual(connections?.figures.map((figure) => figure.label), ['node="ams-1"'], 'Prometheus samples grouped by metric, named by labels');
    assert.equal(requestsTo(panel, `/monitoring/nodes/${ams.node.id}/series`).length, 1);
    assert.equal(requestsTo(panel, `/nodes/${ams.node.id}/stats`).length, 1);
    assert.equal(requestsTo(panel, `/nodes/${ams.node.id}/metrics`).length, 1);

    const waw = await nodeItem(api, 'waw-4');
    await vscode.commands.executeCommand('panelOps.nodes.showMetrics', waw);
    const offline = api.nodeMetrics.views.find((candidate) => candidate.spec.title.includes('waw-4'));
    assert.ok(offline);
    await offline.loaded;
    const offlineSections = sectionsOf(offline);
    assert.match(offlineSections.metrics.problem ?? '', /503/);
    assert.match(offlineSections.metrics.problem ?? '', /offline/);
    const wawId = (waw as vscode.TreeItem & { node: { id: string } }).node.id;
    assert.equal(requestsTo(panel, `/nodes/${wawId}/metrics`).length, 1, 'a 503 saying the node is offline is the answer: not retried');
    assert.equal(requestsTo(panel, `/nodes/${wawId}/stats`).length, 1, 'not retried');
    const cpu = offlineSections.series.reading?.series[0];
    assert.ok(cpu && cpu.points.at(-1)?.y === undefined, 'the offline hours are gaps in the chart');
  });

  it('tells a token without monitoring:read which scope it needs, without asking the panel', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['nodes:read'] });
    await connect(panel, secret, { scopes: ['nodes:read'], name: 'Nodes only' });
    try {
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.dashboard.open');
      const [view] = api.dashboards.views;
      await view.loaded;
      const sections = sectionsOf(view);
      const monitoring = Object.values(sections).filter((section) => section.id !== 'nodes');
      assert.ok(monitoring.every((section) => /needs monitoring:read/.test(section.problem ?? '')));
      assert.ok(sections.nodes.reading, 'the nodes (nodes:read) still show');
      assert.equal(requestsTo(panel, /^\/(dashboard|monitoring|status)\//).length, 0);
    } finally {
      await signOut(panel);
      await connect(panel, panel.tokens.owner);
    }
  });
});
