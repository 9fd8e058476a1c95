/**
 * Reading CSV as spreadsheets write it (csv-parse does the parsing): quoted fields that hold the
 * delimiter, quotes ("") or line breaks, a `,` or a `;` delimiter (Excel and LibreOffice in Russian or
 * German locales write `;`), a byte order mark, and CRLF, LF or CR line ends. Each record knows the
 * 1-based line it starts on, also after a record that spans several lines, so a problem can be shown at
 * its line. No `vscode` import.
 *
 * csv-parse is loaded on the first read, not when this module is imported: Import Users is not on the
 * first screen, and activation should not pay for its parser (the same lazy require as undiciModule.ts).
 */
import type * as CsvParse from 'csv-parse/sync';

export interface CsvRecord {
  /** The 1-based line the record starts on. */
  readonly line: number;
  readonly fields: string[];
}

export interface CsvReading {
  readonly delimiter: ',' | ';';
  /** Blank lines are left out; a record of empty fields (`,,`) is kept. */
  readonly records: CsvRecord[];
}

/**
 * Why a text is not CSV, at a line: a reason, not a sentence (this module cannot translate); the
 * operator's words come from `csvProblemText` in commands/users/importProblems.ts. `detail` is
 * csv-parse's own message, shown as it is.
 */
export type CsvProblem =
  | { readonly kind: 'unclosedQuote'; readonly line: number }
  | { readonly kind: 'textAfterQuote'; readonly line: number }
  | { readonly kind: 'notCsv'; readonly line: number; readonly detail: string };

/** Text that is not CSV, with the reason and the line to show it at. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(readonly problem: CsvProblem) {
    // The message is for logs and stack traces; what an operator reads is made from `problem`.
    super(`not CSV at line ${problem.line} (${problem.kind})`);
    this.name = 'CsvSyntaxError';
    this.line = problem.line;
  }
}

/**
 * The delimiter of the header line (the first one): `;` when it holds more semicolons than commas
 * outside quotes, else `,`. A header names columns, so it rarely quotes anything.
 */
export function headerDelimiter(text: string): ',' | ';' {
  const header = /^[^\r\n]*/.exec(text.replace(/^\ufeff/, ''))?.[0] ?? '';
  const unquoted = header.replace(/"[^"]*"/g, '');
  const count = (ch: string) => unquoted.split(ch).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The records of a CSV text; throws CsvSyntaxError (with its line) for text that is not CSV. */
export function readCsv(text: string): CsvReading {
  // One line end: csv-parse takes the first line end it meets for the whole file, and miscounts lines
  // on a CRLF inside quotes. A CRLF in a quoted value is read as LF, as spreadsheets do.
  const body = text.replace(/\r\n?/g, '\n');
  const delimiter = headerDelimiter(body);
  const records: CsvRecord[] = [];
  let lastRecordEnd = 0;
  try {
    loadCsvParse().parse(body, {
      bom: true,
      delimiter,
      // Fewer values than columns is an empty rest; the caller decides about more.
      relax_column_count: true,
      // A quote inside an unquoted value (5" screen) is a character, as spreadsheets read it.
      relax_quotes: true,
      skip_empty_lines: true,
      // Spaces around a delimiter, also around a quoted value.
      trim: true,
      // `context.lines` is the line a record ends on; the line breaks inside its quoted values lead back to its start.
      on_record: (fields, context) => {
        lastRecordEnd = context.lines;
        records.push({ line: context.lines - fields.reduce((breaks, field) => breaks + field.split('\n').length - 1, 0), fields });
        return null;
      },
    });
  } catch (error) {
    throw syntaxError(error, body, lastRecordEnd);
  }
  return { delimiter, records };
}

function syntaxError(error: unknown, body: string, lastRecordEnd: number): unknown {
  const csv = error as Partial<CsvParse.CsvError> & { lines?: number };
  if (typeof csv?.code !== 'string' || typeof csv.lines !== 'number') return error;
  switch (csv.code) {
    case 'CSV_QUOTE_NOT_CLOSED': {
      // csv-parse stops at the end of the file; the record that never ends starts after the last read one.
      const line = firstFilledLineAfter(body, lastRecordEnd);
      return new CsvSyntaxError({ kind: 'unclosedQuote', line });
    }
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new CsvSyntaxError({ kind: 'textAfterQuote', line: csv.lines });
    default:
      return new CsvSyntaxError({ kind: 'notCsv', line: csv.lines, detail: String(csv.message) });
  }
}

function loadCsvParse(): typeof CsvParse {
  // A plain require inside the function (not a top-level import) keeps the evaluation lazy in the bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- that lazy load
  return require('csv-parse/sync') as typeof CsvParse;
}

/** The 1-based number of the first line after line `after` that is not blank. */
function firstFilledLineAfter(body: string, after: number): number {
  const lines = body.replace(/^\ufeff/, '').split('\n');
  let index = after;
  while (index < lines.length - 1 && lines[index].trim() === '') index++;
  return index + 1;
}
