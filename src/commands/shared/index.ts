import type * as vscode from 'vscode';
import { registerTreeItemActions } from './treeItemActions';

/** The commands of the shared tree items: "Load more…" and retrying a failed load. */
export function registerSharedCommands(): vscode.Disposable {
  return registerTreeItemActions();
}
