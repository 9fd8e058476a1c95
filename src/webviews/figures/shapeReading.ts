/**
 * Reads a panel answer of unspecified shape (dashboard, monitoring, node stats...) into what a page can
 * draw: numbers (grouped by the object holding them), time series (arrays of points, arrays of numbers),
 * tables (other arrays of objects) and a key/value tree of the rest. Every label is the field's name or
 * path as the panel sent it. Nothing here throws on an unexpected shape: whatever does not fit a figure,
 * a series or a table ends up in the tree. No `vscode` import (unit-tested in plain Node).
 */
import { jsonText } from '../../text/jsonText';
import { ownMember } from '../../text/ownMember';

export interface Figure {
  /** The field's name, e.g. `online`. */
  readonly label: string;
  readonly value: number;
}

/** Numbers that sit side by side in one object, e.g. `nodes: {total, online, offline}`. */
export interface FigureGroup {
  /** The path of the object (`nodes`, `summary.keys`); empty for the top level. */
  readonly label: string;
  readonly figures: readonly Figure[];
}

export interface SeriesPoint {
  /** Milliseconds since the epoch, or undefined for an index-only series. */
  readonly t?: number;
  /** The point's x label as shown (the time as the panel sent it, or the index). */
  readonly x: string;
  /** Undefined where the panel sent no number (a gap, e.g. an offline node). */
  readonly y?: number;
}

export interface Series {
  /** The path of the array and, when a point holds several numbers, the number's field name. */
  readonly label: string;
  readonly points: readonly SeriesPoint[];
}

export interface Table {
  readonly label: string;
  readonly columns: readonly string[];
  /** Cells as text, one per column. */
  readonly rows: readonly (readonly string[])[];
  /** Rows the panel sent beyond those kept. */
  readonly omitted: number;
}

export interface TreeRow {
  readonly depth: number;
  readonly key: string;
  /** The value as text; undefined for an object or array whose members follow one level deeper. */
  readonly value?: string;
}

export interface Reading {
  readonly groups: readonly FigureGroup[];
  readonly series: readonly Series[];
  readonly tables: readonly Table[];
  readonly tree: readonly TreeRow[];
  /** The answer was larger than the limits: some of it is not shown. */
  readonly truncated: boolean;
}

export const READING_LIMITS = {
  depth: 8,
  /** Members visited in one answer; the rest is summarised. */
  members: 5000,
  points: 2000,
  seriesCount: 40,
  tables: 20,
  rows: 500,
  columns: 12,
  text: 300,
  treeRows: 1500,
} as const;

/** Fields that hold a point's time, in the order they are preferred. */
const TIME_FIELDS = ['at', 'time', 't', 'timestamp', 'ts', 'date', 'x'];
/** Number fields that are "the" value of a point, so the series is named after the array alone. */
const VALUE_FIELDS = new Set(['value', 'v', 'y']);

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNumber(value: Json): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

/** A scalar (or a small container) as one line of text, cut to `max` characters. */
export function cellText(value: Json, max: number = READING_LIMITS.text): string {
  let text: string;
  if (value === null) text = 'null';
  else if (value === undefined) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else {
    try {
      text = jsonText(value);
    } catch {
      text = '';
    }
  }
  // One line: control characters (line breaks, escapes), bidi overrides and invisible marks (plainLabel's set) become spaces.
  text = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A time as milliseconds: an RFC 3339 / ISO string, or epoch seconds / milliseconds. */
export function timeOf(value: Json): number | undefined {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (isNumber(value) && value > 1e8) return value < 1e11 ? value * 1000 : value;
  return undefined;
}

function timeField(point: Record<string, Json>): string | undefined {
  return TIME_FIELDS.find((name) => timeOf(point[name]) !== undefined);
}

/** The series an array of points holds, or undefined when it is not one. */
function seriesOf(path: string, list: readonly Json[]): Series[] | undefined {
  if (list.length < 2) return undefined;
  if (list.every((item) => isNumber(item) || item === null) && list.some(isNumber)) {
    return [{ label: path, points: list.slice(0, READING_LIMITS.points).map((y, index) => ({ x: String(index), y: isNumber(y) ? y : undefined })) }];
  }
  if (!list.every(isObject)) return undefined;
  const objects = list as Record<string, Json>[];
  const time = timeField(objects[0]);
  if (!time || !objects.every((point) => timeOf(point[time]) !== undefined)) return undefined;
  // Number fields: those holding a number (or null, a gap) in every point, and a number in at least one.
  const names = Object.keys(objects[0]).filter((name) => name !== time
    && objects.every((point) => isNumber(ownMember(point, name)) || ownMember(point, name) === null)
    && objects.some((point) => isNumber(ownMember(point, name))));
  if (names.length === 0) return undefined;
  const kept = objects.slice(0, READING_LIMITS.points);
  return names.map((name) => ({
    label: names.length === 1 && VALUE_FIELDS.has(name) ? path : join(path, name),
    points: kept.map((point) => {
      const y = ownMember(point, name);
      return { t: timeOf(point[time]), x: cellText(point[time], 40), y: isNumber(y) ? y : undefined };
    }),
  }));
}

function tableOf(path: string, list: readonly Json[]): Table | undefined {
  if (list.length === 0 || !list.every(isObject)) return undefined;
  const columns: string[] = [];
  for (const item of list.slice(0, READING_LIMITS.rows)) {
    for (const name of Object.keys(item)) {
      if (!columns.includes(name) && columns.length < READING_LIMITS.columns) columns.push(name);
    }
  }
  const rows = list.slice(0, READING_LIMITS.rows).map((item) => columns.map((name) => cellText(ownMember(item as object, name), 200)));
  return { label: path, columns: columns.map((name) => cellText(name, 80)), rows, omitted: Math.max(0, list.length - READING_LIMITS.rows) };
}

/** Reads an answer of any shape; never throws. */
export function readShape(answer: Json): Reading {
  const groups = new Map<string, Figure[]>();
  const series: Series[] = [];
  const tables: Table[] = [];
  const tree: TreeRow[] = [];
  let visited = 0;
  let cut = false;

  const addTree = (row: TreeRow) => {
    if (tree.length < READING_LIMITS.treeRows) tree.push(row);
    else cut = true;
  };

  const visit = (value: Json, path: string, key: string, depth: number): void => {
    if (++visited > READING_LIMITS.members) {
      cut = true;
      return;
    }
    if (isNumber(value) && key !== '') {
      const group = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
      const list = groups.get(group) ?? [];
      list.push({ label: cellText(key, 80), value });
      groups.set(group, list);
      return;
    }
    if (Array.isArray(value)) {
      const found = series.length < READING_LIMITS.seriesCount ? seriesOf(path, value) : undefined;
      if (found) {
        series.push(...found.slice(0, READING_LIMITS.seriesCount - series.length));
        return;
      }
      const table = tables.length < READING_LIMITS.tables ? tableOf(path, value) : undefined;
      if (table) {
        tables.push(table);
        return;
      }
      if (value.length === 0 || value.every((item) => !isObject(item) && !Array.isArray(item))) {
        addTree({ depth, key: cellText(key || path, 80), value: value.length === 0 ? '[]' : cellText(value.map((item) => cellText(item, 80)).join(', ')) });
        return;
      }
      addTree({ depth, key: cellText(key || path, 80) });
      value.slice(0, READING_LIMITS.rows).forEach((item, index) => visit(item, `${path}[${index}]`, `[${index}]`, depth + 1));
      return;
    }
    if (isObject(value)) {
      if (depth >= READING_LIMITS.depth) {
        addTree({ depth, key: cellText(key, 80), value: cellText(value) });
        return;
      }
      const before = tree.length;
      if (key !== '') addTree({ depth, key: cellText(key, 80) });
      const entries = Object.entries(value);
      for (const [name, member] of entries) visit(member, join(path, name), name, key === '' ? depth : depth + 1);
      // An object whose members all became figures, series or tables needs no heading in the tree.
      if (key !== '' && tree.length === before + 1) tree.pop();
      return;
    }
    if (key === '' && value !== undefined) {
      addTree({ depth, key: '', value: cellText(value) });
      return;
    }
    addTree({ depth, key: cellText(key, 80), value: cellText(value) });
  };

  try {
    visit(answer, '', '', 0);
  } catch {
    cut = true;
  }
  return {
    // The answer's own top-level numbers first (they have no heading), then each object's.
    groups: [...groups].map(([label, figures]) => ({ label, figures })).sort((a, b) => Number(a.label !== '') - Number(b.label !== '')),
    series,
    tables,
    tree,
    truncated: cut,
  };
}
