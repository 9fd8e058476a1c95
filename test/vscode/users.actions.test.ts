// Acting on existing users through their menus, against the simulated panel: edit, revoke, rotate (also
// with the answer lost), delete, bulk actions on a selection, bindings, links and subscription (clipboard,
// never the log), details, and export of a group to a new editor tab.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { children, connectedPanelForActions, eventually, labelOf, requestsTo, runOnWithAnswers, until, userGroup, userItems, type TestApi } from './support';

type UserItemLike = vscode.TreeItem & { user: { id: string; label: string; state: string; secret?: string; nodes?: { node_id: string; node_name?: string }[] } };


/**
 * Users of a group with a plain label (the demo also holds hostile ones), not yet used by another test,
 * from one reading of the group (as the view shows them: reading it again renders new items).
 */
const used = new Set<string>();
async function freshUsers(api: TestApi, state: string, count: number, accept: (item: UserItemLike) => boolean = () => true): Promise<UserItemLike[]> {
  const items = userItems(await children(api.users, await userGroup(api, state))) as UserItemLike[];
  const chosen = items.filter((candidate) => /^[A-Za-z][A-Za-z .-]*$/.test(candidate.user.label) && !used.has(candidate.user.id) && accept(candidate)).slice(0, count);
  assert.equal(chosen.length, count, `${count} ${state} users for this test`);
  for (const item of chosen) used.add(item.user.id);
  return chosen;
}

async function freshUser(api: TestApi, state: string, accept?: (item: UserItemLike) => boolean): Promise<UserItemLike> {
  return (await freshUsers(api, state, 1, accept))[0];
}

function filesUnder(directory: string): string[] {
  try {
    return readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  } catch {
    return [];
  }
}

describe('Users: actions on existing users', () => {
  const connected = connectedPanelForActions();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('edits label and note with the current values pre-filled, sending only what changed', async () => {
    const user = await freshUser(api, 'active');
    const before = panel.data.keys.get(user.user.id);
    const label = user.user.label;
    const told = await runOnWithAnswers('panelOps.users.edit', [user], 'Label', 'Renamed user', 'Note', 'a new note', 'Save');
    const labelBox = api.input.questions.find((question) => question.kind === 'text');
    assert.equal(labelBox?.value, label, 'the label box opens with the current label');
    const after = panel.data.keys.get(user.user.id);
    assert.equal(after?.label, 'Renamed user');
    assert.equal(after?.note, 'a new note');
    assert.equal(after?.owner_label, before?.owner_label, 'untouched fields stay');
    assert.equal(labelOf(user), 'Renamed user', 'the item shows the new label');
    assert.match(String(told), /Saved "Renamed user"/);
  });

  it('revokes after a modal that names the user and says it is permanent', async () => {
    const user = await freshUser(api, 'active');
    const revokedBefore = Number((await userGroup(api, 'revoked')).description);
    await runOnWithAnswers('panelOps.users.revoke', [user], 'Revoke');
    const modal = api.input.questions[0];
    assert.equal(modal.kind, 'confirm');
    assert.ok(modal.title.includes(user.user.label));
    assert.match(modal.detail ?? '', /permanent/);
    assert.equal(panel.data.keys.get(user.user.id)?.status, 'revoked');
    // The count is the panel's: read again shortly after the change, not raised locally.
    const revoked = await userGroup(api, 'revoked');
    await eventually(() => revoked.description === String(revokedBefore + 1), `the revoked group shows ${revokedBefore + 1}, not ${String(revoked.description)}`);
  });

  it('a revoke whose answer was lost resolves with what the panel holds now, like rotate and delete', async () => {
    const user = await freshUser(api, 'active');
    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: `/keys/${user.user.id}/revoke` } });
    panel.resetRequests();
    const settled = await runOnWithAnswers('panelOps.users.revoke', [user], 'Revoke');
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/revoke`).length, 1, 'sent once');
    assert.equal(panel.data.keys.get(user.user.id)?.status, 'revoked');
    assert.match(String(settled), /The panel now holds ".*" as revoked/);
  });

  it('cancelling the modal sends nothing', async () => {
    const user = await freshUser(api, 'active');
    panel.resetRequests();
    await runOnWithAnswers('panelOps.users.delete', [user], { cancel: true });
    assert.equal(requestsTo(panel, `/keys/${user.user.id}`).length, 0);
    assert.ok(panel.data.keys.has(user.user.id));
  });

  it('rotates the secret after saying every link handed out breaks; a lost answer is settled by comparing the secret, never by rotating again', async () => {
    const user = await freshUser(api, 'active');
    const first = panel.data.keys.get(user.user.id)?.secret;
    const told = await runOnWithAnswers('panelOps.users.rotate', [user], 'Rotate Secret');
    assert.match(api.input.questions[0].detail ?? '', /link already handed out/);
    const second = panel.data.keys.get(user.user.id)?.secret;
    assert.notEqual(second, first);
    assert.match(String(told), /Rotated the secret/);

    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: `/keys/${user.user.id}/rotate` } });
    panel.resetRequests();
    const settled = await runOnWithAnswers('panelOps.users.rotate', [user], 'Rotate Secret');
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/rotate`).length, 1, 'sent once');
    assert.notEqual(panel.data.keys.get(user.user.id)?.secret, second);
    assert.match(String(settled), /was rotated/);
  });

  it('deletes a user: it leaves its group and the panel', async () => {
    const user = await freshUser(api, 'disabled');
    const countBefore = Number((await userGroup(api, 'disabled')).description);
    await runOnWithAnswers('panelOps.users.delete', [user], 'Delete');
    assert.equal(panel.data.keys.has(user.user.id), false);
    const disabled = await userGroup(api, 'disabled');
    await eventually(() => disabled.description === String(countBefore - 1), `the disabled group shows ${countBefore - 1}, not ${String(disabled.description)}`);
    const left = userItems(await children(api.users, await userGroup(api, 'disabled'))) as UserItemLike[];
    assert.equal(left.some((item) => item.user.id === user.user.id), false);
  });

  it('disables a selection with one bulk request, and a bulk revoke names the user that failed and why', async () => {
    const [a, b] = await freshUsers(api, 'active', 2);
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.disable', a, [a, b]);
    if (panel.readings.of('POST /keys/bulk') !== 'third') {
      assert.equal(requestsTo(panel, '/keys/bulk').length, 1);
      assert.equal(requestsTo(panel, /\/disable$/).length, 0);
    } else {
      // A panel that takes another bulk body: refused once (a 400 changed nothing), then each user's own route.
      assert.deepEqual(requestsTo(panel, '/keys/bulk').map((request) => request.status), [400]);
      assert.equal(requestsTo(panel, /\/disable$/).length, 2);
      assert.ok(api.input.notices.some((notice) => /The panel does not take .* in a bulk change; changing the 2 users one at a time instead\. The panel said: ".*"\./.test(notice.message)), JSON.stringify(api.input.notices));
    }
    assert.ok(panel.data.keys.get(a.user.id)?.disabled_at);
    assert.ok(panel.data.keys.get(b.user.id)?.disabled_at);
    await until(api.users.provider.onDidChangeTreeData as vscode.Event<unknown>, () => a.contextValue?.startsWith('user.disabled') === true && b.contextValue?.startsWith('user.disabled') === true);

    const revoked = await freshUser(api, 'revoked');
    const c = await freshUser(api, 'active');

    const told = await runOnWithAnswers('panelOps.users.revoke', [c, [c, revoked]], 'Revoke');
    assert.match(api.input.questions[0].title, /Revoke 2 users/);
    assert.equal(panel.data.keys.get(c.user.id)?.status, 'revoked');
    assert.ok(String(told).includes(`"${revoked.user.label}" is revoked`), String(told));
    if (panel.readings.of('POST /keys/bulk') === 'third') assert.equal(requestsTo(panel, '/keys/bulk').length, 1, 'the refusal is remembered for this panel: no second bulk body');
  });

  it('a bulk action reads each node its users are bound to once, however many of them share it', async () => {
    await children(api.nodes); // the nodes store holds the panel's nodes
    const first = await freshUser(api, 'active', (item) => (item.user.nodes ?? []).length > 0);
    const shared = first.user.nodes?.[0].node_id ?? '';
    const others = await freshUsers(api, 'active', 2, (item) => (item.user.nodes ?? []).some((binding) => binding.node_id === shared));
    const users = [first, ...others];
    const nodeIds = new Set(users.flatMap((user) => (user.user.nodes ?? []).map((binding) => binding.node_id)));
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.disable', first, users);
    await eventually(() => [...nodeIds].every((id) => requestsTo(panel, `/nodes/${id}`).length > 0), 'the users\' nodes are read again');
    await new Promise((resolve) => setTimeout(resolve, 300)); // any further read would have been sent by now
    for (const id of nodeIds) assert.equal(requestsTo(panel, `/nodes/${id}`).length, 1, `GET /nodes/${id} once`);
  });

  it('enabling a selection says which users stay expired, since enabling does not lift an access date', async () => {
    const expired = await freshUser(api, 'expired');
    const disabled = await freshUser(api, 'disabled');
    const told = await runOnWithAnswers('panelOps.users.enable', [disabled, [disabled, expired]]);
    assert.equal(panel.data.keys.get(disabled.user.id)?.disabled_at, null);
    assert.ok(String(told).includes(`stay expired: "${expired.user.label}"`), String(told));
    assert.equal(String(told).includes(`"${disabled.user.label}"`), panel.data.keys.get(disabled.user.id)?.expires_at !== null && Date.parse(String(panel.data.keys.get(disabled.user.id)?.expires_at)) < Date.now());
  });

  it('a notification quoting a label with link syntax shows it without the link', async () => {
    const link = '[x](command:panelOps.signOut)';
    await api.input.notify('info', `Hello ${link}`);
    assert.equal(api.input.notices.at(-1)?.message, 'Hello [x] (command:panelOps.signOut)', 'notify breaks the link up itself');

    // A real caller that passes the label as the panel sent it (enabling a user that stays expired).
    const disabled = await freshUser(api, 'disabled');
    const record = panel.data.keys.get(disabled.user.id);
    assert.ok(record);
    record.label = link;
    record.expires_at = '2020-01-01T00:00:00Z';
    await runOnWithAnswers('panelOps.users.enable', [disabled]);
    const notice = api.input.notices.find((candidate) => candidate.message.includes('stays expired'));
    assert.ok(notice, api.input.notices.map((candidate) => candidate.message).join(' | '));
    assert.ok(notice.message.includes('"[x] (command:panelOps.signOut)"'), notice.message);
    assert.ok(!notice.message.includes(link), 'no link syntax reaches the notification');
  });

  it('adds a node to a user and removes it again; the last binding cannot be removed', async () => {
    const user = await freshUser(api, 'active', (item) => (item.user.nodes ?? []).length === 1);
    const bound = user.user.nodes?.[0].node_name;
    const other = [...panel.data.nodes.values()].find((node) => node.name !== bound && node.status === 'online');
    assert.ok(other);
    await runOnWithAnswers('panelOps.users.addNodes', [user], [other.name]);
    assert.ok(!api.input.questions[0].items?.includes(bound ?? ''), 'nodes already bound are not offered');
    assert.equal(panel.data.keys.get(user.user.id)?.bindings.length, 2);
    const bindings = await children(api.users, user);
    assert.equal(bindings.length, 2);
    assert.ok(bindings.every((binding) => /pending/.test(String(binding.description))), 'both nodes show the change pending');

    const added = bindings.find((binding) => labelOf(binding) === other.name);
    await vscode.commands.executeCommand('panelOps.users.removeNode', added);
    assert.equal(panel.data.keys.get(user.user.id)?.bindings.length, 1);
    const [last] = await children(api.users, user);
    panel.resetRequests();
    const told = await vscode.commands.executeCommand('panelOps.users.removeNode', last);
    assert.match(String(told), /cannot be removed/);
    assert.equal(requestsTo(panel, /\/bindings\//).length, 0);
  });

  it('copies a link and all links to the clipboard; no secret or link reaches the log', async () => {
    const user = await freshUser(api, 'active', (item) => (item.user.nodes ?? []).length >= 1);
    const node = user.user.nodes?.[0].node_name ?? '';
    await runOnWithAnswers('panelOps.users.copyLink', [user], `${node} (tme)`);
    const secret = panel.data.keys.get(user.user.id)?.secret ?? '';
    const copied = await vscode.env.clipboard.readText();
    assert.match(copied, /^https:\/\/t\.me\/proxy\?/);
    assert.ok(copied.includes(secret));
    await runOnWithAnswers('panelOps.users.copyAllLinks', [user]);
    const all = (await vscode.env.clipboard.readText()).split('\n');
    assert.equal(all.length, 2 * (user.user.nodes ?? []).length);
    assert.ok(all.some((link) => link.startsWith('tg://proxy?')));
    assert.equal(String(user.tooltip && (user.tooltip as vscode.MarkdownString).value).includes(secret), false);

    // Make the extension log a failure, then check the log file has it and no secret.
    panel.inject({ kind: 'status', status: 500, match: { method: 'GET', path: `/keys/${user.user.id}/links` } });
    await runOnWithAnswers('panelOps.users.copyLink', [user]);
    const logDirectory = api.logUri.fsPath;
    let text = '';
    for (let attempt = 0; attempt < 50 && !text.includes('Could not read the links'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = filesUnder(join(logDirectory, '..')).filter((file) => file.endsWith('.log')).map((file) => readFileSync(file, 'utf8')).join('\n');
    }
    assert.ok(text.includes('Could not read the links'), 'the log holds the failure');
    assert.equal(text.includes(secret), false, 'the log holds no secret');
    assert.equal(/tg:\/\/proxy|t\.me\/proxy/.test(text), false, 'the log holds no link');
  });

  it('creates a subscription, copies its short URL, and deletes it after asking', async () => {
    const user = await freshUser(api, 'active', (item) => !item.contextValue?.endsWith('.subscribed'));
    await runOnWithAnswers('panelOps.users.createSubscription', [user]);
    assert.equal(panel.data.keys.get(user.user.id)?.subscription_active, true);
    assert.match(user.contextValue ?? '', /\.subscribed$/);
    await runOnWithAnswers('panelOps.users.copySubscriptionUrl', [user]);
    const url = panel.data.keys.get(user.user.id)?.subscription_short_url;
    assert.ok(url);
    assert.equal(await vscode.env.clipboard.readText(), url);
    await runOnWithAnswers('panelOps.users.deleteSubscription', [user], 'Delete Subscription');
    assert.match(api.input.questions[0].title, /Delete the subscription/);
    assert.equal(panel.data.keys.get(user.user.id)?.subscription_active, false);
    assert.equal(user.contextValue?.endsWith('.subscribed'), false);
  });

  it('shows presence and stats of a user in a read-only tab', async () => {
    const user = await freshUser(api, 'active');
    panel.resetRequests();
    await runOnWithAnswers('panelOps.users.showDetails', [user]);
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/presence`).length, 1);
    assert.equal(requestsTo(panel, `/keys/${user.user.id}/stats`).length, 1);
    const details = JSON.parse(vscode.window.activeTextEditor?.document.getText() ?? '{}') as { user?: { label?: string; secret?: string }; presence?: object; stats?: { series?: unknown[] } };
    assert.equal(details.user?.label, user.user.label);
    assert.equal(details.user?.secret, undefined);
    assert.ok(details.presence);
    assert.ok(Array.isArray(details.stats?.series));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('exports a group to CSV in a new tab, every page, no secrets', async () => {
    const expired = await userGroup(api, 'expired');
    const count = Number(expired.description);
    const told = await runOnWithAnswers('panelOps.users.export', [expired], 'CSV');
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    const lines = text.trimEnd().split('\n');
    assert.ok(lines[0].startsWith('id,label,type,state'));
    assert.equal(lines.length, count + 1, 'a header and one line per user');
    assert.match(String(told), new RegExp(`Exported ${count} users`));
    const secrets = [...panel.data.keys.values()].map((key) => key.secret);
    assert.equal(secrets.some((secret) => text.includes(secret)), false);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('exports every user (no filter) to JSON from the view title', async () => {
    const told = await runOnWithAnswers('panelOps.users.export', [], 'JSON');
    const exported = JSON.parse(vscode.window.activeTextEditor?.document.getText() ?? 'null') as { id: string }[];
    assert.equal(exported.length, panel.data.keys.size);
    assert.deepEqual(new Set(exported.map((item) => item.id)), new Set(panel.data.keys.keys()));
    assert.match(String(told), new RegExp(`Exported ${panel.data.keys.size} users`));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('shows the panel\'s user figures from /keys/summary in the view description while unfiltered', async () => {
    panel.resetRequests();
    await children(api.users);
    for (let attempt = 0; attempt < 50 && !/users/.test(api.users.view.description ?? ''); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(requestsTo(panel, '/keys/summary').length, 1);
    const online = [...panel.data.keys.values()].filter((key) => key.live.online).length;
    // The panel's figures only: a summary that says nothing of who is online (the third reading's) shows none.
    const saysOnline = panel.readings.of('GET /keys/summary') !== 'third';
    assert.match(api.users.view.description ?? '', new RegExp(`^Test panel · ${panel.data.keys.size} users${saysOnline ? ` · ${online} online` : '$'}`));
  });
});
