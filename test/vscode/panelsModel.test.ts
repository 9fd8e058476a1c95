// Issue 26: one model of a panel. Every connected panel's stores are kept across switches (switching back
// reads nothing already held), two or more panels show side by side until the operator chooses, a poll
// redraws only what it changed, and Job History follows an apply through the one reader of node jobs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { withSetting } from './nodeSupport';
import { children, connect, eventually, labelOf, lastPosted, requestsTo, signOut, testApi, type TestApi, type ViewParts } from './support';

describe('One model of a panel: every connected panel read the same way', function () {
  this.timeout(120_000);
  withSetting('apply.pollIntervalSeconds', 1);
  let api: TestApi;
  let north: SimulatedPanel;
  let south: SimulatedPanel;
  const names = { north: 'North model panel', south: 'South model panel' };

  before(async () => {
    api = await testApi();
    [north, south] = await Promise.all([startPanel({ jobStepMs: 800 }), startPanel()]);
    await connect(north, north.tokens.owner, { name: names.north });
    await connect(south, south.tokens.owner, { name: names.south });
    await api.session.switchTo(north.url);
    // The panels watcher keeps quiet (the window believed unfocused): only what the views ask for is read.
    await api.panelsWatching.setWindowFocused(false);
  });

  after(async () => {
    await api.panelsWatching.setWindowFocused(undefined);
    await api.allPanels.forgetChoice();
    for (const panel of [north, south]) {
      await signOut(panel);
      await panel.close();
    }
  });

  /** Everything a view shows for the active panel, read the way the workbench reads it. */
  async function readViews(): Promise<void> {
    for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
      for (const item of await children(view)) {
        if (item.collapsibleState === vscode.TreeItemCollapsibleState.Expanded) await children(view, item);
      }
    }
  }

  it('shows a panel item for each of two connected panels in the Nodes, Users, Alerts and Site Templates views until the operator chooses', async () => {
    await api.allPanels.forgetChoice();
    assert.equal(api.allPanels.enabled, true, 'two panels: all of them, by default');
    for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
      const root = await children(view);
      assert.deepEqual(root.map(labelOf), [names.north, names.south], `${view.view.title ?? ''} shows both panels`);
      assert.ok(root.every((item) => item.contextValue?.startsWith('panel')), 'as panel items');
    }
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    assert.equal(api.allPanels.enabled, false, 'the operator\'s choice holds');
    const flat = await children(api.nodes);
    assert.ok(flat.length > 0 && flat.every((item) => !item.contextValue?.startsWith('panel')), 'the active panel shown alone');
  });

  it('switching between two connected panels sends no request for data already held', async () => {
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    await readViews();
    await api.session.switchTo(south.url);
    await readViews();
    north.resetRequests();
    south.resetRequests();
    await api.session.switchTo(north.url);
    await readViews();
    await api.session.switchTo(south.url);
    await readViews();
    const held = /^\/(nodes|keys|alerts|site-templates)/;
    assert.deepEqual(requestsTo(north, held).map((request) => request.path), [], 'nothing read again from North');
    assert.deepEqual(requestsTo(south, held).map((request) => request.path), [], 'nothing read again from South');
    await api.session.switchTo(north.url);
  });

  /** Collects the Nodes view's change events while `run` runs (and the turn after it). */
  async function changesWhile(view: ViewParts, run: () => Promise<unknown>): Promise<(vscode.TreeItem | undefined)[]> {
    const fired: (vscode.TreeItem | undefined)[] = [];
    const event = view.provider.onDidChangeTreeData;
    assert.ok(event);
    const subscription = event((changed) => fired.push(Array.isArray(changed) ? changed[0] : changed ?? undefined));
    try {
      await run();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      subscription.dispose();
    }
    return fired;
  }

  it('a poll that changes nothing fires no tree change event', async () => {
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    await children(api.nodes);
    const fired = await changesWhile(api.nodes, () => api.nodesStore.poll());
    assert.deepEqual(fired.map((element) => element && labelOf(element)), [], 'nothing redrawn');
  });

  it('a poll that changes one node fires a change for that node only', async () => {
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    const shown = await children(api.nodes);
    const record = [...north.data.nodes.values()].find((node) => node.status === 'online');
    assert.ok(record);
    const was = record.status;
    record.status = 'degraded';
    try {
      const fired = await changesWhile(api.nodes, () => api.nodesStore.poll());
      assert.equal(fired.length, 1, `one change: ${fired.map((element) => element ? labelOf(element) : 'the whole tree').join(', ')}`);
      const [element] = fired;
      assert.ok(element, 'not the whole tree');
      assert.equal((element as vscode.TreeItem & { node?: { id: string } }).node?.id, record.id, 'the changed node');
      assert.ok(shown.includes(element), 'the item the view shows');
    } finally {
      record.status = was;
      await api.nodesStore.poll();
    }
  });

  it('Job History open during an apply shows the new job without a refresh', async () => {
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    const record = [...north.data.nodes.values()].find((node) => node.dirty && node.status === 'online');
    assert.ok(record, 'a node waits for an apply');
    const history = api.jobHistories.showJobHistory(north.url, { id: record.id, name: record.name });
    await history.loaded;
    const before = lastPosted(history.probe, 'jobs')?.rows.length ?? 0;
    const jobsBefore = north.data.jobs.filter((job) => job.node_id === record.id).length;
    const item = (await children(api.nodes)).find((candidate) => (candidate as { node?: { id: string } }).node?.id === record.id);
    assert.ok(item);
    const report = await vscode.commands.executeCommand<{ outcome: string }>('panelOps.nodes.apply', item);
    assert.equal(report.outcome, 'ok');
    assert.equal(north.data.jobs.filter((job) => job.node_id === record.id).length, jobsBefore + 1, 'one new job on the panel');
    await eventually(() => (lastPosted(history.probe, 'jobs')?.rows.length ?? 0) === Math.min(before + 1, 20), 'the page lists the new job');
    const newest = north.data.jobs.filter((job) => job.node_id === record.id).sort((a, b) => Date.parse(b.queued_at) - Date.parse(a.queued_at))[0];
    await eventually(() => lastPosted(history.probe, 'jobs')?.rows.some((row) => row.key === newest.id && row.statusClass === 'ok') === true, 'and shows it ended ok');
    history.dispose();
  });
});
