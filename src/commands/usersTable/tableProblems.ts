/**
 * The operator's words for what keeps a users table's text from being read (usersTable/tableText.ts
 * returns the reason; this turns it into translated text for Problems and the refused save).
 */
import * as vscode from 'vscode';
import { plainLabel } from '../../text/plainText';
import type { TableProblem } from '../../usersTable/tableText';
import { TABLE_COLUMNS } from '../../usersTable/userRows';
import { csvProblemText } from '../users/importProblems';
import { numberText } from '../../text/displayLanguage';

/** A reason a text is not a users table, in words. */
export function tableProblemText(problem: TableProblem): string {
  switch (problem.kind) {
    case 'unclosedQuote':
    case 'textAfterQuote':
    case 'notCsv': return csvProblemText(problem);
    case 'noHeader': return vscode.l10n.t('The first line names the columns: {0}.', TABLE_COLUMNS.join(','));
    case 'tooManyValues': return vscode.l10n.t('Line {0} has {1} values for {2} columns.', problem.line, numberText(problem.values), numberText(problem.columns));
    case 'unknownColumn': return vscode.l10n.t('Unknown column "{0}": the table has {1}.', plainLabel(problem.name, 60), TABLE_COLUMNS.join(', '));
    case 'missingColumn': return vscode.l10n.t('Column "{0}" is missing: the table has {1}.', problem.name, TABLE_COLUMNS.join(', '));
    case 'columnTwice': return vscode.l10n.t('Column "{0}" is there twice.', plainLabel(problem.name, 60));
    case 'notJson': return vscode.l10n.t('Not valid JSON: {0}', plainLabel(problem.detail, 200));
    case 'notArray': return vscode.l10n.t('The document must be a JSON array of users.');
    case 'notObject': return vscode.l10n.t('Item {0} is not an object.', problem.item);
    case 'unknownField': return vscode.l10n.t('Unknown field "{0}": a user has {1}.', plainLabel(problem.name, 60), TABLE_COLUMNS.join(', '));
  }
}
