import * as vscode from 'vscode';

export const SNAPSHOT_SCHEME = 'panelops-snapshot';

/**
 * Read-only texts shown on the left of a diff: the panel's version after a conflict, a saved version from
 * the template history. Each snapshot gets its own URI (same file name, so the language mode follows).
 */
export class Snapshots implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private counter = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SNAPSHOT_SCHEME, this);

  /** A URI showing `text`, named after `of` (its file name), with `label` as the folder shown in the tab. */
  create(of: vscode.Uri, label: string, text: string): vscode.Uri {
    const name = of.path.slice(of.path.lastIndexOf('/') + 1);
    const uri = vscode.Uri.from({ scheme: SNAPSHOT_SCHEME, path: `/${++this.counter}/${label.replace(/[/\\]/g, '_')}/${name}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.texts.clear();
  }
}
