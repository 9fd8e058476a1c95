/**
 * A user's access expiry as the create and edit prompts offer it: no expiry, a preset number of days from
 * now, or a custom RFC 3339 date that must lie in the future (spec 2.2). No `vscode` import: unit-tested.
 */
import type { Localize } from '../../text/localize';
import { plural } from '../../text/plural';

export const EXPIRY_PRESET_DAYS: readonly number[] = [7, 30, 90, 365];

/** What the user chose: kept as the choice (not a date) so going back and forth does not move it. */
export type ExpiryChoice =
  | { readonly kind: 'none' }
  | { readonly kind: 'days'; readonly days: number }
  | { readonly kind: 'date'; readonly date: string };

export const NO_EXPIRY: ExpiryChoice = { kind: 'none' };

const DAY_MS = 24 * 60 * 60 * 1000;
// RFC 3339 date-time: full date, "T" (or space), time with seconds, optional fraction, Z or an offset.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** The `expires_at` to send: null for no expiry, else an RFC 3339 timestamp (UTC). */
export function expiresAtOf(choice: ExpiryChoice, now: number): string | null {
  switch (choice.kind) {
    case 'none': return null;
    case 'days': return new Date(now + choice.days * DAY_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    case 'date': return choice.date;
  }
}

/** Why a typed date cannot be an access expiry, or undefined when it can. A bare date means its midnight UTC. */
export function customDateProblem(text: string, now: number, t: Localize): string | undefined {
  const value = normalizeCustomDate(text);
  if (value === undefined) return t('Enter an RFC 3339 date and time, e.g. 2030-01-31T00:00:00Z, or a date such as 2030-01-31.');
  if (Date.parse(value) <= now) return t('The expiry must lie in the future.');
  return undefined;
}

/** The RFC 3339 text to send for a typed date (`2030-01-31` becomes `2030-01-31T00:00:00Z`), or undefined. */
export function normalizeCustomDate(text: string): string | undefined {
  const trimmed = text.trim();
  const full = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed;
  if (!RFC3339.test(full) || Number.isNaN(Date.parse(full))) return undefined;
  // Reject dates JavaScript rolls over (2030-02-31 -> March 3).
  const [year, month, day] = full.slice(0, 10).split('-').map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return full;
}

/** "no expiry", "30 days", "2030-01-31T00:00:00Z". */
export function describeExpiry(choice: ExpiryChoice, t: Localize): string {
  switch (choice.kind) {
    case 'none': return t('no expiry');
    case 'days': return plural(choice.days, { one: '{0} day', other: '{0} days' }, t);
    case 'date': return choice.date;
  }
}
