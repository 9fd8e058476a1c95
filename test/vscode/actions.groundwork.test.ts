// The groundwork every action stands on, inside a real VS Code against the simulated panel: the keys
// store moves a disabled user between groups and the Users section under its nodes follows, without
// reloading the views, while the counts are the panel's (one re-read of the groups it touched); a lost answer is reconciled by re-reading, never by sending the
// change again; tree items stay bound to the panel they came from; alerts resolve in one request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { startPanel } from '../panel';
import { addTemplate, endEditorTest, openFromView, replaceText, VALID_HTML } from './editorSupport';
import { children, connect, connectedPanel, eventually, nodeUsersSection, requestsTo, signOut, until, userGroup, userItems, type TestApi } from './support';


/** A user of the active group bound to at least one node, as its tree item. */
async function activeUserWithNode(api: TestApi): Promise<vscode.TreeItem & { user: { id: string; label: string; nodes?: { node_id: string; node_name?: string }[] } }> {
  const users = userItems(await children(api.users, await userGroup(api, 'active'))) as (vscode.TreeItem & { user: { id: string; label: string; nodes?: { node_id: string; node_name?: string }[] } })[];
  const user = users.find((item) => (item.user.nodes ?? []).length > 0);
  assert.ok(user, 'an active user bound to a node');
  return user;
}


describe('Actions groundwork: stores, one runner, panel-bound items', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  beforeEach(() => {
    panel.clearFaults();
    api.input.clear();
    void api.users.provider.refresh();
  });

  it('a disable moves the user to the disabled group at once, its item under a node follows, and the two groups show the panel\'s counts after one re-read of just them', async () => {
    const user = await activeUserWithNode(api);
    const nodeName = user.user.nodes?.[0].node_name ?? '';
    const section = await nodeUsersSection(api, nodeName);
    const underNode = userItems(await children(api.nodes, section)).find((item) => (item as unknown as { user: { id: string } }).user.id === user.user.id);
    assert.ok(underNode, 'the user shows under its node');
    assert.equal(underNode.contextValue, 'user.active');
    const active = await userGroup(api, 'active');
    const disabled = await userGroup(api, 'disabled');
    const before = { active: Number(active.description), disabled: Number(disabled.description) };

    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.disable', user);

    assert.equal(underNode.contextValue, 'user.disabled', 'the item under the node shows the new state');
    const disabledUsers = userItems(await children(api.users, disabled));
    assert.ok(disabledUsers.some((item) => (item as unknown as { user: { id: string } }).user.id === user.user.id), 'listed in the disabled group');
    // The counts are the panel's: read again shortly after the change, never adjusted locally.
    await eventually(() => active.description === String(before.active - 1) && disabled.description === String(before.disabled + 1),
      `the groups show the panel's counts (active ${String(active.description)}, disabled ${String(disabled.description)})`);
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/disable`).length, 1);
    // Opening the disabled group read its first page; the re-read counted the two groups the user moved between, once each.
    // (A group this change does not touch may be read meanwhile for reasons of its own: a user an earlier
    // test created turning active once its node applied it.)
    const pages = requestsTo(panel, '/keys').filter((request) => request.query.per_page !== '1' && ['active', 'disabled'].includes(String(request.query.state)));
    assert.deepEqual(pages.map((request) => request.query.state), ['disabled']);
    const counted = requestsTo(panel, '/keys').filter((request) => request.query.per_page === '1').map((request) => request.query.state).sort();
    assert.deepEqual(counted, ['active', 'disabled']);
    assert.equal(panel.data.keys.get(user.user.id)?.disabled_at !== null, true);

    await vscode.commands.executeCommand('panelOps.users.enable', disabledUsers.find((item) => (item as unknown as { user: { id: string } }).user.id === user.user.id));
    assert.equal(underNode.contextValue, 'user.active');
    await eventually(() => disabled.description === String(before.disabled) && active.description === String(before.active), 'the groups show the panel\'s counts again');
  });

  it('after a lost answer it re-reads the user instead of sending the change again', async () => {
    const user = await activeUserWithNode(api);
    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: new RegExp(`/keys/${user.user.id}/disable$`) } });
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.disable', user);
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/disable`).length, 1, 'the disable was sent once');
    assert.equal(requestsTo(panel, `/keys/${user.user.id}`).filter((request) => request.method === 'GET').length, 1, 'then the user was read back');
    await until(api.users.provider.onDidChangeTreeData as vscode.Event<unknown>, () => user.contextValue === 'user.disabled');
    assert.ok(api.input.notices.some((notice) => notice.severity === 'info' && /now holds .* as disabled/.test(notice.message)), 'the user is told what the panel holds');
    await vscode.commands.executeCommand('panelOps.users.enable', user);
  });

  it('an answer that arrived but could not be read is reconciled the same way', async () => {
    const user = await activeUserWithNode(api);
    panel.inject({ kind: 'malformed-json', match: { method: 'POST', path: new RegExp(`/keys/${user.user.id}/disable$`) } });
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.disable', user);
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/disable`).length, 1);
    assert.equal(requestsTo(panel, `/keys/${user.user.id}`).filter((request) => request.method === 'GET').length, 1);
    // The simulated panel applies nothing on this fault: the item shows what the panel holds.
    assert.equal(user.contextValue, 'user.active');
  });

  it('a refusal is told in one sentence that names the scope it needs', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['users:read', 'nodes:read', 'monitoring:read'] });
    await connect(panel, secret, { preset: 'fullRights' }); // the user claims more than the token has
    try {
      void api.users.provider.refresh();
      const user = await activeUserWithNode(api);
      await vscode.commands.executeCommand('panelOps.users.disable', user);
      const errors = api.input.notices.filter((notice) => notice.severity === 'error');
      assert.equal(errors.length, 1);
      assert.match(errors[0].message, /^Could not disable ".*": .*users:write/);
      assert.equal(user.contextValue, 'user.active', 'nothing changed');
      assert.equal(api.session.capabilities.hasScope('users:write'), false, 'the refusal was learned');
    } finally {
      await connect(panel, panel.tokens.owner);
    }
  });

  it('an item acts on the panel it came from, even after switching to another panel', async () => {
    const user = await activeUserWithNode(api);
    const other = await startPanel({ dataset: 'empty' });
    try {
      await connect(other, other.tokens.owner, { name: 'Other panel' });
      assert.equal(api.session.active?.url, other.url);
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.users.disable', user);
      assert.equal(requestsTo(panel, `/keys/${user.user.id}/disable`).length, 1, 'sent to the panel the item came from');
      assert.equal(other.requests.filter((request) => request.path.includes('/keys/')).length, 0, 'nothing went to the active panel');
      assert.notEqual(panel.data.keys.get(user.user.id)?.disabled_at, null);
      await vscode.commands.executeCommand('panelOps.users.enable', user);
    } finally {
      await signOut(other);
      await other.close();
      await api.session.switchTo(panel.url);
    }
  });

  it('an editor opened from a panel saves to that panel after switching to another', async () => {
    const template = addTemplate(panel, { name: 'Stays on its panel' });
    const editor = await openFromView(api, template.id);
    const other = await startPanel({ dataset: 'demo' });
    try {
      await connect(other, other.tokens.owner, { name: 'Other panel' });
      assert.equal(api.session.active?.url, other.url, 'the other panel is active now');
      const changed = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}} from panel A</p>');
      await replaceText(editor, changed);
      panel.resetRequests();
      assert.equal(await editor.document.save(), true);
      assert.equal(requestsTo(panel, `/site-templates/${template.id}`).filter((request) => request.method === 'PUT').length, 1, 'saved to the panel it came from');
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, changed);
      assert.equal(other.requests.filter((request) => request.path.includes('/site-templates')).length, 0, 'nothing went to the active panel');
    } finally {
      await endEditorTest(api);
      await signOut(other);
      await other.close();
      await api.session.switchTo(panel.url);
    }
  });

  it('resolves a selection of alerts with one request and the status bar follows at once', async () => {
    await api.alertsStore.refresh();
    const unresolved = (await children(api.alerts)).filter((item) => /^alert\.unresolved\b/.test(item.contextValue ?? ''));
    assert.ok(unresolved.length >= 2);
    const before = api.alertsStore.unresolved ?? 0;
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.alerts.resolve', unresolved[0], [unresolved[0], unresolved[1]]);
    const posts = requestsTo(panel, '/alerts/resolve');
    assert.equal(posts.length, 1, 'one POST /alerts/resolve for the selection');
    assert.equal(requestsTo(panel, '/alerts').length, 0, 'the count follows without reading the alerts again');
    assert.equal(api.alertsStore.unresolved, before - 2);
    assert.match(String(api.statusBarItem.text), new RegExp(`\\b${before - 2}\\b`));
  });
});
