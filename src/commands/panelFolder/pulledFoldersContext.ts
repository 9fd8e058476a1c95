import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { STATE_FILE } from '../../panelFolder/stateFile';

/** Every folder of the workspace with a state file (pulled folders and snapshots). */
export async function pulledFolders(): Promise<vscode.Uri[]> {
  const states = await vscode.workspace.findFiles(`**/${STATE_FILE}`, '**/node_modules/**', 200);
  return states.map((state) => vscode.Uri.joinPath(state, '..', '..')).sort((a, b) => a.path.localeCompare(b.path));
}

const PULLED_FOLDERS_CONTEXT_KEY = 'panelOps.pulledFolders';

/** What the context key holds now (the VS Code suite reads it; there is no API to read a context key). */
let lastSet: readonly string[] = [];
/** Each search's number: a slower older search never overwrites what a newer one found. */
let searches = 0;

/** Sets `panelOps.pulledFolders` from a new search of the workspace (after a pull or a snapshot too). */
export async function updatePulledFoldersContext(): Promise<void> {
  const search = ++searches;
  const paths = (await pulledFolders()).map((root) => root.fsPath);
  if (search !== searches) return;
  lastSet = paths;
  await vscode.commands.executeCommand('setContext', PULLED_FOLDERS_CONTEXT_KEY, paths);
}

/**
 * The context key `panelOps.pulledFolders`: the paths of the workspace's folders that hold a state file, so
 * the Explorer's context menu offers Plan, Apply and Show Drift on them (`resourcePath in
 * panelOps.pulledFolders`). Those menus also need a connected panel, so the workspace is searched first
 * when a panel is connected (at activation only if one already is), then kept current: after each pull or
 * snapshot, when a state file appears or goes (a folder copied, deleted or checked out by git) and when
 * the workspace's folders change. Registered at activation, outside the lazily loaded folder commands,
 * so the menus are right before any of those commands has run.
 */
export function registerPulledFoldersContext(session: Pick<PanelSession, 'connectedPanels' | 'onDidChange'>): vscode.Disposable & { readonly values: readonly string[] } {
  let following: vscode.Disposable | undefined;
  const update = () => void updatePulledFoldersContext().catch(() => undefined);
  const follow = () => {
    if (following || session.connectedPanels().length === 0) return;
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${STATE_FILE}`, false, true, false);
    following = vscode.Disposable.from(
      watcher,
      watcher.onDidCreate(update),
      watcher.onDidDelete(update),
      // A deleted folder is one event for the folder, not for the state file in it.
      vscode.workspace.onDidDeleteFiles(update),
      vscode.workspace.onDidChangeWorkspaceFolders(update),
    );
    update();
  };
  const connected = session.onDidChange(follow);
  follow();
  return {
    get values() { return lastSet; },
    dispose: () => {
      connected.dispose();
      following?.dispose();
    },
  };
}
