import * as vscode from 'vscode';

/** The open text document of `uri` (unsaved text included), or undefined when no editor holds it. */
export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const wanted = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === wanted);
}
