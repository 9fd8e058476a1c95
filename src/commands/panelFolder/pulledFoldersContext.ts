import * as path from 'path';
import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { STATE_FILE } from '../../panelFolder/stateFile';

/** Every folder of the workspace with a state file (pulled folders and snapshots). */
export async function pulledFolders(): Promise<vscode.Uri[]> {
  const states = await vscode.workspace.findFiles(`**/${STATE_FILE}`, '**/node_modules/**', 200);
  return states.map((state) => vscode.Uri.joinPath(state, '..', '..')).sort((a, b) => a.path.localeCompare(b.path));
}

const PULLED_FOLDERS_CONTEXT_KEY = 'panelOps.pulledFolders';

/**
 * The context key `panelOps.pulledFolders`: the paths of the workspace's folders that hold a state file, so
 * the Explorer's context menu offers Plan, Apply and Show Drift on them (`resourcePath in
 * panelOps.pulledFolders`). Those menus also need a connected panel, so the workspace is searched when a
 * panel is connected while none was (at activation only if one already is), then kept current while one
 * is: after each pull or snapshot (`update`), when a state file appears or goes (a folder copied, deleted
 * or checked out by git) and when the workspace's folders change. Created with the services, outside the
 * lazily loaded folder commands, so the menus are right before any of those commands has run.
 */
export class PulledFoldersContext implements vscode.Disposable {
  private set: readonly string[] = [];
  /** Each search's number: a slower older search never overwrites what a newer one found. */
  private searches = 0;
  /** The watcher and listeners, while a panel is connected. */
  private following: vscode.Disposable | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: Pick<PanelSession, 'connectedPanels' | 'onDidChange'>) {
    this.subscription = session.onDidChange(() => this.follow());
    this.follow();
  }

  /** What the key holds now (the VS Code suite reads it: VS Code has no API to read a context key). */
  get values(): readonly string[] {
    return this.set;
  }

  /** Searches the workspace again and sets the key from what it finds. */
  async update(): Promise<void> {
    const search = ++this.searches;
    const paths = (await pulledFolders()).map((root) => root.fsPath);
    if (search !== this.searches) return;
    this.set = paths;
    await vscode.commands.executeCommand('setContext', PULLED_FOLDERS_CONTEXT_KEY, paths);
  }

  dispose(): void {
    this.subscription.dispose();
    this.following?.dispose();
  }

  private follow(): void {
    const connected = this.session.connectedPanels().length > 0;
    if (connected === (this.following !== undefined)) return;
    if (!connected) {
      this.following?.dispose();
      this.following = undefined;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void this.update().catch(() => undefined), SETTLE_MS);
    };
    // Every creation and deletion, not only the state file's: a folder copied or checked out is created
    // at once, and the disk watcher may miss the files written inside a folder it has not watched yet
    // (VS Code 1.117 under load missed a copied folder's state file); the new folder itself is always seen.
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    const created = (uri: vscode.Uri) => {
      if (mayHoldStateFile(uri)) return update();
      void vscode.workspace.fs.stat(uri).then((stat) => (stat.type & vscode.FileType.Directory ? update() : undefined), () => undefined);
    };
    this.following = vscode.Disposable.from(
      watcher,
      watcher.onDidCreate(created),
      watcher.onDidDelete((uri) => (this.set.some((folder) => isWithin(folder, uri.fsPath)) || mayHoldStateFile(uri) ? update() : undefined)),
      // The Explorer's copy, paste and delete: one event for the folder, none for the state file in it.
      vscode.workspace.onDidCreateFiles(update),
      vscode.workspace.onDidDeleteFiles(update),
      vscode.workspace.onDidChangeWorkspaceFolders(update),
      { dispose: () => clearTimeout(timer) },
    );
    void this.update().catch(() => undefined);
  }
}

/** How long a burst of file events (a copy, a checkout, a pull) settles before the workspace is searched once. */
const SETTLE_MS = 150;

/** A state file or a folder on its path (`.panelops`). */
function mayHoldStateFile(uri: vscode.Uri): boolean {
  return uri.path.endsWith(`/${STATE_FILE}`) || uri.path.endsWith('/.panelops');
}

/** Whether `inner` is `folder` or inside it (a deleted folder holding a pulled folder). */
function isWithin(inner: string, folder: string): boolean {
  const relative = path.relative(folder, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
