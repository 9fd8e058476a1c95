/**
 * JSON text of the API in both directions without losing an int64 (alert ids, spec 4.1): integers beyond
 * Number.MAX_SAFE_INTEGER are read as `bigint` and written as their exact digits; every other number is a
 * `number`. Writing refuses what JSON cannot represent instead of changing it (JSON.stringify writes NaN
 * as null and drops functions), so a body that cannot be sent is known before anything is sent.
 */
import type { JsonValue } from './types';

/**
 * A number token of 16 or more integer digits (where the JSON grammar allows a value: at the start, after
 * `:`, `,` or `[`). Without one, every integer in the text has at most 15 digits, so JSON.parse reads it
 * exactly and is used (about ten times faster on a page of 200 keys). Matches inside strings only cost the
 * slower exact parse.
 */
const LONG_INTEGER_TOKEN = /(?:^|[:,[])\s*-?\d{16}/;
const INTEGER_TEXT = /^-?\d+$/;

/**
 * CommonJS's `require`, for the one lazy load below (`parseLossless`): this file is also type-checked with the webviews'
 * browser scripts (tsconfig.webview.json, no Node types), and esbuild resolves the call in every bundle.
 */
declare const require: (id: './losslessParse') => typeof import('./losslessParse');

/** Parses JSON text; integers beyond the safe range become bigint. Throws SyntaxError for malformed text. */
export function parseJsonExact(text: string): JsonValue {
  if (!LONG_INTEGER_TOKEN.test(text)) return JSON.parse(text) as JsonValue;
  return parseLossless(text);
}

/** lossless-json's parse, loaded on first use: integers exact, and the last of repeated member names wins, like JSON.parse (lossless-json would throw). */
function parseLossless(text: string): JsonValue {
  const { parse } = require('./losslessParse');
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue }) as JsonValue;
}

/**
 * Where a text stops being JSON (an offset into it), as lossless-json's parser tells it; undefined when the
 * text is JSON or the parser does not say. JSON.parse's own messages give no position since Node 20.
 */
export function jsonErrorOffset(text: string): number | undefined {
  try {
    parseLossless(text);
    return undefined;
  } catch (error) {
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : String(error));
    return at ? Number(at[1]) : undefined;
  }
}

function exactNumber(text: string): number | bigint {
  return INTEGER_TEXT.test(text) ? exactInteger(text) : Number(text);
}

/** The integer written by `digits` (an optional `-` and digits): a number when safe, else a bigint. */
export function exactInteger(digits: string): number | bigint {
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : BigInt(digits);
}

/** Whether the text is an integer as JSON writes one: an optional `-` and digits. */
export function isIntegerText(text: string): boolean {
  return INTEGER_TEXT.test(text);
}

/** A value JSON cannot represent; `path` says where it is (`ids[2]`, `limits.max`). */
export class UnsendableJsonError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path || 'the value'} ${problem}`);
    this.name = 'UnsendableJsonError';
  }
}

/**
 * JSON text of a value, bigints as their digits. NaN, Infinity, functions, symbols, Maps and Sets, a cycle,
 * and undefined in an array throw UnsendableJsonError; an undefined object member is left out (an absent
 * optional field). Objects with toJSON (Date) are written as toJSON returns. `indent` spaces (at most 10)
 * lay it out as `JSON.stringify(value, null, indent)` does; without it the text is on one line.
 */
export function stringifyJsonExact(value: unknown, indent = 0): string {
  let text: string | undefined;
  try {
    text = write(value, '', new Set(), ' '.repeat(Math.min(10, Math.max(0, Math.floor(indent)))), '\n');
  } catch (error) {
    // The call stack or the string length ran out: a value nested too deeply or too large to write.
    if (error instanceof RangeError) throw new UnsendableJsonError('', 'is nested too deeply or too large for JSON');
    throw error;
  }
  if (text === undefined) throw new UnsendableJsonError('', 'is undefined');
  return text;
}

/** `indent` is one level's spaces ('' for one line); `gap` is a line break and the spaces of this value's level. */
function write(value: unknown, path: string, ancestors: Set<object>, indent: string, gap: string): string | undefined {
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'number':
      if (!Number.isFinite(value)) throw new UnsendableJsonError(path, `is ${value}, which JSON cannot represent`);
      return JSON.stringify(value);
    case 'function':
    case 'symbol':
      throw new UnsendableJsonError(path, `is a ${typeof value}, which JSON cannot represent`);
  }
  if (value === null) return 'null';
  const object = value as object;
  if (ancestors.has(object)) throw new UnsendableJsonError(path, 'refers back to itself (a cycle)');
  if (object instanceof Map || object instanceof Set) {
    throw new UnsendableJsonError(path, `is a ${object instanceof Map ? 'Map' : 'Set'}, which JSON cannot represent`);
  }
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return write(toJSON.call(object, path), path, ancestors, indent, gap);
  ancestors.add(object);
  const inner = indent ? gap + indent : '';
  try {
    if (Array.isArray(object)) {
      const items: string[] = [];
      for (let i = 0; i < object.length; i++) {
        const item = write(object[i], `${path}[${i}]`, ancestors, indent, inner);
        if (item === undefined) throw new UnsendableJsonError(`${path}[${i}]`, 'is undefined, which a JSON array cannot hold');
        items.push(item);
      }
      return laidOut('[', items, ']', inner, gap);
    }
    const members: string[] = [];
    const colon = indent ? ': ' : ':';
    for (const [name, member] of Object.entries(object)) {
      const text = write(member, path ? `${path}.${name}` : name, ancestors, indent, inner);
      if (text !== undefined) members.push(`${JSON.stringify(name)}${colon}${text}`);
    }
    return laidOut('{', members, '}', inner, gap);
  } finally {
    ancestors.delete(object);
  }
}

/** The parts between brackets: on one line without `inner`, else one part a line as JSON.stringify lays them out. */
function laidOut(open: string, parts: string[], close: string, inner: string, gap: string): string {
  if (!inner || parts.length === 0) return `${open}${parts.join(',')}${close}`;
  return `${open}${inner}${parts.join(`,${inner}`)}${gap}${close}`;
}
