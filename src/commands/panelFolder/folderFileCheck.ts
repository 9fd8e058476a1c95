/**
 * The live check of a pulled folder's files. A node, branding, template.json or state file (by its path in
 * its folder, src/panelFolder/layoutFiles.ts) of a folder holding `.panelops/state.json`, open in an editor,
 * is checked as it is typed: its current text, unsaved edits included, a moment after the last change, with
 * the check the plan makes of that file (`fileProblems`, readFolder over that one file), its problems shown
 * in Problems at their line (but text that is not JSON: VS Code's JSON language service tells that) (collection `panelOps.folderFiles`, errors from `Panel Ops`). A file outside a
 * pulled folder gets nothing, whatever its name. A document's entries go when it closes, or when its folder
 * stops being a pulled one (the state file deleted, the folder moved away); the state file appearing makes
 * its open files checked. Started by the folder commands' registration, which the entry bundle loads when
 * such a file is first opened (folderFileTrigger.ts).
 */
import * as vscode from 'vscode';
import { fileProblems, STATE_FILE } from '../../panelFolder';
import { checkedFileAt, type CheckedFile } from '../../panelFolder/layoutFiles';
import { folderDiagnostic, type PlanProblems } from './folderProblems';

/**
 * How long after the last change a document is checked, and after a file or folder is created or deleted
 * its folder's open files are (a folder copied in is reported at once, the files in it maybe never: by
 * then its state file is there).
 */
const SETTLE_MS = 250;

export class FolderFileCheck implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('panelOps.folderFiles');
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Each document's latest check by number: an older check that ends later publishes nothing. */
  private readonly runs = new Map<string, number>();
  /** The version of each document whose check has ended (shown, or found outside a pulled folder). */
  private readonly checkedVersions = new Map<string, number>();
  private readonly checkedEmitter = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable;

  constructor(private readonly plan: PlanProblems) {
    // Every creation and deletion in the workspace: a state file, or a folder holding one (a folder copied,
    // deleted or checked out gives one event for the folder, none for the files in it).
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    const moved = (uris: readonly vscode.Uri[]) => { for (const uri of uris) this.folderMoved(uri); };
    this.subscriptions = vscode.Disposable.from(
      watcher,
      watcher.onDidCreate((uri) => this.folderMoved(uri)),
      watcher.onDidDelete((uri) => this.folderMoved(uri)),
      vscode.workspace.onDidCreateFiles((event) => moved(event.files)),
      vscode.workspace.onDidDeleteFiles((event) => moved(event.files)),
      vscode.workspace.onDidRenameFiles((event) => moved(event.files.flatMap((file) => [file.oldUri, file.newUri]))),
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) this.schedule(event.document, SETTLE_MS);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.release(document.uri, 'closed')),
    );
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  /**
   * Resolves once the check of the document's text as it is now has ended (its problems shown, or found
   * outside a pulled folder); at once for a document this check never reads. VS Code has no way to tell
   * that a diagnostics source has looked and found nothing: the VS Code suite waits on this before it
   * asserts that a file got no problem.
   */
  async checked(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    const version = document.version;
    while (fileOf(document) && !document.isClosed && (this.checkedVersions.get(key) ?? -1) < version) {
      await new Promise<void>((resolve) => {
        const once = this.checkedEmitter.event(() => {
          once.dispose();
          resolve();
        });
      });
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.subscriptions.dispose();
    this.checkedEmitter.dispose();
    this.collection.dispose();
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    if (!fileOf(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void this.check(document);
    }, delay));
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    const at = fileOf(document);
    if (!at || document.isClosed) return;
    const key = document.uri.toString();
    const run = (this.runs.get(key) ?? 0) + 1;
    this.runs.set(key, run);
    const pulled = await isFile(stateFileOf(document.uri, at));
    if (this.runs.get(key) !== run || document.isClosed) return;
    const version = document.version;
    if (pulled) {
      // Text that is not JSON is told by VS Code's JSON language service as it is typed, at its very position;
      // told here too it would be listed twice. The plan still tells it (the file is left out of the plan).
      const problems = fileProblems(at.file, document.getText()).filter((problem) => problem.code !== 'notJson');
      this.collection.set(document.uri, problems.map(folderDiagnostic));
      this.plan.follow(document.uri, 'live');
    } else {
      this.release(document.uri, 'outside');
    }
    this.checkedVersions.set(key, version);
    this.checkedEmitter.fire();
  }

  /** A document closed, or no longer in a pulled folder: its entries go (the plan's too when outside one). */
  private release(uri: vscode.Uri, why: 'closed' | 'outside'): void {
    const key = uri.toString();
    if (why === 'closed') {
      clearTimeout(this.timers.get(key));
      this.timers.delete(key);
      this.runs.delete(key);
      this.checkedVersions.delete(key);
    }
    this.collection.delete(uri);
    this.plan.follow(uri, why);
  }

  /** A file or folder created or deleted: the open files whose state file it is, or holds, are checked again. */
  private folderMoved(uri: vscode.Uri): void {
    if (uri.scheme !== 'file') return;
    for (const document of vscode.workspace.textDocuments) {
      const at = fileOf(document);
      if (!at) continue;
      const state = stateFileOf(document.uri, at).path;
      if (state === uri.path || state.startsWith(`${uri.path}/`)) this.schedule(document, SETTLE_MS);
    }
  }
}

/** The layout's file a document is, by its path alone: files on disk only. */
function fileOf(document: vscode.TextDocument): CheckedFile | undefined {
  return document.uri.scheme === 'file' ? checkedFileAt(document.uri.path) : undefined;
}

/** The state file of the folder a document would be a file of. */
function stateFileOf(uri: vscode.Uri, at: CheckedFile): vscode.Uri {
  return vscode.Uri.joinPath(uri.with({ path: at.root || '/' }), ...STATE_FILE.split('/'));
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}
