// Issue 19 §1: every connected panel at once in the views and the status bar.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { deriveKeyState } from '../panel/keyState';
import { PRESETS } from '../../src/api/catalog';
import { byContext, children, connect, eventually, labelOf, requestsTo, runWithAnswers, signOut, testApi, userItems, type TestApi, type ViewParts } from './support';

describe('Every connected panel at once (all-panels mode)', () => {
  let api: TestApi;
  let north: SimulatedPanel;
  let south: SimulatedPanel;
  let east: SimulatedPanel;
  let eastToken: string;
  const names = { north: 'North *panel*', south: 'South panel', east: 'East panel' };

  before(async () => {
    api = await testApi();
    [north, south, east] = await Promise.all([startPanel(), startPanel(), startPanel()]);
    eastToken = east.issueToken({ role: 'owner', scopes: PRESETS.fullRights }).secret; // its own token, revoked below
    await connect(north, north.tokens.owner, { name: names.north });
    await connect(south, south.tokens.owner, { name: names.south });
    await connect(east, eastToken, { name: names.east });
    await api.session.switchTo(north.url);
    await vscode.commands.executeCommand('panelOps.views.showAllPanels');
  });

  after(async () => {
    await api.allPanels.forgetChoice(); // the next files find the views as a new window would
    await runWithAnswers('panelOps.nodes.groupBy', 'No grouping');
    await vscode.commands.executeCommand('panelOps.nodes.clearFilter');
    for (const panel of [north, south, east]) {
      await signOut(panel);
      await panel.close();
    }
  });

  /** The panel items of a view, by name. */
  async function panelItems(view: ViewParts): Promise<Map<string, vscode.TreeItem>> {
    const items = await children(view);
    assert.ok(items.every((item) => item.contextValue?.startsWith('panel')), `only panels at the root: ${items.map(labelOf).join(', ')}`);
    return new Map(items.map((item) => [labelOf(item), item]));
  }

  async function under(view: ViewParts, panelName: string): Promise<vscode.TreeItem[]> {
    const item = (await panelItems(view)).get(panelName);
    assert.ok(item, `${panelName} is shown`);
    return children(view, item);
  }

  it('remembers the mode and shows each connected panel as a top-level item in the four views', async () => {
    assert.equal(api.allPanels.enabled, true);
    for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
      assert.deepEqual([...(await panelItems(view)).keys()], [names.north, names.south, names.east]);
    }
  });

  it('sums the unresolved alerts of every panel in the status bar, with each panel in the tooltip', async () => {
    for (const name of Object.values(names)) await under(api.alerts, name); // each panel's alerts are read
    const expected = [north, south, east].map((panel) => panel.data.alerts.filter((alert) => !alert.resolved).length).reduce((a, b) => a + b, 0);
    await eventually(() => api.statusBarItem.text === `$(bell-dot) ${expected}`, `the status bar says ${expected}, not ${api.statusBarItem.text}`);
    const tooltip = api.statusBarItem.tooltip as vscode.MarkdownString;
    assert.equal(tooltip.isTrusted, false);
    assert.match(tooltip.value, /North \\\*panel\\\*: \d+ unresolved alert/, 'the untrusted name is escaped');
    assert.match(tooltip.value, /South panel: \d+ unresolved alert/);
    assert.match(tooltip.value, /East panel: \d+ unresolved alert/);
    assert.equal(api.alerts.view.badge?.value, expected, 'the Alerts view\'s badge sums them too');
  });

  it('acts on another panel\'s user from its item: the request goes to that panel and its groups follow', async () => {
    const groups = await under(api.users, names.south);
    const active = groups.find((group) => labelOf(group) === 'active');
    const disabled = groups.find((group) => labelOf(group) === 'disabled');
    assert.ok(active && disabled);
    const before = { active: Number(active.description), disabled: Number(disabled.description) };
    const user = userItems(await children(api.users, active))[0] as vscode.TreeItem & { user: { id: string }; panelId: string };
    assert.equal(user.panelId, south.url);
    north.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.disable', user);
    assert.notEqual(south.data.keys.get(user.user.id)?.disabled_at ?? null, null, 'disabled on its own panel');
    assert.equal(requestsTo(north, /\/disable$/).length, 0, 'nothing sent to the active panel');
    assert.equal(user.contextValue, 'user.disabled');
    // The counts are that panel's own figures, read again from it after the change.
    const southCount = (state: string) => String([...south.data.keys.values()].filter((key) => deriveKeyState(key, Date.now()) === state).length);
    await eventually(() => active.description === southCount('active') && disabled.description === southCount('disabled'),
      `the south panel's groups show its counts (active ${String(active.description)}, disabled ${String(disabled.description)})`);
    assert.equal(active.description, String(before.active - 1));
    assert.equal(disabled.description, String(before.disabled + 1));
  });

  it('reorders another panel\'s nodes by drag and drop on that panel, in that panel\'s order', async () => {
    const southNodes = await under(api.nodes, names.south) as (vscode.TreeItem & { node: { id: string } })[];
    const [first, , third] = southNodes;
    const transfer = new vscode.DataTransfer();
    api.nodes.dragAndDrop.handleDrag([third], transfer);
    north.resetRequests();
    south.resetRequests();
    await api.nodes.dragAndDrop.handleDrop(first, transfer, new vscode.CancellationTokenSource().token);
    assert.equal(requestsTo(north, '/nodes/order').length, 0, 'nothing sent to the active panel');
    const sent = requestsTo(south, '/nodes/order');
    assert.equal(sent.length, 1);
    const ids = southNodes.map((item) => item.node.id);
    assert.deepEqual(JSON.parse(sent[0].body ?? '{}').ids, [ids[2], ids[0], ids[1], ...ids.slice(3)], 'the south panel\'s own ids');
    assert.equal(labelOf((await under(api.nodes, names.south))[0]), labelOf(third), 'its panel item shows the new order');
  });

  it('marks a panel whose calls go unanswered on its item in every view, and clears the mark once it answers', async () => {
    const description = async (view: ViewParts) => String((await panelItems(view)).get(names.south)?.description);
    south.inject({ kind: 'reset', times: 50 });
    try {
      // One read that goes unanswered (the alerts: the nodes store keeps its own mark of a failed list read).
      await api.panels.get(south.url)!.alerts.refresh();
      assert.equal(api.panels.get(south.url)!.alerts.held.kind, 'failed');
      for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
        assert.match(await description(view), /^reads failing since \d/, 'South\'s item says so in every view');
        assert.doesNotMatch(String((await panelItems(view)).get(names.north)?.description), /reads failing/);
      }
    } finally {
      south.clearFaults();
    }
    await api.panels.get(south.url)!.alerts.refresh();
    assert.equal(api.panels.get(south.url)!.alerts.held.kind, 'loaded');
    for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
      assert.doesNotMatch(await description(view), /reads failing/, 'the mark is gone once South answers');
    }
  });

  describe('one panel offline, one whose token was revoked', () => {
    before(async () => {
      await south.close();
      east.revokeToken(eastToken);
      await api.panels.get(south.url)?.alerts.refresh();
      await api.panels.get(east.url)?.alerts.refresh();
      // What each view shows is read again (Refresh), as the poller or the operator would.
      await api.nodes.provider.refresh();
      void api.users.provider.refresh();
    });

    it('shows each failure on its own panel only, in every view, with unique ids', async () => {
      for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
        const ok = await under(view, names.north);
        assert.ok(ok.length > 0 && byContext(ok, 'error').length === 0 && byContext(ok, 'tokenRejected').length === 0, `${names.north} reads fine: ${ok.map(labelOf).join(', ')}`);
        const offline = await under(view, names.south);
        assert.equal(byContext(offline, 'error').length, 1, `${names.south} shows its error: ${offline.map(labelOf).join(', ')}`);
        await under(view, names.east); // the first read meets the 401
        const rejected = await under(view, names.east);
        assert.deepEqual(rejected.map((item) => item.contextValue), ['tokenRejected'], `${names.east} says its token was rejected`);
        assert.deepEqual(rejected[0].command?.arguments, [east.url], 'its reconnect asks for that panel\'s token');
        const ids = [...ok, ...offline, ...rejected, ...(await children(view))].map((item) => item.id).filter((id) => id !== undefined);
        assert.equal(new Set(ids).size, ids.length, 'no id repeats across panels');
      }
      const east_ = (await panelItems(api.nodes)).get(names.east);
      assert.match(String(east_?.description), /token rejected/);
      // The panel that stopped answering says so on its item, in every view, and since when.
      for (const view of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
        const items = await panelItems(view);
        assert.match(String(items.get(names.south)?.description), /^reads failing since \d/);
        assert.doesNotMatch(String(items.get(names.north)?.description), /reads failing/);
      }
      assert.equal(api.session.state, 'connected', 'the active panel is not affected');
    });

    it('lists the offline panel and the rejected token in the status-bar tooltip, and leaves the rejected token\'s alerts out of the sum', async () => {
      // The offline panel's alerts did not go away: its last count stays in the sum; the rejected token's does not.
      const readable = [north, south].map((panel) => panel.data.alerts.filter((alert) => !alert.resolved).length).reduce((a, b) => a + b, 0);
      await eventually(() => api.statusBarItem.text === `$(bell-dot) ${readable}`, `the status bar says ${readable}, not ${api.statusBarItem.text}`);
      const tooltip = (api.statusBarItem.tooltip as vscode.MarkdownString).value;
      assert.match(tooltip, /South panel: alerts could not be loaded/);
      assert.match(tooltip, /East panel: the token was rejected/);
    });

    it('groups by status with the offline node first, and the filter narrows the nodes', async () => {
      await runWithAnswers('panelOps.nodes.groupBy', 'By status');
      const groups = await under(api.nodes, names.north);
      assert.match(labelOf(groups[0]), /^Offline \(1\)$/);
      assert.deepEqual((await children(api.nodes, groups[0])).map(labelOf), ['waw-4']);
      await runWithAnswers('panelOps.nodes.groupBy', 'No grouping');
      const all = await under(api.nodes, names.north);
      await runWithAnswers('panelOps.nodes.filter', 'fra');
      const narrowed = await under(api.nodes, names.north);
      assert.deepEqual(narrowed.map(labelOf), ['fra-2']);
      assert.ok(all.length > narrowed.length);
      // Summed over every panel whose nodes were read (the offline panel's last list included).
      const fraNodes = [north, south].flatMap((panel) => [...panel.data.nodes.values()]).filter((node) => node.name.includes('fra')).length;
      assert.match(String(api.nodes.view.description), new RegExp(`^filter: fra · ${fraNodes} nodes? · `));
      await vscode.commands.executeCommand('panelOps.nodes.clearFilter');
      assert.equal((await under(api.nodes, names.north)).length, all.length);
      assert.match(String(api.nodes.view.description), /^\d+ nodes · [12] offline/);
    });

    it('shows only the active panel again when switched back', async () => {
      await vscode.commands.executeCommand('panelOps.views.showActivePanel');
      const nodes = await children(api.nodes);
      assert.ok(nodes.length > 0 && nodes.every((item) => item.contextValue?.startsWith('node')), nodes.map(labelOf).join(', '));
      const users = await children(api.users);
      assert.ok(users.every((item) => item.contextValue === 'userGroup'));
      assert.equal(api.nodes.view.description?.startsWith(names.north), true);
    });
  });
});
