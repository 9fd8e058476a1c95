import * as vscode from 'vscode';
import type { UsersTableFile } from '../../editors/usersTableFiles';
import { plainLabel } from '../../text/plainText';
import { readTable, TableSyntaxError } from '../../usersTable/tableText';
import { isEmptyPlan, planUsers, summarize, type UsersPlan } from '../../usersTable/usersPlan';
import { invalidText, planDocument, problemText, summaryText } from './planText';
import { tableProblemText } from './tableProblems';
import type { TableSession } from './tableSessions';
import type { UsersTableContext } from './usersTableContext';

/** A save refused (the text is not a table): VS Code keeps the document unsaved and shows why. */
class TableRefusedError extends Error {}

/**
 * Saving a users table computes the plan and sends nothing. Text that is not a table (a broken quote, an
 * unknown column) refuses the save: the document stays dirty, the reason is a Problem at its line. A
 * table that reads is saved (the document is clean: the file now holds the operator's rows, and saving
 * again would plan the same), rows the panel would refuse are Problems at their lines (nothing will be
 * sent for them), and the plan opens beside the document.
 */
export async function saveTablePlan(context: UsersTableContext, file: UsersTableFile, text: string): Promise<void> {
  const session = context.tables.get(file.uri);
  if (!session) throw new TableRefusedError(vscode.l10n.t('Run Edit Users as Table again: this table was opened in an earlier session.'));
  let rows;
  try {
    rows = readTable(file.format, text);
  } catch (error) {
    if (!(error instanceof TableSyntaxError)) throw error;
    const reason = tableProblemText(error.problem);
    context.problems.reportValidation([file.uri], []);
    context.problems.reportSave([file.uri], [{ uri: file.uri, line: error.line, message: reason }]);
    throw new TableRefusedError(vscode.l10n.t('Not saved: {0}', reason));
  }
  context.problems.clearSave(file.uri);
  const plan = planUsers(session.base, rows, session.names, Date.now());
  context.problems.reportValidation([file.uri], plan.problems.map((problem) => ({ uri: file.uri, line: problem.line, message: problemText(problem, vscode.l10n.t) })));
  session.version++;
  await showPlan(context, session, plan);
}

/** Opens a plan beside its table (a read-only, diff-like document with Apply Plan on it). */
export async function showPlan(context: UsersTableContext, session: TableSession, plan: UsersPlan, heading?: string): Promise<vscode.Uri> {
  const panelName = plainLabel(context.session.panel(session.file.panelId)?.name ?? session.file.panelId, 60);
  const title = heading ?? vscode.l10n.t('Plan for {0} on {1}', session.what, panelName);
  const uri = context.documents.keep(`users-plan.diff`, planDocument(plan, session.names, title, vscode.l10n.t));
  context.tables.setPlan(session, { plan, uri, version: session.version });
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(document, 'diff');
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false, preserveFocus: true });
  const summary = summarize(plan);
  if (isEmptyPlan(plan) && summary.invalid === 0) void context.input.notify('info', vscode.l10n.t('Nothing to change: the table holds what the panel held when it was read.'));
  else void context.input.notify(summary.invalid > 0 ? 'warning' : 'info', summary.invalid > 0
    ? vscode.l10n.t('Planned: {0}. {1} Nothing has been sent.', summaryText(plan, vscode.l10n.t), invalidText(summary.invalid, vscode.l10n.t))
    : vscode.l10n.t('Planned: {0}. Nothing has been sent: run Apply Plan to send it.', summaryText(plan, vscode.l10n.t)));
  return uri;
}
