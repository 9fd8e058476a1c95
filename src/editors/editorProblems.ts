import * as vscode from 'vscode';
import { plainLabel } from '../text/plainText';
import { openDocument } from './openDocument';
import { locate, PANEL_SCHEME } from './panelUri';

export interface ProblemAt {
  readonly uri: vscode.Uri;
  /** 1-based line. */
  readonly line: number;
  readonly message: string;
  /** 0-based column range on the line; the whole line when absent. */
  readonly columns?: readonly [number, number];
  readonly severity?: vscode.DiagnosticSeverity;
}

/**
 * The Problems panel entries of panel documents: what the panel refused on the last save (one collection,
 * cleared by the next successful save) and what validation found (another, replaced by each validation).
 * Messages are the panel's words, made one plain line.
 */
export class EditorProblems implements vscode.Disposable {
  private readonly save = vscode.languages.createDiagnosticCollection('panelOps.save');
  private readonly validation = vscode.languages.createDiagnosticCollection('panelOps.validation');
  private readonly placeholders = vscode.languages.createDiagnosticCollection('panelOps.placeholders');

  /**
   * Replaces the save problems of every file in `files` by `problems`, leaving out those validation already
   * lists at the same line (validate-on-save and the refused PUT usually name the same errors).
   */
  reportSave(files: readonly vscode.Uri[], problems: readonly ProblemAt[]): void {
    const known = (problem: ProblemAt) => (this.validation.get(problem.uri) ?? []).some((diagnostic) =>
      diagnostic.range.start.line === problem.line - 1 && diagnostic.message === plainLabel(problem.message, 500));
    this.replace(this.save, files, problems.filter((problem) => !known(problem)), 'panel (save)');
  }

  clearSave(uri: vscode.Uri): void {
    this.save.delete(uri);
  }

  reportValidation(files: readonly vscode.Uri[], problems: readonly ProblemAt[]): void {
    this.replace(this.validation, files, problems, 'panel (validate)');
  }

  /** `{{placeholders}}` the template does not declare, found in the text as it is typed. */
  reportPlaceholders(file: vscode.Uri, problems: readonly ProblemAt[]): void {
    this.replace(this.placeholders, [file], problems, 'Panel Ops');
  }

  /**
   * Problems follow the tabs: a template's (or JSON document's) entries go when its last tab closes, and
   * what the panel said about a refused save or a validation goes when the document is reverted (its text
   * is the panel's again). Placeholder entries are recomputed as the text changes.
   */
  followTabs(): vscode.Disposable {
    return vscode.Disposable.from(
      vscode.window.tabGroups.onDidChangeTabs((event) => this.forgetClosed(event.closed)),
      vscode.window.tabGroups.onDidChangeTabGroups((event) => this.forgetClosed(event.closed.flatMap((group) => group.tabs))),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.scheme !== PANEL_SCHEME || event.document.isDirty || event.contentChanges.length === 0) return;
        const group = groupOf(event.document.uri);
        for (const collection of [this.save, this.validation]) {
          collection.forEach((uri) => {
            if (groupOf(uri) === group) collection.delete(uri);
          });
        }
      }),
    );
  }

  /** Drops the entries of the panel document groups of `closed` tabs that no tab shows any more. */
  private forgetClosed(closed: readonly vscode.Tab[]): void {
    const closing = new Set(closed.flatMap((tab) => tabUris(tab.input)).filter((uri) => uri.scheme === PANEL_SCHEME).map(groupOf));
    if (closing.size === 0) return;
    const open = new Set<string>();
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        for (const uri of tabUris(tab.input)) if (uri.scheme === PANEL_SCHEME) open.add(groupOf(uri));
      }
    }
    for (const collection of [this.save, this.validation, this.placeholders]) {
      const gone: vscode.Uri[] = [];
      collection.forEach((uri) => {
        const group = groupOf(uri);
        if (closing.has(group) && !open.has(group)) gone.push(uri);
      });
      for (const uri of gone) collection.delete(uri);
    }
  }

  dispose(): void {
    this.save.dispose();
    this.validation.dispose();
    this.placeholders.dispose();
  }

  private replace(collection: vscode.DiagnosticCollection, files: readonly vscode.Uri[], problems: readonly ProblemAt[], source: string): void {
    for (const file of files) {
      const document = openDocument(file);
      const diagnostics = problems.filter((problem) => problem.uri.toString() === file.toString()).map((problem) => {
        const diagnostic = new vscode.Diagnostic(rangeOf(document, problem), plainLabel(problem.message, 500), problem.severity ?? vscode.DiagnosticSeverity.Error);
        diagnostic.source = source;
        return diagnostic;
      });
      collection.set(file, diagnostics);
    }
  }
}

function rangeOf(document: vscode.TextDocument | undefined, problem: ProblemAt): vscode.Range {
  const lineCount = document?.lineCount ?? problem.line;
  const line = Math.min(Math.max(problem.line, 1), Math.max(lineCount, 1)) - 1;
  if (problem.columns) return new vscode.Range(line, problem.columns[0], line, problem.columns[1]);
  const text = document && line < document.lineCount ? document.lineAt(line) : undefined;
  if (!text) return new vscode.Range(line, 0, line, 1000);
  return new vscode.Range(line, text.firstNonWhitespaceCharacterIndex, line, Math.max(text.range.end.character, text.firstNonWhitespaceCharacterIndex + 1));
}

/** The documents a tab shows (both sides of a diff). */
function tabUris(input: unknown): vscode.Uri[] {
  if (input instanceof vscode.TabInputText) return [input.uri];
  if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
  return [];
}

/** What a document's problems belong to: its template (every file of it), or the document itself. */
function groupOf(uri: vscode.Uri): string {
  const location = locate(uri);
  if (location?.path.kind === 'templateFile') return JSON.stringify([location.panelId, 'template', location.path.templateId]);
  return uri.toString();
}
