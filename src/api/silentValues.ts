/**
 * Scalars from the parts of an answer the contract does not show, whatever shape a panel gives them: a
 * value as it is, or wrapped in an object (`{value}`, `{url, enabled}`, `{text}`), a flag as `true`, `1`,
 * `"true"`, `"yes"`, a number as a numeric string. What cannot be read this way is left to the caller, which
 * shows the panel's own text. No `vscode` import.
 */

/** Members that hold the value of an object wrapping one scalar, in the order they are tried. */
const WRAPPING_MEMBERS = ['value', 'url', 'text', 'name', 'title', 'label', 'state', 'status'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean';
}

/**
 * The scalar a value stands for: the value itself, or the one scalar an object wraps (under `value`, `url`,
 * `text`…, or its only scalar member). undefined for anything else.
 */
export function scalarOf(value: unknown): string | number | bigint | boolean | null | undefined {
  if (value === null || isScalar(value)) return value as string | number | bigint | boolean | null;
  if (!isRecord(value)) return undefined;
  for (const name of WRAPPING_MEMBERS) if (Object.hasOwn(value, name) && (value[name] === null || isScalar(value[name]))) return value[name] as string | number | bigint | boolean | null;
  const scalars = Object.values(value).filter(isScalar);
  return scalars.length === 1 ? (scalars[0] as string | number | bigint | boolean) : undefined;
}

/** A flag: `true`/`false`, `1`/`0`, `"true"`, `"yes"`, `"on"`… (wrapped or not); undefined when it is none of these. */
export function flagOf(value: unknown): boolean | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === 'boolean') return scalar;
  if (typeof scalar === 'number' || typeof scalar === 'bigint') return scalar === 1 || scalar === 1n ? true : scalar === 0 || scalar === 0n ? false : undefined;
  if (typeof scalar === 'string') {
    const word = scalar.trim().toLowerCase();
    if (['true', '1', 'yes', 'on', 'y'].includes(word)) return true;
    if (['false', '0', 'no', 'off', 'n', ''].includes(word)) return false;
  }
  return undefined;
}

/** The first of `names` that reads as a flag. */
export function firstFlag(record: Record<string, unknown>, names: readonly string[]): boolean | undefined {
  for (const name of names) {
    if (!Object.hasOwn(record, name)) continue;
    const flag = flagOf(record[name]);
    if (flag !== undefined) return flag;
  }
  return undefined;
}

/** The first of `names` the record holds, with its value as read (any shape); undefined when none is there. */
export function memberNamed(record: Record<string, unknown>, names: readonly string[]): { readonly name: string; readonly value: unknown } | undefined {
  for (const name of names) if (Object.hasOwn(record, name)) return { name, value: record[name] };
  return undefined;
}

/**
 * `next` in the shape a value was read in, so that it goes back to the panel as the panel gave it: inside
 * the same wrapping object (`{value: "a"}` → `{value: "b"}`, `{url, enabled}` keeps `enabled`), a flag read as
 * `1`/`0` or `"true"` kept so, a number read as a numeric string kept a string. Anything else is `next`.
 */
export function inShapeOf(asRead: unknown, next: string | number | boolean | null): unknown {
  if (isRecord(asRead)) {
    for (const name of WRAPPING_MEMBERS) {
      if (Object.hasOwn(asRead, name) && (asRead[name] === null || isScalar(asRead[name]))) return { ...asRead, [name]: inShapeOf(asRead[name], next) };
    }
    const scalars = Object.entries(asRead).filter(([, member]) => isScalar(member));
    if (scalars.length === 1) return { ...asRead, [scalars[0][0]]: inShapeOf(scalars[0][1], next) };
    return next;
  }
  if (typeof next === 'boolean') {
    if (typeof asRead === 'number') return next ? 1 : 0;
    if (typeof asRead === 'string' && flagOf(asRead) !== undefined) return /^[01]$/.test(asRead.trim()) ? (next ? '1' : '0') : String(next);
    return next;
  }
  if (typeof next === 'number' && typeof asRead === 'string' && asRead.trim() !== '' && Number.isFinite(Number(asRead))) return String(next);
  return next;
}

/** A count: a whole number ≥ 0 as a number, a bigint within 2^53, or its digits as text (wrapped or not); undefined otherwise. */
export function countOf(value: unknown): number | undefined {
  const scalar = scalarOf(value);
  if (typeof scalar === 'bigint') return scalar >= 0n && scalar <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(scalar) : undefined;
  if (typeof scalar === 'string' && /^\d{1,15}$/.test(scalar.trim())) return Number(scalar.trim());
  return typeof scalar === 'number' && Number.isInteger(scalar) && scalar >= 0 ? scalar : undefined;
}
