import * as vscode from 'vscode';
import { plainLabel } from '../text/plainText';
import { openDocument } from './openDocument';

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
