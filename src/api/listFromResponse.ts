import { scalarOf } from './silentValues';

/**
 * Finds the list in a response whose shape the spec leaves open: the value itself when it is an array,
 * else the first array under one of the given member names (also one level down, e.g. `data.items`), else
 * the one member that holds a list of objects whatever its name (`results`, `records`: a panel names its
 * wrapper as it likes). No `vscode` import (unit-tested).
 */
export function listFromResponse(value: unknown, names: readonly string[]): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  for (const name of names) {
    const member = record[name];
    if (Array.isArray(member)) return member;
  }
  for (const name of names) {
    const member = record[name];
    if (typeof member === 'object' && member !== null) {
      const nested = listFromResponse(member, names.filter((other) => other !== name));
      if (nested.length > 0) return nested;
    }
  }
  const lists = Object.values(record).filter((member): member is unknown[] =>
    Array.isArray(member) && member.length > 0 && member.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry)));
  return lists.length === 1 ? lists[0] : [];
}

/**
 * The first member among `names` that is a non-empty string or a finite number (or an object wrapping one,
 * `{value}`, `{text}`: scalarOf), as a string (an int64 beyond 2^53, read as a bigint, as its exact digits).
 */
export function firstText(record: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    if (!Object.hasOwn(record, name)) continue;
    const value = scalarOf(record[name]);
    if (typeof value === 'string' && value.trim() !== '') return value;
    if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') return String(value);
  }
  return undefined;
}
