// A pulled folder's files checked as they are typed (src/commands/panelFolder/folderFileCheck.ts), in real
// editors: a node file's mistake shows in Problems at its line before it is saved and goes once fixed; the
// plan's Problems leave an open file's own problems to the live check, so one mistake is listed once; every
// file pulled from panels in the other readings of the simulated panel (test/panel/SHAPES.md) has no problem;
// the same file in a folder without `.panelops/state.json` gets nothing, neither from Panel Ops nor from the
// JSON language service (no schema is bound to such paths any more); deleting the state file takes the live
// problems of that folder's open files away.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, replaceText } from './editorSupport';
import { cleanUp, folderFiles, lastDocument, suiteFolder } from './panelFolderSupport';
import { READING_PASSES } from './suiteReadings';
import { connectedPanel, connectedPanelForActions, runOnWithAnswers, runWithAnswers, until, type TestApi } from './support';

const encoder = new TextEncoder();
const NODE = 'nodes/ams-1.node.json';
const ORDER_MESSAGE = '"order" must be a whole number from 1.';

/** The Panel Ops entries of a file in Problems (the plan's and the live check's). */
const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'Panel Ops');
/** Each entry as [0-based line, message, severity]. */
const shown = (diagnostics: readonly vscode.Diagnostic[]) => diagnostics.map((diagnostic) => [diagnostic.range.start.line, diagnostic.message, diagnostic.severity]);
/** The 0-based line of the first line of `text` holding `part`. */
const lineOf = (text: string, part: string) => {
  const line = text.split('\n').findIndex((candidate) => candidate.includes(part));
  assert.ok(line >= 0, `${part} in ${text}`);
  return line;
};
/** A pulled node file's text with its `order` set to `value` (written as JSON). */
const withOrder = (text: string, value: string) => {
  assert.match(text, /"order": [^,\n]+/, 'the pulled node has an order');
  return text.replace(/"order": [^,\n]+/, `"order": ${value}`);
};
/** The pick of the panel to pull, when more than one is connected. */
const panelAnswer = (api: TestApi, name: string): string[] => (api.session.connectedPanels().length > 1 ? [name] : []);

async function pull(api: TestApi, panelName: string, root: vscode.Uri): Promise<void> {
  await runWithAnswers('panelOps.panelFolder.pull', ...panelAnswer(api, panelName), vscode.workspace.asRelativePath(root));
}

describe('Panel as a folder: its files checked as they are typed', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Live panel' } });
  let api: TestApi;
  let workspace: vscode.Uri;
  let root: vscode.Uri;
  /** A folder without a state file: the node file copied there (a project that merely looks like the layout). */
  let plain: vscode.Uri;

  before(async () => {
    ({ api } = connected);
    ({ workspace, root } = suiteFolder('Live panel'));
    plain = vscode.Uri.joinPath(workspace, 'not-pulled', 'Look-alike');
    await pull(api, 'Live panel', root);
  });
  afterEach(() => closeAllEditors());
  after(() => cleanUp(root, vscode.Uri.joinPath(workspace, 'not-pulled')));

  const { uriOf, read } = folderFiles(() => root);

  it('shows a node file\'s mistake at its line while it is typed, unsaved, and takes it away once fixed', async () => {
    const pulled = await read(NODE);
    const editor = await vscode.window.showTextDocument(uriOf(NODE));
    await api.folderFileChecked(editor.document);
    assert.deepEqual(vscode.languages.getDiagnostics(editor.document.uri).filter((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error), [], 'the pulled file has no problem');

    const zero = withOrder(pulled, '0');
    await replaceText(editor, zero);
    const found = await entries(editor.document.uri, 'the order typed');
    assert.deepEqual(shown(found), [[lineOf(zero, '"order"'), ORDER_MESSAGE, vscode.DiagnosticSeverity.Error]]);
    assert.ok(editor.document.isDirty, 'nothing saved');
    assert.equal(await read(NODE), pulled, 'the file on disk is as pulled');

    // Another mistake at another line; then a syntax error, which VS Code's JSON service tells, not Panel Ops twice.
    const unnamed = pulled.replace('"name": "ams-1"', '"name": ""');
    await replaceText(editor, unnamed);
    const named = await entries(editor.document.uri, 'the empty name typed', (found) => found.some((entry) => entry.message.startsWith('"name"')));
    assert.deepEqual(shown(named), [[lineOf(unnamed, '"name"'), '"name" must be a string that is not empty.', vscode.DiagnosticSeverity.Error]]);
    const broken = withOrder(pulled, '');
    await replaceText(editor, broken);
    const syntax = await entries(editor.document.uri, 'the JSON service\'s syntax error', (found) => found.some((entry) => entry.source !== 'Panel Ops'), 'any');
    assert.ok(syntax.some((entry) => entry.source !== 'Panel Ops' && entry.range.start.line === lineOf(broken, '"order"')), `the syntax error at its line: ${JSON.stringify(shown(syntax))}`);
    await api.folderFileChecked(editor.document);
    assert.deepEqual(shown(ours(editor.document.uri)), [], 'the syntax error is not told a second time');

    await replaceText(editor, pulled);
    await entries(editor.document.uri, 'the file fixed', none);
    await api.folderFileChecked(editor.document);
    assert.deepEqual(ours(editor.document.uri), []);
  });

  it('lists one mistake once: while a file is open, its own problems are the live check\'s, not the plan\'s', async () => {
    const pulled = await read(NODE);
    const zero = withOrder(pulled, '0');
    const editor = await vscode.window.showTextDocument(uriOf(NODE));
    await replaceText(editor, zero);
    assert.ok(await editor.document.save(), 'saved with the mistake');
    await entries(editor.document.uri, 'the saved mistake');
    await runOnWithAnswers('panelOps.panelFolder.plan', [root], ...panelAnswer(api, 'Live panel'));
    assert.match(lastDocument('Plan — ')?.getText() ?? '', /nodes\/ams-1\.node\.json:\d+ — "order" must be a whole number from 1\./, 'the plan found it too');
    // Found by both, listed once: by the live check.
    assert.deepEqual(shown(ours(editor.document.uri)), [[lineOf(zero, '"order"'), ORDER_MESSAGE, vscode.DiagnosticSeverity.Error]]);

    // Fixed in the editor, not saved: the live check's entry goes, and the plan's (of the file on disk) stays hidden.
    await replaceText(await vscode.window.showTextDocument(editor.document), pulled);
    await entries(editor.document.uri, 'the mistake fixed, unsaved', none);
    await api.folderFileChecked(editor.document);
    assert.deepEqual(shown(ours(editor.document.uri)), []);
    // Saved: the folder is planned again on its own (a save in a planned folder), with nothing left.
    assert.ok(await editor.document.save(), 'saved fixed');
    await runOnWithAnswers('panelOps.panelFolder.plan', [root], ...panelAnswer(api, 'Live panel'));
    assert.match(lastDocument('Plan — ')?.getText() ?? '', / · 0 problems/);
    assert.deepEqual(shown(ours(editor.document.uri)), []);
  });

  it('gives a file outside a pulled folder no diagnostic at all, neither Panel Ops\' nor the JSON language service\'s', async () => {
    const pulled = await read(NODE);
    const copy = vscode.Uri.joinPath(plain, ...NODE.split('/'));
    await vscode.workspace.fs.writeFile(copy, encoder.encode(pulled));
    const editor = await vscode.window.showTextDocument(copy);
    // The JSON language service checks this file: a syntax error is its diagnostic.
    await replaceText(editor, withOrder(pulled, ''));
    await entries(copy, 'the JSON service\'s syntax error', some, 'any');

    // A mistake only the node schema would have told (it was bound to **/nodes/*.node.json in every workspace):
    // once the JSON service has read this text (its syntax error gone), nothing is shown, and the live check,
    // done with this very text, shows nothing either.
    await replaceText(editor, withOrder(pulled, '0'));
    await entries(copy, 'the JSON service done with the fixed syntax', none, 'any');
    await api.folderFileChecked(editor.document);
    assert.deepEqual(vscode.languages.getDiagnostics(copy), []);

    // The folder becomes a pulled one (a state file, its format wrong): the live check speaks on the same
    // text, and the JSON service checks the state file with the schema still bound to it.
    const state = vscode.Uri.joinPath(plain, '.panelops', 'state.json');
    await applied((edit) => edit.createFile(state, { contents: encoder.encode('{\n  "format": "panel-ops-folder/0",\n  "panel": "https://panel.example",\n  "resources": {}\n}\n') }));
    const found = await entries(copy, 'the live check once the folder is pulled');
    assert.deepEqual(shown(found), [[lineOf(editor.document.getText(), '"order"'), ORDER_MESSAGE, vscode.DiagnosticSeverity.Error]]);
    await vscode.window.showTextDocument(state);
    const schema = await entries(state, 'the state schema\'s error', some, 'any');
    assert.deepEqual(schema.map((diagnostic) => diagnostic.range.start.line), [1], `the format's line: ${schema.map((diagnostic) => diagnostic.message).join('; ')}`);
  });

  it('takes the live problems of a folder\'s open files away when its state file is deleted, and brings them back with it', async () => {
    const pulled = await read(NODE);
    // A copy of the pull (its state file and two files in error), and a mistake typed in the pull's own node file.
    const copy = vscode.Uri.joinPath(workspace, 'not-pulled', 'Copied pull');
    const state = vscode.Uri.joinPath(copy, '.panelops', 'state.json');
    const stateText = await read('.panelops/state.json');
    const copiedNode = vscode.Uri.joinPath(copy, 'nodes', 'copied.node.json');
    const copiedProfile = vscode.Uri.joinPath(copy, 'branding', 'Copied.branding.json');
    await vscode.workspace.fs.writeFile(state, encoder.encode(stateText));
    await vscode.workspace.fs.writeFile(copiedNode, encoder.encode(withOrder(pulled, '0')));
    await vscode.workspace.fs.writeFile(copiedProfile, encoder.encode('{\n  "name": "Copied",\n  "panel_name": 7\n}\n'));
    for (const uri of [copiedNode, copiedProfile]) await vscode.window.showTextDocument(uri, { preview: false });
    await replaceText(await vscode.window.showTextDocument(uriOf(NODE), { preview: false }), withOrder(pulled, '0'));
    for (const uri of [copiedNode, copiedProfile, uriOf(NODE)]) await entries(uri, 'the mistake shown');
    assert.deepEqual(shown(ours(copiedProfile)), [[2, '"panel_name" must be a string.', vscode.DiagnosticSeverity.Error]]);

    // Deleted and put back as the Explorer does (workspace edits): the disk watcher of a loaded machine may miss
    // an event inside a folder created a moment before, the Explorer's own events are always told.
    await applied((edit) => edit.deleteFile(state));
    await entries(copiedNode, 'the node\'s entry gone with the state file', none);
    await entries(copiedProfile, 'the profile\'s entry gone with the state file', none);
    assert.equal(ours(uriOf(NODE)).length, 1, 'the pull\'s own file keeps its problem');

    await applied((edit) => edit.createFile(state, { contents: encoder.encode(stateText) }));
    await entries(copiedNode, 'the node\'s entry back with the state file');
    await entries(copiedProfile, 'the profile\'s entry back with the state file');
  });
});

describe('Panel as a folder: a file pulled from a panel of any shapes is sound as it is', () => {
  for (const reading of READING_PASSES) {
    describe(`${reading} reading`, () => {
      const name = `Live ${reading.replace(':', ' ')}`;
      const connected = connectedPanel({ panel: { readings: { reading } }, connect: { name } });
      let root: vscode.Uri;
      before(() => ({ root } = suiteFolder(name)));
      afterEach(() => closeAllEditors());
      after(() => cleanUp(root));

      it('opens every node, branding, template and state file of the pull with no problem; a mistake typed in one is told', async () => {
        const { api } = connected;
        await pull(api, name, root);
        const files = (await Promise.all(['nodes/*.node.json', 'branding/*.branding.json', 'templates/*/template.json', '.panelops/state.json']
          .map((pattern) => vscode.workspace.findFiles(new vscode.RelativePattern(root, pattern))))).flat();
        assert.ok(files.length >= 13, `${files.length} files: every node, template and profile, and the state file`);
        for (const uri of files) {
          const document = await vscode.workspace.openTextDocument(uri);
          await api.folderFileChecked(document);
          assert.deepEqual(shown(ours(uri)), [], vscode.workspace.asRelativePath(uri));
        }
        // The same check is on in this folder: a mistake typed into one of its files is told.
        const node = files.find((uri) => uri.path.endsWith('.node.json'));
        assert.ok(node);
        const editor = await vscode.window.showTextDocument(node);
        await replaceText(editor, withOrder(editor.document.getText(), '0'));
        assert.deepEqual(shown(await entries(node, 'the order typed')), [[lineOf(editor.document.getText(), '"order"'), ORDER_MESSAGE, vscode.DiagnosticSeverity.Error]]);
      });
    });
  }
});

/** Applies a workspace edit of files (as the Explorer makes its creations and deletions). */
async function applied(build: (edit: vscode.WorkspaceEdit) => void): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  build(edit);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the edit applied');
}

const some = (found: readonly vscode.Diagnostic[]) => found.length > 0;
const none = (found: readonly vscode.Diagnostic[]) => found.length === 0;

/**
 * The file's entries in Problems from `source` (Panel Ops, or any source) once `condition` holds of them
 * (waiting for Problems to change, up to 15 s); `what` names the wait when it fails, with what is there.
 */
async function entries(uri: vscode.Uri, what: string, condition: (found: readonly vscode.Diagnostic[]) => boolean = some, source: 'Panel Ops' | 'any' = 'Panel Ops'): Promise<vscode.Diagnostic[]> {
  const found = () => vscode.languages.getDiagnostics(uri).filter((diagnostic) => source === 'any' || diagnostic.source === source);
  try {
    await until(vscode.languages.onDidChangeDiagnostics, () => condition(found()));
  } catch {
    const there = vscode.languages.getDiagnostics(uri).map((diagnostic) => `${diagnostic.source ?? '?'}:${diagnostic.range.start.line}: ${diagnostic.message}`);
    throw new Error(`${what} (${vscode.workspace.asRelativePath(uri)}): not within 15 s; Problems has ${JSON.stringify(there)}`);
  }
  return found();
}
