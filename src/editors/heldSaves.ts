import * as vscode from 'vscode';
import { PANEL_SCHEME } from './panelUri';

/** A save reason recorded by onWillSaveTextDocument is only trusted for the write that follows it. */
const REASON_TTL_MS = 30_000;

/** Why a save of a panel document was not sent, as VS Code shows it on the save. */
export class SaveHeldError extends Error {}

/**
 * Panel documents reach the live panel only when the operator saves them: auto-saves (`files.autoSave`
 * after a delay, on focus or window change) of `panelops:` documents are held. VS Code tells save
 * participants why it saves (`onWillSaveTextDocument`), and the file system's write that follows asks here
 * whether to send it. A held document stays dirty, its tab carries a badge whose tooltip says "not saved
 * to the panel: press Ctrl+S", and Ctrl+S (or File: Save, or `TextDocument.save()`) sends it. Writes without
 * a text document (Restore from history, `workspace.fs.writeFile`) are the operator's own commands and are
 * not held.
 */
export class HeldSaves implements vscode.Disposable, vscode.FileDecorationProvider {
  private readonly reasons = new Map<string, { reason: vscode.TextDocumentSaveReason; at: number }>();
  private readonly held = new Set<string>();
  private readonly decorationsChanged = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.decorationsChanged.event;
  private readonly heldEmitter = new vscode.EventEmitter<vscode.Uri>();
  /** An auto-save of a panel document was held (the VS Code suite listens). */
  readonly onDidHold = this.heldEmitter.event;
  private readonly disposables: vscode.Disposable[];

  constructor() {
    this.disposables = [
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme !== PANEL_SCHEME) return;
        this.reasons.set(event.document.uri.toString(), { reason: event.reason, at: Date.now() });
      }),
      // A document back to what the panel holds (reverted, or its edits undone) has nothing held any more;
      // a closed one neither.
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (!event.document.isDirty) this.release(event.document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.release(document.uri)),
      vscode.window.registerFileDecorationProvider(this),
      this.decorationsChanged,
      this.heldEmitter,
    ];
  }

  /**
   * Before a write of `uri`: throws SaveHeldError when the save that leads to it was not the operator's
   * (an auto-save); the document stays dirty and says so. Else forgets any earlier hold.
   */
  checkWrite(uri: vscode.Uri): void {
    const key = uri.toString();
    const recorded = this.reasons.get(key);
    this.reasons.delete(key);
    const automatic = recorded !== undefined && Date.now() - recorded.at <= REASON_TTL_MS && recorded.reason !== vscode.TextDocumentSaveReason.Manual;
    if (!automatic) {
      this.release(uri);
      return;
    }
    if (!this.held.has(key)) {
      this.held.add(key);
      this.decorationsChanged.fire([uri]);
    }
    this.heldEmitter.fire(uri);
    throw new SaveHeldError(vscode.l10n.t('Not saved to the panel: auto-save does not send panel documents to the live panel. Press Ctrl+S (File: Save) to save it.'));
  }

  /** Whether an auto-save of `uri` was held and the document was not saved since. */
  isHeld(uri: vscode.Uri): boolean {
    return this.held.has(uri.toString());
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (!this.held.has(uri.toString())) return undefined;
    const decoration = new vscode.FileDecoration('S', vscode.l10n.t('Not saved to the panel: press Ctrl+S'), new vscode.ThemeColor('list.warningForeground'));
    decoration.propagate = false;
    return decoration;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  private release(uri: vscode.Uri): void {
    if (this.held.delete(uri.toString())) this.decorationsChanged.fire([uri]);
  }
}
