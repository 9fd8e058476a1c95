// Production panels (issue 28): a protected panel's destructive and bulk actions do nothing until its name
// is typed, and say exactly what will change; a read-only panel offers no write action anywhere (the real
// menus and palette of the workbench, chat) and refuses a mutation reached by any path before a request
// leaves; a chat write tool whose previewed state changed is refused as stale; Open SSH Terminal runs ssh
// with the node's host and the panel's SSH settings. Everything through the commands, as an operator works.
import * as assert from 'node:assert/strict';
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { panelAuthority } from '../../src/editors/panelPaths';
import type { SimulatedPanel } from '../panel';
import type { AskedQuestion } from '../../src/prompts/scriptedUserInput';
import {
  children, connectedPanelForActions, eventually, labelOf, nodeItem, PROTECTION_LABELS, requestsTo, runOnWithAnswers, runWithAnswers, userGroup, userItems,
  type TestApi,
} from './support';

type UserItemLike = vscode.TreeItem & { user: { id: string; label: string; state: string } };

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : JSON.stringify(part))).join('');
}

function invoke(name: string, input: object): Thenable<vscode.LanguageModelToolResult> {
  return vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
}

/** Requests that change the panel (every method but GET, except the four checks). */
function changes(panel: SimulatedPanel): string[] {
  return panel.requests
    .filter((request) => request.method !== 'GET' && !/\/(check|preflight\/dns|diagnostics\/web|validate)$/.test(request.path))
    .map((request) => `${request.method} ${request.path}`);
}

/** Plain-labelled users of a group not yet used by another test. */
const used = new Set<string>();
async function freshUsers(api: TestApi, state: string, count: number): Promise<UserItemLike[]> {
  const items = userItems(await children(api.users, await userGroup(api, state))) as UserItemLike[];
  const chosen = items.filter((item) => /^[A-Za-z][A-Za-z .-]{0,40}$/.test(item.user.label) && !used.has(item.user.id)).slice(0, count);
  assert.equal(chosen.length, count, `${count} ${state} users`);
  for (const item of chosen) used.add(item.user.id);
  return chosen;
}

describe('Protection levels: a protected panel', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Production', protection: 'protected' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  before(() => ({ api, panel } = connected));

  it('names the panel and its level in the views, the panel items and the status bar; Set Protection Level… shows the level chosen in Connect', async () => {
    const session = api.session;
    assert.equal(session.panel(panel.url)?.protection, 'protected', 'chosen in Connect');
    assert.equal(api.nodes.view.description?.startsWith('Production · protected'), true, api.nodes.view.description);
    assert.match(api.users.view.description ?? '', /^Production · protected/);
    assert.equal(api.panelStatusItem.text, '$(shield) Production · protected');
    const tooltip = api.panelStatusItem.tooltip;
    assert.match(typeof tooltip === 'string' ? tooltip : tooltip?.value ?? '', /Protection: protected/);
    assert.equal((api.panelStatusItem.backgroundColor as vscode.ThemeColor | undefined)?.id, 'statusBarItem.warningBackground');

    await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.protected);
    const asked = api.input.questions.find((question) => question.kind === 'pick');
    assert.deepEqual(asked?.items, [PROTECTION_LABELS.open, PROTECTION_LABELS.protected, PROTECTION_LABELS.readOnly]);
    assert.deepEqual(asked?.picked, [PROTECTION_LABELS.protected], 'the current level is highlighted: Enter keeps it');

    // A colour marks the panel in the status bar; none takes it away.
    await runWithAnswers('panelOps.setPanelColor', 'Red');
    assert.equal((api.panelStatusItem.color as vscode.ThemeColor | undefined)?.id, 'charts.red');
    await runWithAnswers('panelOps.setPanelColor', 'No color');
    assert.equal(api.panelStatusItem.color, undefined);
  });

  it('does nothing on each guarded action until the panel\'s name is typed, and lists what will change', async function () {
    this.timeout(240_000);
    const [deleted] = await freshUsers(api, 'active', 1);
    const revoked = await freshUsers(api, 'active', 2);
    const disabled = await freshUsers(api, 'active', 2);
    const [rotated] = await freshUsers(api, 'active', 1);
    const templates = await children(api.siteTemplates);
    const draft = templates.find((item) => item.contextValue === 'siteTemplate.custom');
    assert.ok(draft, 'a custom template');
    await children(api.alerts); // Resolve All Shown acts on the alerts the view shows
    const unresolved = [...panel.data.alerts.values()].filter((alert) => !alert.resolved_at);
    assert.ok(unresolved.length > 0, 'unresolved alerts');

    interface Guarded {
      readonly name: string;
      readonly command: string;
      readonly args: () => Promise<unknown[]>;
      readonly action: string;
      /** What the confirmation must list (names and counts). */
      readonly lists: RegExp;
      readonly sent: () => number;
    }
    const actions: Guarded[] = [
      { name: 'Delete User', command: 'panelOps.users.delete', args: async () => [deleted], action: 'Delete', lists: new RegExp(`Delete 1 user: "${deleted.user.label}"`), sent: () => requestsTo(panel, `/keys/${deleted.user.id}`).filter((request) => request.method === 'DELETE').length },
      { name: 'Revoke (selection)', command: 'panelOps.users.revoke', args: async () => [revoked[0], revoked], action: 'Revoke', lists: new RegExp(`Revoke 2 users: "${revoked[0].user.label}", "${revoked[1].user.label}"`), sent: () => requestsTo(panel, /\/keys\/bulk$|\/revoke$/).length },
      { name: 'Disable (bulk)', command: 'panelOps.users.disable', args: async () => [disabled[0], disabled], action: 'Disable', lists: new RegExp(`Disable 2 users: "${disabled[0].user.label}", "${disabled[1].user.label}"`), sent: () => requestsTo(panel, /\/keys\/bulk$|\/disable$/).length },
      { name: 'Rotate Secret', command: 'panelOps.users.rotate', args: async () => [rotated], action: 'Rotate Secret', lists: new RegExp(`Rotate the secret of "${rotated.user.label}"`), sent: () => requestsTo(panel, /\/rotate$/).length },
      { name: 'Restart Node', command: 'panelOps.nodes.restart', args: async () => [await nodeItem(api, 'sgp-6')], action: 'Restart', lists: /Restart the engine of node "sgp-6"/, sent: () => requestsTo(panel, /\/restart$/).length },
      { name: 'Apply Configuration', command: 'panelOps.nodes.apply', args: async () => [await nodeItem(api, 'fra-2')], action: 'Apply Configuration', lists: /Apply the pending configuration of 1 node \(its proxy reloads\): "fra-2"/, sent: () => requestsTo(panel, /\/apply$/).length },
      { name: 'Update Fleet', command: 'panelOps.fleet.update', args: async () => [await nodeItem(api, 'ams-1')], action: 'Update 1 Node', lists: /Update mtg on 1 node: "ams-1"/, sent: () => requestsTo(panel, '/fleet/updates').filter((request) => request.method === 'POST').length },
      { name: 'Delete Template', command: 'panelOps.siteTemplates.delete', args: async () => [draft], action: 'Delete', lists: new RegExp(`Delete the site template "${labelOf(draft)}"`), sent: () => panel.requests.filter((request) => request.method === 'DELETE' && /\/site-templates\//.test(request.path)).length },
      { name: 'Resolve All Shown', command: 'panelOps.alerts.resolveAll', args: async () => [], action: `Resolve ${unresolved.length}`, lists: new RegExp(`Resolve ${unresolved.length} alerts: `), sent: () => requestsTo(panel, /\/resolve$/).length },
    ];
    for (const guarded of actions) {
      const before = guarded.sent();
      // The operator reads what will change, goes on, then types a wrong name and gives up.
      await runOnWithAnswers(guarded.command, await guarded.args(), `${guarded.action}…`, 'production', { cancel: true });
      const confirm = api.input.questions.find((question) => question.kind === 'confirm');
      assert.ok(confirm?.title.startsWith('On the protected panel "Production": '), `${guarded.name}: ${confirm?.title}`);
      assert.match(confirm?.detail ?? '', guarded.lists, `${guarded.name} lists what will change`);
      const typed = api.input.questions.find((question) => question.kind === 'text');
      assert.match(typed?.prompt ?? '', /Type the panel's name, Production, to go ahead/, guarded.name);
      assert.match(typed?.validation.join(' ') ?? '', /Type the panel's name exactly \(Production\)/, `${guarded.name}: a wrong name is not taken`);
      // VS Code shows the validation message in place of the prompt: what will change stays beside the error.
      assert.match(typed?.validation.at(-1) ?? '', guarded.lists, `${guarded.name}: a wrong name keeps what will change in view`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(guarded.sent(), before, `${guarded.name}: nothing sent without the name`);
      // Declined at the first question: nothing either.
      await runOnWithAnswers(guarded.command, await guarded.args(), { cancel: true });
      assert.equal(guarded.sent(), before, `${guarded.name}: nothing sent when declined`);
      // With the name typed, it is sent.
      await runOnWithAnswers(guarded.command, await guarded.args(), `${guarded.action}…`, 'Production');
      await eventually(() => guarded.sent() > before, `${guarded.name}: sent once the name is typed`);
    }
  });

  it('asks for the name before a users-table plan is applied, listing the plan\'s changes', async function () {
    this.timeout(120_000);
    const [user] = await freshUsers(api, 'active', 1);
    api.users.provider.setFilter({ q: user.user.label });
    try {
      const uri = await runWithAnswers('panelOps.users.editAsTable') as vscode.Uri;
      await eventually(() => vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString())?.getText().includes(user.user.label) === true, 'the table is read');
      const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString()) as vscode.TextDocument;
      const row = document.getText().split('\n').find((line) => line.includes(user.user.label)) as string;
      const fields = row.split(',');
      fields[2] = 'note from the table';
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, document.lineAt(document.getText().split('\n').indexOf(row)).range, fields.join(','));
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await document.save());
      const plan = await (async () => {
        await eventually(() => vscode.workspace.textDocuments.some((doc) => doc.uri.path.endsWith('/users-plan.diff')), 'the plan opened');
        return [...vscode.workspace.textDocuments].reverse().find((doc) => doc.uri.path.endsWith('/users-plan.diff')) as vscode.TextDocument;
      })();
      panel.resetRequests();
      await runOnWithAnswers('panelOps.users.applyPlan', [plan.uri], 'Apply Plan…', { cancel: true });
      const confirm = api.input.questions.find((question) => question.kind === 'confirm');
      assert.match(confirm?.detail ?? '', new RegExp(`Change 1 user: "${user.user.label}"`));
      assert.match(confirm?.detail ?? '', /update 1 \(note 1\)/);
      assert.deepEqual(changes(panel), [], 'nothing sent without the name');
      await runOnWithAnswers('panelOps.users.applyPlan', [plan.uri], 'Apply Plan…', 'Production');
      assert.equal(panel.data.keys.get(user.user.id)?.note, 'note from the table');
    } finally {
      api.users.provider.setFilter({});
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('asks for the name before a chat write tool changes it', async () => {
    const [user] = await freshUsers(api, 'active', 1);
    const input = { panel: 'Production', userIds: [user.user.id], enabled: false };
    panel.resetRequests();
    api.input.clear();
    api.input.queue('Disable…', { cancel: true });
    assert.match(textOf(await invoke('set_panel_users_enabled', input)), /did not confirm; nothing was changed/);
    assert.match(api.input.questions[0]?.title ?? '', /^On the protected panel "Production": Disable 1 user on panel "Production \(protected\)"\?/);
    assert.deepEqual(changes(panel), []);
    api.input.queue('Disable…', 'Production');
    assert.match(textOf(await invoke('set_panel_users_enabled', input)), /"changed":\[/);
    assert.equal(requestsTo(panel, /\/disable$/).length, 1);
    api.input.clear();
  });
});

describe('Protection levels: a read-only panel', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Archive', protection: 'readOnly' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  before(() => ({ api, panel } = connected));

  it('offers no write action in the real context menus of its users, nodes and alerts, nor in the command palette', async function () {
    this.timeout(120_000);
    const driver = process.env.PANEL_OPS_UI_DRIVER;
    if (!driver) this.skip();
    const menu = async (view: string, row: string) => {
      const answer = await fetch(`${driver}/menu`, { method: 'POST', body: JSON.stringify({ view, row }) });
      const text = await answer.text();
      assert.equal(answer.status, 200, text);
      return JSON.parse(text) as { items: string[]; submenus: Record<string, string[]> };
    };
    await vscode.commands.executeCommand('workbench.view.extension.panelOps');
    await vscode.commands.executeCommand('panelOps.users.focus');
    const group = await userGroup(api, 'active');
    await api.users.view.reveal(group, { expand: true, select: false, focus: false });
    const [user] = await freshUsers(api, 'active', 1);
    await api.users.view.reveal(user, { select: false, focus: false });
    const users = await menu('Users', user.user.label);
    assert.ok(users.items.includes('Show User Details'), `read actions stay: ${users.items.join(', ')}`);
    for (const write of ['Disable User', 'Edit User…', 'Rotate Secret…', 'Revoke User…', 'Delete User…', 'Add Nodes…', 'Edit Users as Table']) {
      assert.ok(!users.items.includes(write), `${write} is not offered: ${users.items.join(', ')}`);
    }

    await vscode.commands.executeCommand('panelOps.nodes.focus');
    await api.nodes.view.reveal(await nodeItem(api, 'ams-1'), { select: false, focus: false });
    const nodes = await menu('Nodes', 'ams-1');
    assert.ok(nodes.items.includes('Show Node Details…'), nodes.items.join(', '));
    for (const write of ['Apply Configuration', 'Restart Node…', 'Rename/Edit Node…', 'Delete Node…']) {
      assert.ok(!nodes.items.includes(write), `${write} is not offered: ${nodes.items.join(', ')}`);
    }
    const inSubmenus = Object.values(nodes.submenus).flat();
    for (const write of ['Update Fleet…', 'Web Lifecycle…', 'Engine Update…']) assert.ok(!inSubmenus.some((label) => label.startsWith(write.replace('…', ''))), `${write}: ${inSubmenus.join(', ')}`);
    assert.ok(inSubmenus.includes('Open SSH Terminal'), `the terminal is offered: ${JSON.stringify(nodes.submenus)}`);
    // The node's documents open read-only: the menu says Open, not Edit.
    for (const document of ['Blocklist', 'Web Policy', 'Reliability']) {
      assert.ok(inSubmenus.includes(`Open ${document}`), `Open ${document}: ${JSON.stringify(nodes.submenus)}`);
      assert.ok(!inSubmenus.includes(`Edit ${document}`), `Edit ${document}: ${JSON.stringify(nodes.submenus)}`);
    }

    // An unresolved alert about a node: its menu reads, and does not open empty.
    await vscode.commands.executeCommand('panelOps.alerts.focus');
    const alert = (await children(api.alerts)).find((item) => {
      const shown = (item as { alert?: { resolved?: boolean; nodeId?: string; title?: string } }).alert;
      return shown && !shown.resolved && shown.nodeId && /^[A-Za-z][\w .:-]{0,60}$/.test(shown.title ?? '');
    });
    assert.ok(alert, 'an unresolved alert about a node, plainly titled');
    await api.alerts.view.reveal(alert, { select: false, focus: false });
    const alerts = await menu('Alerts', labelOf(alert));
    assert.deepEqual(alerts.items.filter((label) => label !== ''), ['Show Node', 'Copy Alert Details'], `the alert's menu: ${alerts.items.join(', ')}`);
    const shownNode = await vscode.commands.executeCommand<vscode.TreeItem | undefined>('panelOps.alerts.showNode', alert);
    assert.equal((shownNode as { node?: { id?: string } } | undefined)?.node?.id, (alert as unknown as { alert: { nodeId: string } }).alert.nodeId, 'Show Node selects the alert\'s node');
    await vscode.commands.executeCommand('panelOps.alerts.copy', alert);
    assert.match(await vscode.env.clipboard.readText(), new RegExp(`^${labelOf(alert).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n[\\s\\S]*Panel: Archive`), 'Copy Alert Details copies its title and its panel');


    const palette = async (text: string) => {
      const answer = await fetch(`${driver}/palette`, { method: 'POST', body: JSON.stringify({ text }) });
      assert.equal(answer.status, 200, await answer.clone().text());
      return await answer.json() as string[];
    };
    for (const write of ['Create User', 'Import Users', 'Create Node', 'Apply All Pending', 'New Template', 'Edit Users as Table', 'Send Test Notification']) {
      const titles = await palette(`Panel Ops: ${write}`);
      assert.ok(!titles.some((title) => title.includes(write)), `${write} is not in the palette: ${titles.join(' | ')}`);
    }
    assert.ok((await palette('Panel Ops: Set Protection Level')).some((title) => title.includes('Set Protection Level')), 'the palette lists Panel Ops commands');
  });

  it('refuses a mutation reached by any path before a request leaves, and says why', async function () {
    this.timeout(60_000);
    const [first, second] = await freshUsers(api, 'active', 2);
    const node = await nodeItem(api, 'fra-2');
    panel.resetRequests();
    api.input.clear();
    // A command run on an item (a key binding, a menu of an earlier version): the runner's client refuses.
    await vscode.commands.executeCommand('panelOps.users.disable', first);
    await vscode.commands.executeCommand('panelOps.nodes.apply', node);
    // Commands that ask first refuse before asking anything.
    await vscode.commands.executeCommand('panelOps.users.delete', second);
    await vscode.commands.executeCommand('panelOps.users.revoke', first, [first, second]);
    await vscode.commands.executeCommand('panelOps.fleet.update', node);
    await vscode.commands.executeCommand('panelOps.users.create');
    await vscode.commands.executeCommand('panelOps.users.editAsTable');
    await vscode.commands.executeCommand('panelOps.nodes.restart', node);
    // A drop in the Nodes view reorders nodes.
    const transfer = new vscode.DataTransfer();
    api.nodes.dragAndDrop.handleDrag([await nodeItem(api, 'sgp-6')], transfer);
    await api.nodes.dragAndDrop.handleDrop(await nodeItem(api, 'ams-1'), transfer, new vscode.CancellationTokenSource().token);
    // A document saved through the file system.
    const settings = vscode.Uri.from({ scheme: 'panelops', authority: panelAuthority(panel.url), path: '/settings.json' });
    assert.equal((await vscode.workspace.fs.stat(settings)).permissions, vscode.FilePermission.Readonly, 'the panel\'s documents open read-only');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(settings, Buffer.from('{"panel_name": "changed"}\n'))), /read-only in Panel Ops/);
    // The chat tools, and a call of the panel's client itself.
    assert.match(textOf(await invoke('set_panel_users_enabled', { panel: 'Archive', userIds: [first.user.id], enabled: false })), /read-only in Panel Ops: the chat tools only read it/);
    await assert.rejects(api.session.callOn(panel.url, (client, signal) => client.keys.delete(second.user.id, { signal })), /read-only in Panel Ops/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(changes(panel), [], 'no request that changes the panel left');
    assert.equal(api.input.questions.length, 0, 'nothing was asked');
    const told = api.input.notices.map((notice) => notice.message);
    assert.ok(told.filter((message) => /read-only in Panel Ops/.test(message)).length >= 8, told.join('\n'));
    assert.ok(told.some((message) => /^Archive \(read-only\): Could not disable/.test(message)), `the runner names the panel: ${told.join('\n')}`);
    assert.equal(panel.data.keys.get(first.user.id)?.disabled_at, null, 'the panel holds what it held');
  });

  it('says why nothing happens when Apply Configuration\'s key is pressed on a node, or a key or Ctrl+S in one of its documents', async function () {
    this.timeout(90_000);
    const driver = process.env.PANEL_OPS_UI_DRIVER;
    if (!driver) this.skip();
    const press = async (key: string) => {
      const answer = await fetch(`${driver}/key`, { method: 'POST', body: JSON.stringify({ key }) });
      assert.equal(answer.status, 200, await answer.text());
    };
    const sentence = /^"Archive" is read-only in Panel Ops, so nothing was changed or sent\. To act on it, change its level with Set Protection Level…\.$/;
    panel.resetRequests();
    api.input.clear();
    // A node with a pending configuration, focused in the Nodes view.
    await vscode.commands.executeCommand('panelOps.nodes.focus');
    const dirty = (await children(api.nodes)).find((item) => /\.dirty/.test(item.contextValue ?? ''));
    assert.ok(dirty, 'a node with a pending configuration');
    // Through the tree's own reveal, which waits for the view's first drawing (run alone, the view is new).
    const tree = api.nodes.provider as unknown as { reveal(view: vscode.TreeView<vscode.TreeItem>, item: vscode.TreeItem, options: { select: boolean; focus: boolean }): Promise<void> };
    await tree.reveal(api.nodes.view, dirty, { select: true, focus: true });
    await press('Control+Shift+Alt+A');
    await eventually(() => api.input.notices.some((notice) => sentence.test(notice.message)), `the key says why: ${JSON.stringify(api.input.notices)}`);

    // The node's blocklist, opened from the menu's Open Blocklist: read-only, and Ctrl+S says why.
    api.input.clear();
    await vscode.commands.executeCommand('panelOps.nodes.viewBlocklist', await nodeItem(api, 'ams-1'));
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.path.endsWith('blocklist.json'), true, editor?.document.uri.toString());
    assert.equal((await vscode.workspace.fs.stat((editor as vscode.TextEditor).document.uri)).permissions, vscode.FilePermission.Readonly);
    try {
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      await press('Control+S');
      await eventually(() => api.input.notices.some((notice) => sentence.test(notice.message)), `Ctrl+S says why: ${JSON.stringify(api.input.notices)}`);
      // Typing changes nothing, and the document's first line says why and how to change it, as the workbench draws it.
      const before = (editor as vscode.TextEditor).document.getText();
      await press('x');
      const lens = /^"Archive" is read-only in Panel Ops\. To edit, change its level: Set Protection Level…$/;
      let shown: string[] = [];
      for (const deadline = Date.now() + 15_000; !shown.some((text) => lens.test(text.trim())); await new Promise((resolve) => setTimeout(resolve, 200))) {
        assert.ok(Date.now() < deadline, `the lens drawn in the editor: ${JSON.stringify(shown)}`);
        const answer = await fetch(`${driver}/text`, { method: 'POST', body: JSON.stringify({ selector: '.monaco-editor .codelens-decoration' }) });
        shown = JSON.parse(await answer.text()) as string[];
      }
      assert.equal((editor as vscode.TextEditor).document.getText(), before, 'the typed key changed nothing');
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', (editor as vscode.TextEditor).document.uri);
      const ours = lenses.find((candidate) => candidate.command?.command === 'panelOps.setProtection');
      assert.deepEqual(ours?.command?.arguments, [{ panelId: panel.url }], 'the lens sets this panel\'s level');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(changes(panel), [], 'nothing sent');
    // Its terminal names the panel and level without parentheses in parentheses.
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('panelOps.nodes.openSshTerminal', await nodeItem(api, 'ams-1'));
    try {
      assert.equal(terminal.name, 'SSH ams-1 · Archive (read-only)');
    } finally {
      terminal.dispose();
    }
  });

  it('offers chat no write tool and reads as usual', async () => {
    const names = vscode.lm.tools.map((tool) => tool.name);
    assert.ok(names.includes('get_panel_nodes'), names.join(', '));
    const writes = ['set_panel_users_enabled', 'apply_panel_node', 'resolve_panel_alerts'];
    // Chat offers a tool whose `when` clause holds: each write tool is contributed with the key, and the key is false.
    const contributed = (vscode.extensions.getExtension('panel-ops.panel-ops')?.packageJSON as { contributes: { languageModelTools: { name: string; when?: string }[] } }).contributes.languageModelTools;
    for (const write of writes) assert.equal(contributed.find((tool) => tool.name === write)?.when, 'panelOps.chat.mayChange', write);
    assert.equal(api.protectionContext.get('panelOps.chat.mayChange'), false, 'no connected panel lets chat change it');
    // VS Code 1.100 leaves a tool whose `when` is false out of `lm.tools`; from 1.10x on, `lm.tools` lists the tools
    // chat does not offer too (the workbench's getAllToolsIncludingDisabled), and chat's own list applies `when`.
    if (vscode.version.startsWith('1.100.')) {
      for (const write of writes) assert.ok(!names.includes(write), `${write} is offered: ${names.join(', ')}`);
    }
    assert.match(textOf(await invoke('get_panel_nodes', { panel: 'Archive' })), /"sgp-6"/);
    panel.resetRequests();
    assert.match(textOf(await invoke('apply_panel_node', { panel: 'Archive', node: 'sgp-6' })), /read-only in Panel Ops/);
    assert.deepEqual(changes(panel), []);
  });

  it('acts again once its level is open', async () => {
    const [user] = await freshUsers(api, 'active', 1);
    await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.open);
    try {
      assert.equal(api.session.panel(panel.url)?.protection, 'open');
      assert.equal(api.protectionContext.get('panelOps.chat.mayChange'), true, 'chat may change an open panel');
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.users.disable', user);
      assert.equal(requestsTo(panel, /\/disable$/).length, 1);
    } finally {
      await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.readOnly);
    }
  });
});

describe('Chat tools: confirmations bound to what they showed', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Chat panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  before(() => ({ api, panel } = connected));

  it('refuses as stale a write whose previewed users changed on the panel before it was confirmed', async () => {
    const [user] = await freshUsers(api, 'active', 1);
    // The label as the panel holds it before the rename (the view's copy may be a read older).
    const labelBefore = panel.data.keys.get(user.user.id)?.label;
    assert.ok(typeof labelBefore === 'string', 'the user is on the panel');
    const input = { panel: 'Chat panel', userIds: [user.user.id], enabled: false };
    panel.resetRequests();
    api.input.clear();
    api.input.queue('Disable');
    // While the operator reads the confirmation, another operator renames the user on the panel.
    const meanwhile = api.input.onDidAsk((question: AskedQuestion) => {
      if (question.kind !== 'confirm') return;
      const record = panel.data.keys.get(user.user.id);
      if (record) record.label = 'Renamed in the web UI';
    });
    try {
      const answer = textOf(await invoke('set_panel_users_enabled', input));
      assert.match(answer, /Refused as stale: panel "Chat panel" changed after the confirmation was shown, so nothing was changed\. Ask again/);
      const shown = api.input.questions.find((question) => question.kind === 'confirm');
      assert.ok(shown?.detail?.includes(`"${labelBefore}" (active)`), `the confirmation showed the user as read (${labelBefore}; the view showed ${user.user.label}): ${JSON.stringify(api.input.questions)}`);
    } finally {
      meanwhile.dispose();
    }
    assert.equal(requestsTo(panel, /\/disable$/).length, 0, 'nothing sent');
    assert.equal(panel.data.keys.get(user.user.id)?.disabled_at, null);
    // Asked again, the confirmation shows what the panel holds now, and the change goes through.
    api.input.queue('Disable');
    assert.match(textOf(await invoke('set_panel_users_enabled', input)), /"changed":\["Renamed in the web UI"\]/);
    assert.match(api.input.questions.at(-1)?.detail ?? '', /"Renamed in the web UI" \(active\)/);
  });

  it('refuses write tools on a panel whose chat tools only read', async () => {
    const [user] = await freshUsers(api, 'active', 1);
    await runWithAnswers('panelOps.setChatAccess', 'Read only');
    try {
      assert.equal(api.session.panel(panel.url)?.chatTools, 'read');
      panel.resetRequests();
      assert.match(textOf(await invoke('set_panel_users_enabled', { panel: 'Chat panel', userIds: [user.user.id], enabled: false })), /the chat tools only read/);
      assert.deepEqual(changes(panel), []);
    } finally {
      await runWithAnswers('panelOps.setChatAccess', 'Read and change');
    }
  });
});

describe('A terminal on the node', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Fleet panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  const ssh = () => vscode.workspace.getConfiguration('panelOps.ssh');
  before(async () => {
    ({ api, panel } = connected);
    await ssh().update('user', 'ops', vscode.ConfigurationTarget.Global);
    await ssh().update('panels', { [panel.url]: { user: 'deploy', port: 2222, identityFile: '~/.ssh/fleet_ed25519' } }, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await ssh().update('user', undefined, vscode.ConfigurationTarget.Global);
    await ssh().update('panels', undefined, vscode.ConfigurationTarget.Global);
  });

  it('opens a terminal running ssh to the node\'s host with the panel\'s SSH user, port and identity file, and sends nothing', async () => {
    const item = await nodeItem(api, 'sgp-6');
    const hostname = (item as unknown as { node: { hostname: string } }).node.hostname;
    assert.match(hostname, /sgp-6/);
    panel.resetRequests();
    const opened = new Promise<vscode.Terminal>((resolve) => { const once = vscode.window.onDidOpenTerminal((terminal) => { once.dispose(); resolve(terminal); }); });
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('panelOps.nodes.openSshTerminal', item);
    try {
      assert.equal(await opened, terminal);
      const options = terminal.creationOptions as vscode.TerminalOptions;
      const sshArgs = ['-p', '2222', '-i', `${homedir()}/.ssh/fleet_ed25519`, '-l', 'deploy', '--', hostname];
      if (process.platform === 'win32') {
        assert.equal(options.shellPath, 'ssh');
        assert.deepEqual(options.shellArgs, sshArgs);
      } else {
        // ssh under sh, its arguments as positional parameters after the script and the sentence shown on failure.
        assert.equal(options.shellPath, '/bin/sh');
        assert.match((options.shellArgs as string[])[1], /^ssh "\$@";/);
        assert.deepEqual((options.shellArgs as string[]).slice(3), sshArgs);
      }
      assert.equal(terminal.name, 'SSH sgp-6 · Fleet panel');
      assert.deepEqual(panel.requests.map((request) => request.method).filter((method) => method !== 'GET'), [], 'nothing sent to the panel');
    } finally {
      terminal.dispose();
    }
    const copied = await vscode.commands.executeCommand<string>('panelOps.nodes.copySshCommand', item);
    assert.equal(copied, `ssh -p 2222 -i ${homedir()}/.ssh/fleet_ed25519 -l deploy -- ${hostname}`);
    assert.equal(await vscode.env.clipboard.readText(), copied);
  });

  it('keeps the terminal of an ssh that fails at once, with ssh\'s error and its exit status, until Enter', async function () {
    if (process.platform === 'win32') this.skip();
    this.timeout(60_000);
    // The demo's hosts (*.proxy.example.net) do not resolve: ssh fails within a moment, with status 255.
    const item = await nodeItem(api, 'sgp-6');
    const hostname = (item as unknown as { node: { hostname: string } }).node.hostname;
    let closed: vscode.Terminal | undefined;
    const watch = vscode.window.onDidCloseTerminal((terminal) => { closed = terminal; });
    const terminal = await vscode.commands.executeCommand<vscode.Terminal>('panelOps.nodes.openSshTerminal', item);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      assert.equal(closed, undefined, 'the terminal stays');
      assert.ok(vscode.window.terminals.includes(terminal));
      assert.equal(terminal.exitStatus, undefined, 'still waiting for Enter');
      // What the terminal shows, as an operator would copy it.
      terminal.show();
      let shown = '';
      for (const deadline = Date.now() + 15_000; !/exit status 255/.test(shown) && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await vscode.env.clipboard.writeText('');
        await vscode.commands.executeCommand('workbench.action.terminal.selectAll');
        await vscode.commands.executeCommand('workbench.action.terminal.copySelection');
        shown = await vscode.env.clipboard.readText();
      }
      assert.ok(shown.includes(`Could not resolve hostname ${hostname}`), `ssh's own error stays readable: ${shown}`);
      assert.match(shown, /ssh ended with exit status 255\. Press Enter to close this terminal\./);
      terminal.sendText('');
      await eventually(() => closed === terminal, 'Enter closes it');
      assert.equal((terminal.exitStatus as vscode.TerminalExitStatus | undefined)?.code, 0, 'no second alert of the exit code');
    } finally {
      watch.dispose();
      terminal.dispose();
    }
  });

  it('says so for a node without a host, and refuses a host that is not one, opening no terminal', async () => {
    let openedAny = false;
    const watch = vscode.window.onDidOpenTerminal(() => { openedAny = true; });
    try {
      api.input.clear();
      const noHost = { panelId: panel.url, node: { id: 'no-host', name: 'bare-node', hostname: '', ip: null } };
      assert.equal(await vscode.commands.executeCommand('panelOps.nodes.openSshTerminal', noHost), undefined);
      assert.match(api.input.notices.at(-1)?.message ?? '', /gives no host name or address for node "bare-node", so there is nothing to connect to/);
      const hostile = { panelId: panel.url, node: { id: 'hostile', name: 'evil', hostname: '-oProxyCommand=touch /tmp/pwned' } };
      assert.equal(await vscode.commands.executeCommand('panelOps.nodes.openSshTerminal', hostile), undefined);
      assert.match(api.input.notices.at(-1)?.message ?? '', /is not a host name or IP address, so it is not passed to ssh/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(openedAny, false);
    } finally {
      watch.dispose();
    }
  });
});

describe('Protection levels: a plan of a panel made read-only', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Archive', protection: 'readOnly' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  before(() => ({ api, panel } = connected));

  it('shows on a users-table plan, instead of Apply Plan, the sentence naming its level and how to change it', async function () {
    this.timeout(120_000);
    // Any plain-labelled active user (not marked used: the only test on this panel).
    const user = (userItems(await children(api.users, await userGroup(api, 'active'))) as UserItemLike[]).find((item) => /^[A-Za-z][A-Za-z .-]{0,40}$/.test(item.user.label));
    assert.ok(user, 'a plain-labelled active user');
    const lenses = async (uri: vscode.Uri) => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).map((lens) => lens.command);
    // A plan made while the panel was open, then the panel made read-only.
    await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.open);
    api.users.provider.setFilter({ q: user.user.label });
    try {
      const uri = await runWithAnswers('panelOps.users.editAsTable') as vscode.Uri;
      await eventually(() => vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString())?.getText().includes(user.user.label) === true, 'the table is read');
      const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString()) as vscode.TextDocument;
      const lines = document.getText().split('\n');
      const row = lines.find((line) => line.includes(user.user.label)) as string;
      const fields = row.split(',');
      fields[2] = 'note from the table';
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, document.lineAt(lines.indexOf(row)).range, fields.join(','));
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await document.save());
      await eventually(() => vscode.workspace.textDocuments.some((doc) => doc.uri.path.endsWith('/users-plan.diff')), 'the plan opened');
      const plan = [...vscode.workspace.textDocuments].reverse().find((doc) => doc.uri.path.endsWith('/users-plan.diff')) as vscode.TextDocument;
      assert.deepEqual((await lenses(plan.uri)).map((command) => command?.command), ['panelOps.users.applyPlan'], 'Apply Plan on an open panel');
      await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.readOnly);
      panel.resetRequests();
      const [said] = await lenses(plan.uri);
      assert.equal(said?.title, '$(lock) "Archive" is read-only in Panel Ops: to apply this plan, change its level with Set Protection Level….');
      assert.equal(said?.command, 'panelOps.setProtection', 'the lens opens Set Protection Level… for this panel');
      assert.deepEqual(said?.arguments, [panel.url]);
      assert.deepEqual(changes(panel), [], 'nothing sent');
      assert.equal(panel.data.keys.get(user.user.id)?.note === 'note from the table', false);
    } finally {
      api.users.provider.setFilter({});
      await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.readOnly);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
