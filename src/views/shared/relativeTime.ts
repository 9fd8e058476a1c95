/** Relative phrases for a moment ("in 3 days", "5 min ago"). No `vscode` import: the caller passes `vscode.l10n.t`. */
import type { Localize } from './localize';
import { timeDistance, type TimeUnit } from './timeDistance';

const SHORT_UNIT: Record<TimeUnit, (t: Localize) => string> = {
  second: (t) => t('s'),
  minute: (t) => t('min'),
  hour: (t) => t('h'),
  day: (t) => t('d'),
  month: (t) => t('mo'),
  year: (t) => t('y'),
};

const LONG_UNIT: Record<TimeUnit, (n: number, t: Localize) => string> = {
  second: (n, t) => (n === 1 ? t('1 second') : t('{0} seconds', n)),
  minute: (n, t) => (n === 1 ? t('1 minute') : t('{0} minutes', n)),
  hour: (n, t) => (n === 1 ? t('1 hour') : t('{0} hours', n)),
  day: (n, t) => (n === 1 ? t('1 day') : t('{0} days', n)),
  month: (n, t) => (n === 1 ? t('1 month') : t('{0} months', n)),
  year: (n, t) => (n === 1 ? t('1 year') : t('{0} years', n)),
};

/** "3 h ago", "5 min ago", "just now"; '' for a missing or unparseable date. For ages of past events. */
export function ago(value: unknown, now: number, t: Localize): string {
  const distance = timeDistance(value, now);
  if (!distance) return '';
  if (distance.unit === 'second' && distance.amount < 45) return t('just now');
  const short = `${distance.amount} ${SHORT_UNIT[distance.unit](t)}`;
  return distance.future ? t('in {0}', short) : t('{0} ago', short);
}

/** "in 3 days", "5 minutes ago"; '' for a missing or unparseable date. For expiries and other moments. */
export function relativeTime(value: unknown, now: number, t: Localize): string {
  const distance = timeDistance(value, now);
  if (!distance) return '';
  if (distance.unit === 'second' && distance.amount < 45) return t('now');
  const long = LONG_UNIT[distance.unit](distance.amount, t);
  return distance.future ? t('in {0}', long) : t('{0} ago', long);
}
