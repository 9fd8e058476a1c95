// What the panel-folder suites (panelFolder, panelFolderExact, panelFolderPromotion) share: the workspace
// folder a suite pulls into, its files read and written as on disk, the documents the commands open, and
// the clean-up after a suite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The suite's workspace folder and `panels/<name>` in it, where Pull Panel into Folder… is pointed. */
export function suiteFolder(name: string): { workspace: vscode.Uri; root: vscode.Uri } {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite opens a workspace folder');
  return { workspace: folder.uri, root: vscode.Uri.joinPath(folder.uri, 'panels', name) };
}

/** A pulled folder's files by their path inside it ("nodes/ams-1.node.json"), as on disk. */
export function folderFiles(root: () => vscode.Uri): {
  readonly uriOf: (path: string) => vscode.Uri;
  readonly read: (path: string) => Promise<string>;
  readonly write: (path: string, text: string) => Thenable<void>;
} {
  const uriOf = (path: string) => vscode.Uri.joinPath(root(), ...path.split('/'));
  return {
    uriOf,
    read: async (path) => decoder.decode(await vscode.workspace.fs.readFile(uriOf(path))),
    write: (path, text) => vscode.workspace.fs.writeFile(uriOf(path), encoder.encode(text)),
  };
}

/** The last document opened whose path holds `title` ("Plan — ", "Panel apply report", "Panel drift"). */
export function lastDocument(title: string): vscode.TextDocument | undefined {
  return [...vscode.workspace.textDocuments].reverse().find((document) => decodeURIComponent(document.uri.path).includes(title));
}

/** Closes every editor and deletes what the suite wrote. */
export async function cleanUp(...written: vscode.Uri[]): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  for (const uri of written) await vscode.workspace.fs.delete(uri, { recursive: true, useTrash: false }).then(undefined, () => undefined);
}
