// What activation loads: with no panel saved, the extension's entry bundle only (and, in Test mode, the
// scripted prompts' bundle with the test API); the panels watcher and the panel client it reads through load
// once a panel is saved; a file of a pulled folder opened loads the folder commands, which check it. The file's
// name sorts it first, so the window has no panel saved when it runs.
import * as assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { problems } from './editorSupport';
import { connect, eventually, signOut, testApi } from './support';

/** The extension's bundles (dist/…) in the extension host's module cache, relative to the extension's folder. */
function loadedBundles(): string[] {
  const extension = vscode.extensions.getExtension('panel-ops.panel-ops');
  assert.ok(extension, 'the extension is installed');
  const dist = join(extension.extensionPath, 'dist');
  return Object.keys(require.cache).filter((file) => file.startsWith(`${dist}/`)).map((file) => relative(extension.extensionPath, file)).sort();
}

describe('Activation loads only what is used', function () {
  this.timeout(60_000);
  let panel: SimulatedPanel | undefined;

  after(async () => {
    if (!panel) return;
    await signOut(panel);
    await panel.close();
  });

  it('with no panel saved, only the entry bundle is loaded a second after activation; the first panel connected loads the panels watcher and the fleet to-do', async function () {
    const api = await testApi();
    // Run after another file of the suite, a panel may be saved already: then this window says nothing of a first activation.
    if (api.session.connectedPanels().length > 0) this.skip();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.deepEqual(loadedBundles(), ['dist/extension.js', 'dist/features/scriptedInput.js']);

    panel = await startPanel();
    await connect(panel, panel.tokens.owner, { name: 'First panel' });
    await eventually(() => loadedBundles().includes('dist/features/watch.js'), 'the panels watcher is loaded once a panel is saved');
    assert.ok(loadedBundles().includes('dist/features/client.js'), 'the panel client is loaded');
    assert.ok(loadedBundles().includes('dist/features/todo.js'), 'the fleet to-do is loaded with the first connected panel');
  });

  it('opening a file of a pulled folder loads the folder commands, which show its problem, with no folder command run', async function () {
    // Run after a file of the suite that used the folder commands, they are loaded already: nothing to see here.
    if (loadedBundles().includes('dist/features/commands.js')) this.skip();
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(workspace, 'the suite opens a workspace folder');
    const root = vscode.Uri.joinPath(workspace, 'panels', 'Pulled before this window');
    const node = vscode.Uri.joinPath(root, 'nodes', 'ams-1.node.json');
    const text = '{\n  "name": "ams-1",\n  "order": 0\n}\n';
    const encoder = new TextEncoder();
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, '.panelops', 'state.json'), encoder.encode('{\n  "format": "panel-ops-folder/1",\n  "panel": "https://panel.example",\n  "resources": {}\n}\n'));
    await vscode.workspace.fs.writeFile(node, encoder.encode(text));
    try {
      await vscode.window.showTextDocument(node);
      const found = await problems(node, 'Panel Ops');
      assert.deepEqual(found.map((diagnostic) => [diagnostic.range.start.line, diagnostic.message]), [[2, '"order" must be a whole number from 1.']]);
      assert.ok(loadedBundles().includes('dist/features/commands.js'), 'the folder commands are loaded');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(root, { recursive: true, useTrash: false });
    }
  });
});
