/** How far a moment is from now, in the largest whole unit that fits. No `vscode` import (unit-tested). */
export type TimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

export interface TimeDistance {
  readonly amount: number;
  readonly unit: TimeUnit;
  /** True when the moment lies in the future. */
  readonly future: boolean;
}

const UNITS: readonly [TimeUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** undefined for a value that is not a parseable date. */
export function timeDistance(value: unknown, now: number): TimeDistance | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const at = new Date(value).getTime();
  if (!Number.isFinite(at)) return undefined;
  const seconds = Math.round((at - now) / 1000);
  const future = seconds > 0;
  const absolute = Math.abs(seconds);
  for (const [unit, size] of UNITS) {
    if (absolute >= size) return { amount: Math.floor(absolute / size), unit, future };
  }
  return { amount: 0, unit: 'second', future: false };
}
