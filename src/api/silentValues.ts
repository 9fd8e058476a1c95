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
