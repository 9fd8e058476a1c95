/**
 * A panel folder's problems in Problems: one entry per problem, at its line, in the operator's words, an
 * error of Panel Ops; and the plan's own collection, which leaves an open file's one-file problems to the
 * live check (folderFileCheck.ts).
 */
import * as vscode from 'vscode';
import { ONE_FILE_PROBLEMS, type FolderProblem } from '../../panelFolder';
import { tableProblemText } from '../usersTable/tableProblems';
import { folderProblemText } from './folderText';

/** A problem as a Problems entry: its whole line, the operator's words, an error from `Panel Ops`. */
export function folderDiagnostic(problem: FolderProblem): vscode.Diagnostic {
  const line = Math.max(0, problem.line - 1);
  const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, 1000), folderProblemText(problem, vscode.l10n.t, tableProblemText), vscode.DiagnosticSeverity.Error);
  diagnostic.source = 'Panel Ops';
  return diagnostic;
}

/**
 * What the last plan found, by file (collection `panelOps.panelFolder`). One mistake is listed once: while a
 * file of a pulled folder is open, the problems its text shows by itself (`ONE_FILE_PROBLEMS`: not JSON, a
 * member of the wrong type, one the panel does not take…) belong to the live check, which reads the editor's
 * text (unsaved edits included) and so is never behind it, whereas the plan read the file on disk when it
 * ran. The plan keeps what needs the rest of the folder or the panel (a name twice, an unknown template, the
 * panel's refusal, a hostname change). A file closed again shows the plan's entries again (they are of the
 * file on disk); a file whose folder is no longer pulled loses them.
 */
export class PlanProblems implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('panelOps.panelFolder');
  /** The last plan's problems, by file URI. */
  private readonly planned = new Map<string, { readonly uri: vscode.Uri; readonly problems: readonly FolderProblem[] }>();
  /** Files whose one-file problems the live check shows now. */
  private readonly live = new Set<string>();

  /** A plan's problems of the folder at `root`, instead of the last plan's. */
  show(root: vscode.Uri, problems: readonly FolderProblem[]): void {
    this.clear();
    for (const problem of problems) {
      const uri = vscode.Uri.joinPath(root, ...problem.file.split('/'));
      const key = uri.toString();
      this.planned.set(key, { uri, problems: [...(this.planned.get(key)?.problems ?? []), problem] });
    }
    for (const key of this.planned.keys()) this.publish(key);
  }

  clear(): void {
    this.planned.clear();
    this.collection.clear();
  }

  /**
   * The live check of `uri`: `live` while it shows the file's own problems, `closed` once the document is
   * closed, `outside` once its folder is no longer a pulled one.
   */
  follow(uri: vscode.Uri, state: 'live' | 'closed' | 'outside'): void {
    const key = uri.toString();
    if (state === 'live' && this.live.has(key)) return;
    if (state === 'live') this.live.add(key);
    else this.live.delete(key);
    if (!this.planned.has(key)) return;
    if (state === 'outside') {
      this.planned.delete(key);
      this.collection.delete(uri);
    } else this.publish(key);
  }

  dispose(): void {
    this.collection.dispose();
  }

  private publish(key: string): void {
    const entry = this.planned.get(key);
    if (!entry) return;
    const shown = this.live.has(key) ? entry.problems.filter((problem) => !ONE_FILE_PROBLEMS.has(problem.code)) : entry.problems;
    this.collection.set(entry.uri, shown.map(folderDiagnostic));
  }
}
