// Creating users the way an operator does, against the simulated panel: the Create User wizard (started
// from a node's Users section, a 422 on the nodes step corrected there), a lost answer that leaves exactly
// one user, a batch, and an import whose invalid line is marked in the file.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { children, connectedPanelForActions, nodeUsersSection, requestsTo, runOnWithAnswers, runWithAnswers, until, type TestApi } from './support';

type UserItemLike = vscode.TreeItem & { user: { id: string; label: string; state: string } };

function keysLabelled(panel: SimulatedPanel, label: string) {
  return [...panel.data.keys.values()].filter((key) => key.label === label);
}

function nodeId(panel: SimulatedPanel, name: string): string {
  const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === name);
  assert.ok(node, `node ${name}`);
  return node.id;
}


describe('Users: create, batch, import', () => {
  const connected = connectedPanelForActions();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('creates a user from a node\'s Users section: the node is pre-selected, a 422 on the nodes step is corrected there, the user is shown selected', async () => {
    const section = await nodeUsersSection(api, 'ams-1');
    await api.nodesStore.load();
    const amsId = nodeId(panel, 'ams-1');
    assert.equal(api.nodesStore.get(amsId)?.dirty, false, 'ams-1 starts with nothing pending');
    panel.resetRequests();
    // Label, type, nodes (the operator clears the pre-selected node: contract 2.2 wants at least one, so the
    // nodes step asks again at once, nothing is sent), expiry.
    const told = await runOnWithAnswers('panelOps.users.create', [section], 'wizard-user', 'SHARED', [], ['ams-1'], '30 days', 'Copy Link', 'ams-1 (tg)');

    const questions = api.input.questions;
    assert.deepEqual(questions.map((question) => question.kind), ['text', 'pick', 'pickMany', 'pickMany', 'pick', 'pick']);
    assert.match(questions[0].title, /Create User/);
    assert.deepEqual(questions[2].picked, ['ams-1'], 'the node it was started from is pre-selected');
    assert.match(questions[3].problem ?? '', /at least one node/i, 'the nodes step says why it asks again');
    assert.equal(requestsTo(panel, '/keys').filter((request) => request.method === 'POST').length, 1, 'zero nodes is refused locally: one POST, the one that created');

    const created = keysLabelled(panel, 'wizard-user');
    assert.equal(created.length, 1);
    assert.equal(created[0].type, 'SHARED');
    assert.deepEqual(created[0].bindings.map((binding) => binding.node_id), [amsId]);
    const days = (Date.parse(String(created[0].expires_at)) - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `expires in 30 days (${days})`);
    assert.match(String(told), /Created "wizard-user"/);
    const notice = api.input.notices.find((candidate) => candidate.message.startsWith('Created "wizard-user"'));
    assert.deepEqual(notice?.actions, ['Copy Link', 'Show QR'], 'both buttons: panelOps.users.showQr is always registered');
    const copied = await vscode.env.clipboard.readText();
    assert.ok(copied.startsWith('tg://proxy?') && copied.endsWith(`secret=${created[0].secret}`), 'Copy Link put the new user\'s app link on the clipboard');

    const selected = api.users.view.selection as UserItemLike[];
    assert.equal(selected.length, 1, 'the new user is selected');
    assert.equal(selected[0].user.label, 'wizard-user');
    await until(api.nodesStore.onDidChange as vscode.Event<unknown>, () => api.nodesStore.get(amsId)?.dirty === true);
    const bindings = await children(api.users, selected[0]);
    assert.match(bindings[0].description?.toString() ?? '', /pending/, 'its node shows the configuration is not applied yet');
  });

  it('shows each node of a new user as pending until that node has applied it, then synced', async () => {
    await runWithAnswers('panelOps.users.create', 'sync-watch', 'PERSONAL', ['ams-1'], 'No expiry');
    const [created] = keysLabelled(panel, 'sync-watch');
    const nodeOfUser = nodeId(panel, 'ams-1');
    await api.nodesStore.load();
    const bindingText = async () => {
      const item = api.users.provider.itemOf(created.id) as UserItemLike | undefined;
      assert.ok(item, 'the new user is shown');
      return String((await children(api.users, item))[0]?.description);
    };
    assert.match(await bindingText(), /pending/);
    // The node applies (as an operator's Apply would); once the node store sees it clean, the user follows.
    await api.session.call((client, signal) => client.nodes.apply(nodeOfUser, { signal }));
    for (let attempt = 0; attempt < 40 && api.nodesStore.get(nodeOfUser)?.dirty !== false; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await api.nodesStore.refresh(nodeOfUser);
    }
    await until(api.usersStore.onDidChange as vscode.Event<unknown>, () => api.usersStore.get(created.id)?.nodes?.[0]?.profile_sync === 'synced');
    assert.match(await bindingText(), /synced/);
  });

  it('keeps every answer when going back', async () => {
    const told = await runWithAnswers('panelOps.users.create', 'first-label', 'PERSONAL', { back: true }, { back: true }, 'kept-label', 'PERSONAL', ['fra-2'], 'No expiry');
    const texts = api.input.questions.filter((question) => question.kind === 'text');
    assert.equal(texts[1].value, 'first-label', 'the label box opens with the earlier answer');
    assert.match(String(told), /Created "kept-label"/);
    assert.equal(keysLabelled(panel, 'first-label').length, 0);
    assert.equal(keysLabelled(panel, 'kept-label').length, 1);
  });

  it('refuses a custom expiry in the past and takes a future one', async () => {
    await runWithAnswers('panelOps.users.create', 'dated-user', 'PERSONAL', ['fra-2'], 'Custom date…', '2001-01-01', '2099-06-30');
    const dateBox = api.input.questions.find((question) => question.kind === 'text' && question.prompt?.includes('RFC 3339'));
    assert.match(dateBox?.validation[0] ?? '', /future/);
    assert.equal(keysLabelled(panel, 'dated-user')[0]?.expires_at, '2099-06-30T00:00:00.000Z');
  });

  it('after the answer to POST /keys is lost, there is exactly one user and the operator is told it was created', async () => {
    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: '/keys' } });
    panel.resetRequests();
    const told = await runWithAnswers('panelOps.users.create', 'lost-answer', 'PERSONAL', ['fra-2'], 'No expiry');
    assert.equal(requestsTo(panel, '/keys').filter((request) => request.method === 'POST').length, 1, 'never sent twice');
    assert.equal(keysLabelled(panel, 'lost-answer').length, 1);
    assert.match(String(told), /"lost-answer" was created/);
    const notice = api.input.notices.find((candidate) => candidate.message.includes('"lost-answer" was created'));
    assert.deepEqual(notice?.actions, ['Copy Link', 'Show QR'], 'the same buttons as a create whose answer arrived');
  });

  it('creates users in batch from a prefix and a count', async () => {
    panel.resetRequests();
    // No node at first: refused locally (contract 2.2), and the nodes step says so once.
    const told = await runWithAnswers('panelOps.users.createBatch', 'crew', '3', 'SHARED', [], ['fra-2', 'ams-1'], '7 days');
    const nodesAgain = api.input.questions.filter((question) => question.kind === 'pickMany')[1];
    assert.match(nodesAgain?.problem ?? '', /at least one node/i, `one message on the nodes step: ${nodesAgain?.problem}`);
    assert.equal(requestsTo(panel, '/keys/batch').length, 1, 'nothing sent until a node was picked');
    for (const label of ['crew-1', 'crew-2', 'crew-3']) {
      const [key] = keysLabelled(panel, label);
      assert.ok(key, label);
      assert.equal(key.type, 'SHARED');
      assert.equal(key.bindings.length, 2);
    }
    assert.match(String(told), /Created 3 users/);
  });

  it('imports from a CSV file: an invalid line is marked in the file, then the corrected file imports', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-import-')), 'users.csv');
    writeFileSync(file, 'label,type,note\nimp-a,PERSONAL,first\nimp-b,VIP,second\n');
    const refused = await runWithAnswers('panelOps.users.import', 'CSV or JSON file…', file, ['ams-1'], 'Import');
    const confirm = api.input.questions.find((question) => question.kind === 'confirm');
    assert.match(confirm?.title ?? '', /Create 2 users on 1 nodes/);
    assert.match(confirm?.detail ?? '', /imp-a · PERSONAL[\s\S]*imp-b · VIP/, 'the preview lists what will be created');
    assert.match(String(refused), /line 3: type/);
    if (panel.readings.of('POST /keys/import') === 'third') assert.match(String(refused), /^The panel does not take node_ids beside the users of an import; sending each user's nodes with the user instead\. The panel said: "400 unknown field: node_ids[^"]*"\. The panel refused the import/);
    const uri = vscode.Uri.file(file);
    const diagnostics = vscode.languages.getDiagnostics(uri);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].range.start.line, 2, 'at the line of imp-b');
    assert.equal(keysLabelled(panel, 'imp-a').length, 0, 'nothing was imported');

    // The operator fixes the line in the editor the import opened and imports from it.
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.fsPath, uri.fsPath, 'the file is open at its problems');
    await editor?.edit((edit) => edit.replace(editor.document.lineAt(2).range, 'imp-b,SHARED,second'));
    const told = await runWithAnswers('panelOps.users.import', 'Active editor', ['ams-1'], 'Import');
    assert.match(String(told), /Imported 2 users/);
    assert.equal(vscode.languages.getDiagnostics(uri).length, 0, 'the marks are gone');
    assert.equal(keysLabelled(panel, 'imp-b')[0]?.type, 'SHARED');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('imports exactly the users asked, once each, when the answer of the first import the panel takes is lost', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-import-')), 'lost.csv');
    writeFileSync(file, 'label,type,note,owner_label\nlost-imp-a,PERSONAL,first,ops\nlost-imp-b,SHARED,,\nlost-imp-c,PERSONAL,third,\n');
    // A body another reading refuses first is answered (a 400 changes nothing); the one it takes is committed, its answer lost.
    panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'POST', path: /^\/api\/v1\/keys(\/import)?$/ } });
    panel.resetRequests();
    const told = await runWithAnswers('panelOps.users.import', 'CSV or JSON file…', file, ['ams-1'], 'Import');
    for (const label of ['lost-imp-a', 'lost-imp-b', 'lost-imp-c']) assert.equal(keysLabelled(panel, label).length, 1, `${label} made once`);
    assert.equal(keysLabelled(panel, 'lost-imp-a')[0]?.note, 'first');
    const committed = requestsTo(panel, /^\/keys(\/import)?$/).filter((request) => request.method === 'POST' && (request.status === undefined || request.status < 300));
    assert.equal(committed.length, 1, `one request took the users and nothing was sent again: ${JSON.stringify(requestsTo(panel, /^\/keys(\/import)?$/).map((request) => [request.path, request.status]))}`);
    assert.match(String(told), /Imported 3 users/);
    // A panel that refused the first guess earlier in this session (the third reading) is sent its own body at once.
    if (panel.readings.of('POST /keys/import') === 'third') assert.ok(requestsTo(panel, '/keys/import').every((request) => request.status !== 400), 'the refusal is remembered');
  });

  it('imports a `;` file from a German or Russian spreadsheet: a BOM, CRLF, a quoted note across lines, problems at the right line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-import-')), 'benutzer.csv');
    // Line 1 the header, lines 2-4 the first user (its note spans three lines), line 5 the second, line 6 the third.
    writeFileSync(file, '\ufefflabel;type;note;owner\r\nsemi-anna;personal;"Notiz; Zeile 1\r\nZeile 2, mit Komma\r\n""zitiert"""\r\nsemi-boris;VIP;Белгород;Борис\r\nsemi-clara;SHARED;1,5;\r\n');
    const refused = await runWithAnswers('panelOps.users.import', 'CSV or JSON file…', file, ['ams-1'], 'Import');
    const confirm = api.input.questions.find((question) => question.kind === 'confirm');
    assert.match(confirm?.title ?? '', /Create 3 users on 1 nodes/);
    assert.match(String(refused), /line 5: type/, 'the line of semi-boris, after the note across lines');
    const uri = vscode.Uri.file(file);
    const diagnostics = vscode.languages.getDiagnostics(uri);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0].range.start.line, 4, 'marked at the line of semi-boris');
    assert.equal(keysLabelled(panel, 'semi-anna').length, 0, 'nothing was imported');

    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.fsPath, uri.fsPath, 'the file is open at its problems');
    await editor?.edit((edit) => edit.replace(editor.document.lineAt(4).range, 'semi-boris;SHARED;Белгород;Борис'));
    const told = await runWithAnswers('panelOps.users.import', 'Active editor', ['ams-1'], 'Import');
    assert.match(String(told), /Imported 3 users/);
    assert.equal(vscode.languages.getDiagnostics(uri).length, 0, 'the marks are gone');
    const amsId = nodeId(panel, 'ams-1');
    const [anna] = keysLabelled(panel, 'semi-anna');
    const [boris] = keysLabelled(panel, 'semi-boris');
    const [clara] = keysLabelled(panel, 'semi-clara');
    assert.deepEqual([anna?.type, anna?.note], ['PERSONAL', 'Notiz; Zeile 1\nZeile 2, mit Komma\n"zitiert"']);
    assert.deepEqual([boris?.type, boris?.note, boris?.owner_label], ['SHARED', 'Белгород', 'Борис']);
    assert.deepEqual([clara?.type, clara?.note, clara?.owner_label], ['SHARED', '1,5', '']);
    for (const key of [anna, boris, clara]) assert.deepEqual(key?.bindings.map((binding) => binding.node_id), [amsId]);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('imports nothing from a file that is not CSV: the reason, in the operator\'s words, is a Problem at its line and told', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-import-')), 'broken.csv');
    writeFileSync(file, 'label,note\nbroken-a,fine\nbroken-b,"never closed\nbroken-c,x\n');
    const told = await runWithAnswers('panelOps.users.import', 'CSV or JSON file…', file);
    // The reader returns a reason (unclosedQuote at line 3); the words come from vscode.l10n.t (English here).
    const words = 'A quoted value that starts on line 3 is not closed: a closing " is missing.';
    assert.equal(String(told), `Could not read the users to import: line 3: ${words}`);
    const diagnostics = vscode.languages.getDiagnostics(vscode.Uri.file(file));
    assert.deepEqual(diagnostics.map((diagnostic) => [diagnostic.range.start.line, diagnostic.message]), [[2, words]]);
    assert.equal(keysLabelled(panel, 'broken-a').length, 0, 'nothing was imported');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
