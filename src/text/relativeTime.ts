/**
 * Relative phrases for a moment ("in 3 days", "5 min. ago", «через 3 дня», «5 мин. назад») in the display
 * language, by `Intl.RelativeTimeFormat`. No `vscode` import: the caller passes `vscode.l10n.t` (for the
 * words `Intl` has none for: "just now").
 */
import { displayLanguage } from './displayLanguage';
import type { Localize } from './localize';
import { timeDistance } from './timeDistance';

function phrase(value: unknown, now: number, style: 'long' | 'short'): string | undefined {
  const distance = timeDistance(value, now);
  if (!distance) return '';
  if (distance.unit === 'second' && distance.amount < 45) return undefined;
  const format = new Intl.RelativeTimeFormat(displayLanguage(), { style, numeric: 'always' });
  return format.format(distance.future ? distance.amount : -distance.amount, distance.unit);
}

/** "3 hr. ago", "5 min. ago", "just now"; '' for a missing or unparseable date. For ages of past events. */
export function ago(value: unknown, now: number, t: Localize): string {
  return phrase(value, now, 'short') ?? t('just now');
}

/** "in 3 days", "5 minutes ago"; '' for a missing or unparseable date. For expiries and other moments. */
export function relativeTime(value: unknown, now: number, t: Localize): string {
  return phrase(value, now, 'long') ?? t('now');
}
