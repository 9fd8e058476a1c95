/**
 * The operator's words for what keeps a CSV text or an import file from being read: the vscode-free
 * readers (text/csvRecords.ts, importFile.ts) return reasons, these turn them into translated text.
 */
import * as vscode from 'vscode';
import type { CsvProblem } from '../../text/csvRecords';
import { plainLabel } from '../../text/plainText';
import type { ImportProblem } from './importFile';
import { numberText } from '../../text/displayLanguage';

/** A reason a text is not CSV, in words. */
export function csvProblemText(problem: CsvProblem): string {
  switch (problem.kind) {
    case 'unclosedQuote': return vscode.l10n.t('A quoted value that starts on line {0} is not closed: a closing " is missing.', problem.line);
    case 'textAfterQuote': return vscode.l10n.t('Line {0}: a closing " is followed by more text; write "" for a quote inside a quoted value.', problem.line);
    case 'notCsv': return vscode.l10n.t('Line {0}: not valid CSV ({1}).', problem.line, plainLabel(problem.detail, 200));
  }
}

/** A reason an import file cannot be read, in words. */
export function importProblemText(problem: ImportProblem): string {
  switch (problem.kind) {
    case 'unclosedQuote':
    case 'textAfterQuote':
    case 'notCsv': return csvProblemText(problem);
    case 'emptyFile': return vscode.l10n.t('The file is empty: the first line must name the columns (label, type, note, owner_label, expires_at).');
    case 'noLabelColumn': return vscode.l10n.t('The first line must name the columns, with at least "label".');
    case 'tooManyValues': return vscode.l10n.t('{0} values for {1} columns.', numberText(problem.values), numberText(problem.columns));
    case 'notJson': return vscode.l10n.t('Not valid JSON: {0}', plainLabel(problem.detail, 200));
    case 'notItemList': return vscode.l10n.t('Expected an array of users, or an object with an "items" array.');
    case 'notObject': return vscode.l10n.t('Item {0} is not an object.', problem.item);
  }
}
