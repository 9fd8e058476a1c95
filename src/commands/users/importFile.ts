/**
 * Reading users to import from a CSV or JSON text, remembering the line each user starts on, so the
 * panel's per-item validation errors (`items[3].label`) can be shown at that line. No `vscode` import.
 */
import { CsvSyntaxError, readCsv, type CsvProblem, type CsvRecord } from '../../text/csvRecords';
import { parseJsonExact, stringifyJsonExact } from '../../api/exactJson';

/** The fields `POST /keys/import` takes per item (besides the request's `node_ids`). */
export const IMPORT_FIELDS = ['label', 'type', 'note', 'owner_label', 'expires_at'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ImportItem = Partial<Record<ImportField, string>>;

/**
 * What kept a line of an import file from being read: a reason, not a sentence (no `vscode` here);
 * `importProblemText` in importProblems.ts gives the operator's words. `detail` is the JSON reader's own message.
 */
export type ImportProblem =
  | CsvProblem
  | { readonly kind: 'emptyFile'; readonly line: number }
  | { readonly kind: 'noLabelColumn'; readonly line: number }
  | { readonly kind: 'tooManyValues'; readonly line: number; readonly values: number; readonly columns: number }
  | { readonly kind: 'notJson'; readonly line: number; readonly detail: string }
  | { readonly kind: 'notItemList'; readonly line: number }
  | { readonly kind: 'notObject'; readonly line: number; readonly item: number };

export interface ParsedImport {
  readonly items: ImportItem[];
  /** The 1-based line each item starts on, by index. */
  readonly lines: number[];
  /** What kept the text from being read (the import cannot go on while there is one). */
  readonly problems: ImportProblem[];
  /** Columns or members that are not import fields and were left out. */
  readonly ignored: string[];
}

/** Column aliases operators write in spreadsheets. */
const ALIASES: Record<string, ImportField> = { owner: 'owner_label', expires: 'expires_at', expiry: 'expires_at', name: 'label' };

function fieldOf(name: string): ImportField | undefined {
  const bare = name.trim().toLowerCase();
  return (IMPORT_FIELDS as readonly string[]).includes(bare) ? bare as ImportField : ALIASES[bare];
}

export function looksLikeJson(text: string): boolean {
  return /^\s*[[{]/.test(text);
}

export function parseImport(text: string): ParsedImport {
  return looksLikeJson(text) ? parseJsonImport(text) : parseCsvImport(text);
}

/** Users from CSV (see readCsv: `,` or `;`, quoted values across lines, a BOM); a header line names the columns. */
function parseCsvImport(text: string): ParsedImport {
  const result: ParsedImport = { items: [], lines: [], problems: [], ignored: [] };
  let records: CsvRecord[];
  try {
    records = readCsv(text).records;
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { ...result, problems: [error.problem] };
  }
  const header = records.shift();
  if (!header) return { ...result, problems: [{ kind: 'emptyFile', line: 1 }] };
  const columns = header.fields.map(fieldOf);
  header.fields.forEach((name, index) => { if (!columns[index] && name.trim() !== '') result.ignored.push(name.trim()); });
  if (!columns.includes('label')) result.problems.push({ kind: 'noLabelColumn', line: header.line });
  for (const record of records) {
    if (record.fields.every((value) => value.trim() === '')) continue;
    const item: ImportItem = {};
    record.fields.forEach((value, index) => {
      const column = columns[index];
      if (column && value.trim() !== '') item[column] = column === 'type' ? value.trim().toUpperCase() : value.trim();
    });
    if (record.fields.length > header.fields.length) result.problems.push({ kind: 'tooManyValues', line: record.line, values: record.fields.length, columns: header.fields.length });
    result.items.push(item);
    result.lines.push(record.line);
  }
  return result;
}

function parseJsonImport(text: string): ParsedImport {
  const result: ParsedImport = { items: [], lines: [], problems: [], ignored: [] };
  let root: unknown;
  try {
    root = parseJsonExact(text); // int64 values keep their digits
  } catch (error) {
    return { ...result, problems: [{ kind: 'notJson', line: 1, detail: error instanceof Error ? error.message : String(error) }] };
  }
  const list = Array.isArray(root) ? root : (root as { items?: unknown } | null)?.items;
  if (!Array.isArray(list)) return { ...result, problems: [{ kind: 'notItemList', line: 1 }] };
  const lines = jsonItemLines(text, !Array.isArray(root));
  const ignored = new Set<string>();
  list.forEach((entry, index) => {
    const line = lines[index] ?? 1;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      result.problems.push({ kind: 'notObject', line, item: index + 1 });
      return;
    }
    const item: ImportItem = {};
    for (const [name, value] of Object.entries(entry as Record<string, unknown>)) {
      const field = fieldOf(name);
      if (!field) { ignored.add(name); continue; }
      if (value === null || value === undefined) continue;
      item[field] = typeof value === 'string' ? value : stringifyJsonExact(value);
    }
    result.items.push(item);
    result.lines.push(line);
  });
  result.ignored.push(...ignored);
  return result;
}

/** The line on which each element of the item array starts (the root array, or the root object's "items"). */
export function jsonItemLines(text: string, underItems: boolean): number[] {
  const lines: number[] = [];
  const stack: { kind: 'array' | 'object'; key?: string; isItems: boolean }[] = [];
  let line = 1;
  let lastString = '';
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') { line++; continue; }
    if (ch === '"') {
      let value = '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\') { value += text[i + 1] ?? ''; i++; } else value += text[i];
        if (text[i] === '\n') line++;
      }
      lastString = value;
      if (atItemStart()) lines.push(line);
      expectValue = false;
      continue;
    }
    if (ch === ':') { const top = stack[stack.length - 1]; if (top?.kind === 'object') top.key = lastString; continue; }
    if (ch === '{' || ch === '[') {
      if (atItemStart()) lines.push(line);
      const parent = stack[stack.length - 1];
      const isItems = ch === '[' && (underItems ? stack.length === 1 && parent?.kind === 'object' && parent.key === 'items' : stack.length === 0);
      stack.push({ kind: ch === '[' ? 'array' : 'object', isItems });
      expectValue = ch === '[';
      continue;
    }
    if (ch === '}' || ch === ']') { stack.pop(); expectValue = false; continue; }
    if (ch === ',') { expectValue = stack[stack.length - 1]?.kind === 'array'; continue; }
    if (/\s/.test(ch)) continue;
    // A bare value (number, true, false, null) as an item.
    if (atItemStart()) lines.push(line);
    expectValue = false;
    while (i + 1 < text.length && /[^\s,\]}]/.test(text[i + 1])) i++;
  }
  return lines;

  function atItemStart(): boolean {
    const top = stack[stack.length - 1];
    return expectValue && top?.kind === 'array' && top.isItems;
  }
}

/** One of the panel's field errors placed at a line: `items[3].label` -> the line of item 3. */
export interface LineProblem {
  readonly line: number | undefined;
  readonly field: string;
  readonly message: string;
}

export function problemsAtLines(fields: Readonly<Record<string, string>>, lines: readonly number[]): LineProblem[] {
  return Object.entries(fields).map(([name, message]) => {
    const match = /^items\[(\d+)\]\.?(.*)$/.exec(name);
    if (!match) return { line: undefined, field: name, message: String(message) };
    return { line: lines[Number(match[1])], field: match[2] || name, message: String(message) };
  }).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
