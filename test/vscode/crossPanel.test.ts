// Issue 19 seams between all-panels mode, the event notifications and Go to: a selection spanning panels is
// acted on per panel, a notification's actions act on the event's panel, Go to reveals inside the panel's
// subtree without switching, and site template commands on another panel's item act on that panel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { locate } from '../../src/editors/panelUri';
import type { PanelEvent } from '../../src/state/panelEvents';
import { addTemplate, endEditorTest, replaceText, VALID_HTML } from './editorSupport';
import { children, connect, eventually, labelOf, requestsTo, runOnWithAnswers, runWithAnswers, selectedAndStays, signOut, testApi, userItems, type TestApi, under } from './support';

const SOUTH_USER = 'Quentin only on South';
const SOUTH_NODE = 'qq-only-on-south';

describe('Across panels in all-panels mode: selections across panels, notifications, Go to, templates', function () {
  this.timeout(120_000);
  let api: TestApi;
  let north: SimulatedPanel;
  let south: SimulatedPanel;
  const names = { north: 'North panel', south: 'South panel' };

  before(async () => {
    api = await testApi();
    [north, south] = await Promise.all([startPanel(), startPanel()]);
    [...south.data.nodes.values()][1].name = SOUTH_NODE;
    const response = await fetch(`${south.url}/api/v1/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${south.tokens.owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: SOUTH_USER, type: 'PERSONAL', node_ids: [[...south.data.nodes.values()][0].id] }),
    });
    assert.equal(response.status, 201);
    await connect(south, south.tokens.owner, { name: names.south });
    await connect(north, north.tokens.owner, { name: names.north });
    await api.session.switchTo(north.url);
    await vscode.commands.executeCommand('panelOps.views.showAllPanels');
  });

  beforeEach(async () => {
    if (!api.allPanels.enabled) await vscode.commands.executeCommand('panelOps.views.showAllPanels');
    if (api.session.active?.id !== north.url) await api.session.switchTo(north.url);
    api.input.clear();
  });

  after(async () => {
    await api.allPanels.forgetChoice(); // the next files find the views as a new window would
    for (const panel of [north, south]) {
      await signOut(panel);
      await panel.close();
    }
  });


  type AlertTreeItem = vscode.TreeItem & { alert: { id: string | number; title: string }; panelId: string };
  async function unresolvedAlert(panelName: string): Promise<AlertTreeItem> {
    const item = (await under(api.alerts, panelName)).find((candidate) => /^alert\.unresolved\b/.test(candidate.contextValue ?? ''));
    assert.ok(item, `${panelName} shows an unresolved alert`);
    return item as AlertTreeItem;
  }

  function resolvedOn(panel: SimulatedPanel, id: string | number): boolean {
    return panel.data.alerts.find((alert) => String(alert.id) === String(id))?.resolved === true;
  }

  /** The prefix of the ids of a non-active panel's items in a view. */
  function prefixOf(viewKey: string, panel: SimulatedPanel): string {
    return `${viewKey}/panel/${panel.url}/`;
  }

  it('resolves a selection of alerts of two panels on each one\'s own panel', async () => {
    const [a, b] = [await unresolvedAlert(names.north), await unresolvedAlert(names.south)];
    north.resetRequests();
    south.resetRequests();
    await vscode.commands.executeCommand('panelOps.alerts.resolve', a, [a, b]);
    assert.ok(resolvedOn(north, a.alert.id), 'the north alert is resolved on North');
    assert.ok(resolvedOn(south, b.alert.id), 'the south alert is resolved on South');
    // One alert each: each panel gets its own single resolve (the panels' ids may coincide).
    assert.deepEqual(requestsTo(north, /resolve/).map((request) => request.path), [`/api/v1/alerts/${String(a.alert.id)}/resolve`]);
    assert.deepEqual(requestsTo(south, /resolve/).map((request) => request.path), [`/api/v1/alerts/${String(b.alert.id)}/resolve`]);
  });

  it('disables a selection of users of two panels with one bulk request per panel', async () => {
    const pick = async (panelName: string) => {
      const active = (await under(api.users, panelName)).find((group) => labelOf(group) === 'active');
      assert.ok(active);
      return userItems(await children(api.users, active))[0] as vscode.TreeItem & { user: { id: string } };
    };
    const [a, b] = [await pick(names.north), await pick(names.south)];
    north.resetRequests();
    south.resetRequests();
    await runOnWithAnswers('panelOps.users.disable', [a, [a, b]]);
    assert.notEqual(north.data.keys.get(a.user.id)?.disabled_at ?? null, null, 'disabled on North');
    assert.notEqual(south.data.keys.get(b.user.id)?.disabled_at ?? null, null, 'disabled on South');
    assert.equal(requestsTo(north, '/keys/bulk').length, 1);
    assert.equal(requestsTo(south, '/keys/bulk').length, 1);
  });

  it('starts a fleet update of a selection of nodes of two panels on each one\'s own panel', async () => {
    const a = (await under(api.nodes, names.north))[0] as vscode.TreeItem & { node: { id: string } };
    const b = (await under(api.nodes, names.south))[0] as vscode.TreeItem & { node: { id: string } };
    north.resetRequests();
    south.resetRequests();
    await runOnWithAnswers('panelOps.fleet.update', [a, [a, b]], 'Update 2 Nodes');
    const sent = (panel: SimulatedPanel) => requestsTo(panel, '/fleet/updates').filter((request) => request.method === 'POST').map((request) => JSON.parse(request.body ?? '{}').node_ids as string[]);
    assert.deepEqual(sent(north), [[a.node.id]], 'North updates its own node');
    assert.deepEqual(sent(south), [[b.node.id]], 'South updates its own node, not dropped');
  });

  it('Resolve on a notification of alerts of two panels resolves each on its own panel', async () => {
    const [a, b] = [await unresolvedAlert(names.north), await unresolvedAlert(names.south)];
    const events: PanelEvent[] = [a, b].map((item) => ({ kind: 'criticalAlert', panelId: item.panelId, name: item.alert.title, alert: item.alert as never }));
    api.input.queue('Resolve');
    api.notifyEvents({ events, away: false });
    await eventually(() => resolvedOn(north, a.alert.id) && resolvedOn(south, b.alert.id), 'each alert resolved on its own panel');
    assert.equal(api.input.remaining, 0, 'the notification\'s button was pressed');
  });

  it('Show Users on a notification of another panel reveals that panel\'s Expiring group, without switching', async () => {
    const event: PanelEvent = { kind: 'usersExpiring', panelId: south.url, name: 'someone', user: { id: 'x', label: 'someone', expiresAt: new Date().toISOString() } };
    api.input.queue('Show Users');
    api.notifyEvents({ events: [event], away: false });
    await eventually(() => api.users.view.selection.some((item) => item.id?.startsWith(prefixOf('users', south)) && (item as { state?: string }).state === 'expiring'), `South's Expiring group is selected, not ${api.users.view.selection.map((item) => item.id).join(', ')}`);
    assert.equal(api.session.active?.id, north.url, 'the active panel stays');
  });

  it('Show Users in active-panel mode switches to the event\'s panel first', async () => {
    await vscode.commands.executeCommand('panelOps.views.showActivePanel');
    const event: PanelEvent = { kind: 'usersExpiring', panelId: south.url, name: 'someone', user: { id: 'x', label: 'someone', expiresAt: new Date().toISOString() } };
    api.input.queue('Show Users');
    api.notifyEvents({ events: [event], away: false });
    await eventually(() => api.session.active?.id === south.url, 'South became the active panel');
    await eventually(() => api.users.view.selection.some((item) => (item as { state?: string }).state === 'expiring'), 'the Expiring group is selected');
  });

  it('Go to User reveals a user of another panel inside its panel, without switching', async () => {
    const item = await runWithAnswers('panelOps.goToUser', { search: 'Quentin', pick: SOUTH_USER }) as vscode.TreeItem | undefined;
    assert.equal(api.session.active?.id, north.url, 'the active panel stays');
    assert.ok(item, 'the user was revealed');
    assert.equal(labelOf(item), SOUTH_USER);
    assert.ok(item.id?.startsWith(prefixOf('users', south)), `inside South's subtree: ${item.id}`);
    await selectedAndStays(api.users.view, item, 'the user is selected in the Users view');
  });

  it('Go to Node reveals a node of another panel inside its panel, without switching', async () => {
    const item = await runWithAnswers('panelOps.goToNode', { search: 'qq-only', pick: SOUTH_NODE }) as vscode.TreeItem | undefined;
    assert.equal(api.session.active?.id, north.url, 'the active panel stays');
    assert.ok(item, 'the node was revealed');
    assert.equal(labelOf(item), SOUTH_NODE);
    assert.ok(item.id?.startsWith(prefixOf('nodes', south)), `inside South's subtree: ${item.id}`);
    await selectedAndStays(api.nodes.view, item, 'the node is selected in the Nodes view');
  });

  it('a saved template of another panel shows its new version in that panel\'s subtree', async () => {
    const template = addTemplate(south, { name: 'South saved template', version: 3 });
    await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
    const item = (await under(api.siteTemplates, names.south)).find((candidate) => (candidate as { template?: { id?: string } }).template?.id === template.id);
    assert.ok(item);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('panelOps.siteTemplates.open', item);
    try {
      await replaceText(editor, VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}} from the south</p>'));
      assert.equal(await editor.document.save(), true);
      assert.equal(south.data.siteTemplates.get(template.id)?.version, 4);
      const shown = api.panels.get(south.url)?.siteTemplates.get(template.id);
      assert.deepEqual(shown?.details.find(([name]) => name === 'version'), ['version', '4'], 'South\'s own store took the saved template');
    } finally {
      await endEditorTest(api);
    }
  });

  it('opens and deletes a site template of another panel on that panel, and its subtree follows', async () => {
    const template = addTemplate(south, { name: 'South only template' });
    await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
    const find = async () => (await under(api.siteTemplates, names.south)).find((item) => (item as { template?: { id?: string } }).template?.id === template.id);
    const item = await find();
    assert.ok(item, 'South\'s subtree lists the template');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('panelOps.siteTemplates.open', item);
    assert.equal(locate(editor.document.uri)?.panelId, south.url, 'the template opens from South');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    north.resetRequests();
    assert.equal(await runOnWithAnswers('panelOps.siteTemplates.delete', [item], 'Delete'), true);
    assert.ok(!south.data.siteTemplates.has(template.id), 'deleted on South');
    assert.equal(requestsTo(north, `/site-templates/${template.id}`).length, 0, 'nothing sent to North');
    assert.equal(await find(), undefined, 'South\'s subtree no longer lists it, without a refresh');
  });
});
