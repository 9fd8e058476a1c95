/**
 * The users table as text, CSV (the default) or JSON, and back. CSV fields are written with the formula
 * guard of text/csv.ts, and read back without it, so a note that starts with `=` or `-` comes back as it
 * was; nodes are one field, names separated by `;`. The JSON variant is an array of objects, one per line
 * as written, read with the exact reader (an edited document may spread them over lines: each row knows
 * the line its object starts on). No `vscode` import.
 */
import { textOf } from '../text/plainText';
import { parseJsonExact } from '../api/exactJson';
import { csvField } from '../text/csv';
import { readCsv, CsvSyntaxError, type CsvProblem } from '../text/csvRecords';
import { TABLE_COLUMNS, type TableColumn, type TableRow } from './userRows';

export type TableFormat = 'csv' | 'json';

/**
 * Why a text cannot be read as a table, at a line: a reason, not a sentence (no `vscode` here to translate
 * it); `tableProblemText` in commands/usersTable/tableProblems.ts gives the operator's words. `detail` is
 * the JSON reader's own message, shown as it is.
 */
export type TableProblem =
  | CsvProblem
  | { readonly kind: 'noHeader'; readonly line: number }
  | { readonly kind: 'tooManyValues'; readonly line: number; readonly values: number; readonly columns: number }
  | { readonly kind: 'unknownColumn'; readonly line: number; readonly name: string }
  | { readonly kind: 'missingColumn'; readonly line: number; readonly name: string }
  | { readonly kind: 'columnTwice'; readonly line: number; readonly name: string }
  | { readonly kind: 'notJson'; readonly line: number; readonly detail: string }
  | { readonly kind: 'notArray'; readonly line: number }
  | { readonly kind: 'notObject'; readonly line: number; readonly item: number }
  | { readonly kind: 'unknownField'; readonly line: number; readonly name: string };

/** Text that cannot be read as a table at all: nothing is planned, the save is refused. */
export class TableSyntaxError extends Error {
  readonly line: number;
  constructor(readonly problem: TableProblem) {
    // The message is for logs and stack traces; what an operator reads is made from `problem`.
    super(`not a users table at line ${problem.line} (${problem.kind})`);
    this.name = 'TableSyntaxError';
    this.line = problem.line;
  }
}

const FORMULA = /^'*[=+\-@\t\r]/;

function field(value: string): string {
  // text/csv.ts puts ' before a leading formula character; one more ' before a value that already starts
  // with quotes and a formula character, so reading strips exactly one and gets the value back.
  const written = csvField(value.startsWith("'") && FORMULA.test(value) ? `'${value}` : value);
  // Reading trims spaces around a value, not inside quotes: a value that starts or ends with one is quoted.
  return /^\s|\s$/.test(written) && !written.startsWith('"') ? `"${written.replace(/"/g, '""')}"` : written;
}

function unguarded(value: string): string {
  return value.startsWith("'") && FORMULA.test(value) ? value.slice(1) : value;
}

export function tableHeader(format: TableFormat): string {
  return format === 'csv' ? `${TABLE_COLUMNS.join(',')}\n` : '[\n';
}

/** The text of `rows`, the first ones of a table (`first`) or those after earlier rows. */
export function tableRowsText(format: TableFormat, rows: readonly TableRow[], first: boolean): string {
  if (format === 'csv') return rows.map((row) => `${TABLE_COLUMNS.map((column) => field(valueText(row, column))).join(',')}\n`).join('');
  return rows.map((row, index) => `${first && index === 0 ? '' : ',\n'}  ${JSON.stringify({
    id: row.id, label: row.label, note: row.note, owner: row.owner, type: row.type, expiry: row.expiry || null,
    enabled: row.enabled === 'true' ? true : row.enabled === 'false' ? false : row.enabled, nodes: row.nodes,
  })}`).join('');
}

export function tableEnd(format: TableFormat, empty: boolean): string {
  return format === 'csv' ? '' : `${empty ? '' : '\n'}]\n`;
}

/** The whole text of a table. */
export function tableText(format: TableFormat, rows: readonly TableRow[]): string {
  return `${tableHeader(format)}${tableRowsText(format, rows, true)}${tableEnd(format, rows.length === 0)}`;
}

function valueText(row: TableRow, column: TableColumn): string {
  return column === 'nodes' ? row.nodes.join('; ') : row[column];
}

/** The rows of a table's text; throws TableSyntaxError for text that is not one. */
export function readTable(format: TableFormat, text: string): TableRow[] {
  return format === 'csv' ? readCsvTable(text) : readJsonTable(text);
}

function readCsvTable(text: string): TableRow[] {
  let records;
  try {
    records = readCsv(text).records;
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new TableSyntaxError(error.problem);
    throw error;
  }
  const [header, ...rest] = records;
  if (!header) throw new TableSyntaxError({ kind: 'noHeader', line: 1 });
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  checkColumns(columns, header.line);
  return rest.map((record) => {
    if (record.fields.length > columns.length) throw new TableSyntaxError({ kind: 'tooManyValues', line: record.line, values: record.fields.length, columns: columns.length });
    const value = (column: TableColumn) => unguarded(record.fields[columns.indexOf(column)] ?? '');
    return {
      line: record.line,
      id: value('id').trim(),
      label: value('label'),
      note: value('note'),
      owner: value('owner'),
      type: value('type').trim(),
      expiry: value('expiry').trim(),
      enabled: value('enabled').trim().toLowerCase(),
      nodes: value('nodes').split(';').map((name) => name.trim()).filter((name) => name !== ''),
    };
  });
}

function checkColumns(columns: readonly string[], line: number): void {
  const unknown = columns.filter((name) => !TABLE_COLUMNS.includes(name as TableColumn));
  if (unknown.length > 0) throw new TableSyntaxError({ kind: 'unknownColumn', line, name: unknown[0] });
  const missing = TABLE_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new TableSyntaxError({ kind: 'missingColumn', line, name: missing[0] });
  const twice = columns.find((name, index) => columns.indexOf(name) !== index);
  if (twice) throw new TableSyntaxError({ kind: 'columnTwice', line, name: twice });
}

function readJsonTable(text: string): TableRow[] {
  let value: unknown;
  try {
    value = parseJsonExact(text);
  } catch (error) {
    throw new TableSyntaxError({ kind: 'notJson', line: 1, detail: error instanceof Error ? error.message : String(error) });
  }
  if (!Array.isArray(value)) throw new TableSyntaxError({ kind: 'notArray', line: 1 });
  const lines = objectLines(text);
  return value.map((item, index) => {
    const line = lines[index] ?? 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new TableSyntaxError({ kind: 'notObject', line, item: index + 1 });
    const record = item as Record<string, unknown>;
    const unknown = Object.keys(record).find((name) => !TABLE_COLUMNS.includes(name as TableColumn));
    if (unknown) throw new TableSyntaxError({ kind: 'unknownField', line, name: unknown });
    const text = (name: TableColumn) => {
      const member = record[name];
      return typeof member === 'string' ? member : textOf(member);
    };
    const nodes = record.nodes;
    return {
      line,
      id: text('id').trim(),
      label: text('label'),
      note: text('note'),
      owner: text('owner'),
      type: text('type').trim(),
      expiry: text('expiry').trim(),
      enabled: record.enabled === undefined ? '' : text('enabled').trim().toLowerCase(),
      nodes: Array.isArray(nodes) ? nodes.map((node) => String(node).trim()).filter((node) => node !== '')
        : typeof nodes === 'string' ? nodes.split(';').map((node) => node.trim()).filter((node) => node !== '') : [],
    };
  });
}

/** The 1-based line of each object directly inside the top-level array. */
function objectLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      if (depth === 1 && ch === '{') lines.push(line);
      depth++;
    } else if (ch === ']' || ch === '}') depth--;
  }
  return lines;
}
