// The panels watcher in a real workbench with three simulated panels connected: a node taken offline on the
// active panel shows in the Nodes view and is notified once within one polling interval; while the
// window is unfocused no panel gets a request, and focus return brings one read per panel and one summary.
// The suite cannot unfocus the real window, so it tells the watcher through its test seam
// (`panelsWatching.setWindowFocused`), which then ignores the real window's focus until given undefined.
// At most one event notice is on screen: the scripted input holds notices with buttons until the test
// dismisses them (`holdNotices`), as VS Code keeps an error with buttons.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { children, connect, eventually, labelOf, nodeItem, signOut, testApi, type TestApi } from './support';

const INTERVAL_S = 1;

async function setting(name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('panelOps').update(name, value, vscode.ConfigurationTarget.Global);
}

function nodeOf(panel: SimulatedPanel, name: string): { status: string } {
  const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === name);
  assert.ok(node, `node ${name}`);
  return node as { status: string };
}

/** The text of every log file of this window (the Panel Ops log is written there, a little later). */
function logText(api: TestApi): string {
  const under = (directory: string): string[] => readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? under(path) : [path];
  });
  return under(join(api.logUri.fsPath, '..')).filter((file) => file.endsWith('.log')).map((file) => readFileSync(file, 'utf8')).join('\n');
}

describe('panels watcher: three panels, notifications, focus', () => {
  let api: TestApi;
  const panels: SimulatedPanel[] = [];
  const eventNotices = () => api.input.notices.filter((notice) => /went offline|apply failed|applies failed|critical alert|While you were away/.test(notice.message));

  before(async () => {
    api = await testApi();
    for (const name of ['Frankfurt', 'Berlin', 'Warsaw']) {
      const panel = await startPanel({ dataset: 'demo' });
      panels.push(panel);
      await connect(panel, panel.tokens.owner, { name });
    }
    await api.panelsWatching.setWindowFocused(true);
    // The Nodes view shows the active panel alone (the operator's choice), its nodes at the root.
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    await setting('poll.intervalSeconds', INTERVAL_S);
    await vscode.commands.executeCommand('panelOps.nodes.focus');
    await children(api.nodes);
    // Every panel read at least once (the baseline) before anything changes.
    await eventually(() => panels.every((panel) => panel.requests.some((request) => request.path === '/api/v1/alerts')), 'each panel read');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    api.input.clear();
  });

  after(async () => {
    await api.allPanels.forgetChoice();
    await api.panelsWatching.setWindowFocused(undefined);
    await setting('poll.intervalSeconds', undefined);
    for (const panel of panels) {
      await signOut(panel);
      await panel.close();
    }
  });

  it('watches every connected panel', () => {
    for (const panel of panels) assert.ok(api.panelsWatching.watch.panelIds.includes(panel.url), panel.url);
  });

  it('shows a node taken offline in the Nodes view and notifies it once, without a refresh', async () => {
    const active = panels[2]; // the panel connected last is the one the views show
    assert.equal(api.session.active?.url, active.url);
    assert.equal((await nodeItem(api, 'ams-1')).contextValue, 'node');
    const readsBefore = active.requests.filter((request) => request.path === '/api/v1/nodes').length;
    const takenAt = Date.now();
    nodeOf(active, 'ams-1').status = 'offline';
    await eventually(() => eventNotices().length > 0, 'a notification', 15_000);
    const elapsed = Date.now() - takenAt;
    const [notice] = eventNotices();
    assert.equal(notice.message, '1 node went offline on Warsaw: ams-1');
    assert.equal(notice.severity, 'error');
    assert.deepEqual(notice.actions, ['Show Logs']);
    assert.ok(elapsed < (INTERVAL_S + 2) * 1000 + 1_000, `notified ${elapsed} ms after (one interval, plus the 2 s that gathers panels read together)`);
    const item = await nodeItem(api, 'ams-1');
    assert.equal(item.contextValue, 'node.offline', 'the Nodes view shows it offline');
    assert.equal(labelOf(item), 'ams-1');
    const nodeReads = active.requests.filter((request) => request.path === '/api/v1/nodes').length - readsBefore;
    assert.ok(nodeReads >= 1, 'the view shows what the poller read');
    // Several more intervals: still offline, not told again.
    await new Promise((resolve) => setTimeout(resolve, 4 * INTERVAL_S * 1000));
    assert.equal(eventNotices().length, 1, 'a node that stays offline is notified once');
    nodeOf(active, 'ams-1').status = 'online';
  });

  it('reads nothing while the window is unfocused; focus return brings one read per panel and one summary', async () => {
    await api.panelsWatching.setWindowFocused(false);
    await new Promise((resolve) => setTimeout(resolve, 300)); // reads already under way end
    for (const panel of panels) panel.resetRequests();
    api.input.clear();
    nodeOf(panels[0], 'fra-2').status = 'offline';
    nodeOf(panels[1], 'sgp-6').status = 'offline';
    nodeOf(panels[1], 'ams-1').status = 'offline';
    await new Promise((resolve) => setTimeout(resolve, 4 * INTERVAL_S * 1000));
    assert.deepEqual(panels.map((panel) => panel.requests.length), [0, 0, 0], 'no request to any panel while unfocused');
    assert.deepEqual(eventNotices(), []);

    await api.panelsWatching.setWindowFocused(true);
    assert.deepEqual(panels.map((panel) => panel.requests.filter((request) => request.path === '/api/v1/nodes').length), [1, 1, 1], 'one catch-up read of each panel');
    const summaries = eventNotices();
    assert.equal(summaries.length, 1, 'one notification for everything');
    assert.match(summaries[0].message, /^While you were away: 3 nodes went offline \((Frankfurt, Berlin|Berlin, Frankfurt)\)$/);
    assert.deepEqual(summaries[0].actions, ['Show Logs']);
  });

  it('Show Logs on a notification opens the log viewer of the node it names', async () => {
    api.input.clear();
    api.input.queue('Show Logs');
    nodeOf(panels[2], 'hel-3').status = 'offline';
    await eventually(() => api.logViewers.viewers.some((viewer) => viewer.target.node.name === 'hel-3' && viewer.target.panelId === panels[2].url), 'the log viewer of hel-3 on Warsaw', 15_000);
    assert.equal(api.input.remaining, 0, 'the notification\'s button was pressed');
    nodeOf(panels[2], 'hel-3').status = 'online';
    for (const viewer of api.logViewers.viewers) viewer.dispose();
  });

  it('a second event while a notice is on screen leaves one notice; once dismissed, the next tells it, its button on its own panel', async () => {
    for (const viewer of api.logViewers.viewers) viewer.dispose();
    api.input.clear();
    api.input.holdNotices(true);
    const [frankfurt, berlin] = panels;
    try {
      nodeOf(frankfurt, 'hel-3').status = 'offline';
      await eventually(() => api.input.onScreen.length > 0, 'the first notice', 15_000);
      const first = api.input.onScreen[0];
      assert.equal(first.message, '1 node went offline on Frankfurt: hel-3');
      // The same node name on another panel, while the first notice is still on screen.
      nodeOf(berlin, 'hel-3').status = 'offline';
      await eventually(() => eventNotices().length > 1 || logText(api).includes('Event: Berlin: hel-3 went offline'), 'the second event found', 15_000);
      await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_S * 1000));
      assert.deepEqual(api.input.onScreen.map((notice) => notice.message), [first.message], 'one notice on screen: the second waits');
      assert.equal(eventNotices().length, 1, 'no second notice was shown');
      const log = logText(api);
      assert.ok(log.includes('Event: Frankfurt: hel-3 went offline') && log.includes('Event: Berlin: hel-3 went offline'), 'each event is in the Panel Ops log as it is found');

      api.input.dismiss(first);
      await eventually(() => api.input.onScreen.length > 0, 'the notice of what waited');
      const second = api.input.onScreen[0];
      assert.equal(second.message, '1 node went offline on Berlin: hel-3');
      assert.deepEqual(second.actions, ['Show Logs']);
      assert.equal(eventNotices().length, 2, 'each event told once');
      api.input.press('Show Logs', second);
      await eventually(() => api.logViewers.viewers.some((viewer) => viewer.target.node.name === 'hel-3'), 'a log viewer');
      assert.deepEqual(api.logViewers.viewers.map((viewer) => viewer.target.panelId), [berlin.url], 'the log viewer of hel-3 on Berlin, where the event came from');
      assert.deepEqual(api.input.onScreen, []);
    } finally {
      api.input.holdNotices(false);
      nodeOf(frankfurt, 'hel-3').status = 'online';
      nodeOf(berlin, 'hel-3').status = 'online';
      for (const viewer of api.logViewers.viewers) viewer.dispose();
    }
  });

  it('events of several reports that waited are told in one notice, with Show All listing each on its panel', async () => {
    api.input.clear();
    api.input.holdNotices(true);
    try {
      const at = (panel: SimulatedPanel) => panel.url;
      api.notifyEvents({ events: [{ kind: 'nodeOffline', panelId: at(panels[0]), name: 'fra-2', node: { id: 'x', name: 'fra-2' } }], away: false });
      api.notifyEvents({ events: [{ kind: 'usersExpiring', panelId: at(panels[1]), name: 'Ann', user: { id: 'a', label: 'Ann', expiresAt: new Date().toISOString() } }], away: false });
      api.notifyEvents({ events: [{ kind: 'criticalAlert', panelId: at(panels[2]), name: 'Disk full' }], away: false });
      assert.equal(api.input.onScreen.length, 1, 'one notice on screen');
      api.input.dismiss();
      await eventually(() => api.input.onScreen.length > 0, 'the folded notice');
      const [folded] = api.input.onScreen;
      assert.equal(folded.message, '1 new critical alert, 1 user\'s access ends today on Berlin, Warsaw');
      assert.deepEqual(folded.actions, ['Resolve', 'Show Users', 'Show All']);
      // Show All lists each event with its panel; the one picked gets its own action on its own panel.
      api.input.queue('Access of Ann ends today');
      api.input.press('Show All', folded);
      await eventually(() => api.input.questions.some((question) => question.kind === 'pick'), 'the list of events');
      const list = api.input.questions.find((question) => question.kind === 'pick');
      assert.deepEqual(list?.items, ['Access of Ann ends today', 'Critical alert: Disk full']);
      assert.deepEqual(list?.descriptions, ['Berlin', 'Warsaw']);
      const berlin = panels[1].url;
      await eventually(() => api.users.view.selection.some((item) => (item as { state?: string }).state === 'expiring')
        && (api.allPanels.enabled ? api.users.view.selection.some((item) => item.id?.startsWith(`users/panel/${berlin}/`)) : api.session.active?.id === berlin), 'Berlin\'s Expiring group is selected');
      assert.equal(eventNotices().length, 2);
    } finally {
      api.input.holdNotices(false);
    }
  });
});
