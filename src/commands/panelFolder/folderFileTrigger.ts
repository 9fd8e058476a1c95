import * as vscode from 'vscode';
import { checkedFileAt } from '../../panelFolder/layoutFiles';

/**
 * What starts the live check of a pulled folder's files (folderFileCheck.ts, in the lazily loaded folder
 * commands): the first text document on disk, open at activation or opened later, whose path names a node,
 * branding, template.json or state file of the layout calls `load`, which loads the folder commands; their
 * registration checks every open document. By the name alone: whether its folder is a pulled one is the
 * check's to find out. Part of the entry bundle, so it reads names and nothing else.
 */
export function loadOnFolderFile(load: () => unknown): vscode.Disposable {
  const named = (document: vscode.TextDocument) => document.uri.scheme === 'file' && checkedFileAt(document.uri.path) !== undefined;
  if (vscode.workspace.textDocuments.some(named)) {
    load();
    return new vscode.Disposable(() => undefined);
  }
  const opened = vscode.workspace.onDidOpenTextDocument((document) => {
    if (!named(document)) return;
    opened.dispose();
    load();
  });
  return opened;
}
