import * as vscode from 'vscode';

export const READ_ONLY_SCHEME = 'panelops-view';

/**
 * Read-only editor tabs for what the panel answers (diagnostics, metrics, a log buffer…): ordinary
 * documents for search, copy and language features, never dirty, never saved. Each opened text is kept
 * until its tab closes.
 */
export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private next = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === READ_ONLY_SCHEME) this.texts.delete(document.uri.toString());
      }),
    ];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /**
   * Opens `text` in a read-only tab titled `title` (plain text from the extension, e.g. "fra-2 —
   * diagnostics.json"; the extension picks the language from it, or pass `language`).
   */
  async show(title: string, text: string, language?: string): Promise<vscode.TextEditor> {
    const uri = this.keep(title, text);
    let document = await vscode.workspace.openTextDocument(uri);
    if (language && document.languageId !== language) document = await vscode.languages.setTextDocumentLanguage(document, language);
    return vscode.window.showTextDocument(document, { preview: false });
  }

  /**
   * Keeps `text` under a new read-only URI titled `title` without opening it, e.g. the left side of a diff
   * (a title ending in `index.html` gives it the HTML language).
   */
  keep(title: string, text: string): vscode.Uri {
    const safeTitle = title.replace(/[\\/:*?"<>|#%\u0000-\u001f]/g, '_').slice(0, 120) || 'panel';
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${safeTitle}`, query: String(++this.next) });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.texts.clear();
  }
}

export { prettyJson } from './prettyJson';
