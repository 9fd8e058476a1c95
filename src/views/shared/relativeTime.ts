import * as vscode from 'vscode';
import { timeDistance, type TimeUnit } from './timeDistance';

const SHORT_UNIT: Record<TimeUnit, () => string> = {
  second: () => vscode.l10n.t('s'),
  minute: () => vscode.l10n.t('min'),
  hour: () => vscode.l10n.t('h'),
  day: () => vscode.l10n.t('d'),
  month: () => vscode.l10n.t('mo'),
  year: () => vscode.l10n.t('y'),
};

const LONG_UNIT: Record<TimeUnit, (amount: number) => string> = {
  second: (n) => (n === 1 ? vscode.l10n.t('1 second') : vscode.l10n.t('{0} seconds', n)),
  minute: (n) => (n === 1 ? vscode.l10n.t('1 minute') : vscode.l10n.t('{0} minutes', n)),
  hour: (n) => (n === 1 ? vscode.l10n.t('1 hour') : vscode.l10n.t('{0} hours', n)),
  day: (n) => (n === 1 ? vscode.l10n.t('1 day') : vscode.l10n.t('{0} days', n)),
  month: (n) => (n === 1 ? vscode.l10n.t('1 month') : vscode.l10n.t('{0} months', n)),
  year: (n) => (n === 1 ? vscode.l10n.t('1 year') : vscode.l10n.t('{0} years', n)),
};

/** "3 h ago", "5 min ago", "just now"; '' for a missing or unparseable date. For ages of past events. */
export function ago(value: unknown, now = Date.now()): string {
  const distance = timeDistance(value, now);
  if (!distance) return '';
  if (distance.unit === 'second' && distance.amount < 45) return vscode.l10n.t('just now');
  const short = `${distance.amount} ${SHORT_UNIT[distance.unit]()}`;
  return distance.future ? vscode.l10n.t('in {0}', short) : vscode.l10n.t('{0} ago', short);
}

/** "in 3 days", "5 minutes ago"; '' for a missing or unparseable date. For expiries and other moments. */
export function relativeTime(value: unknown, now = Date.now()): string {
  const distance = timeDistance(value, now);
  if (!distance) return '';
  if (distance.unit === 'second' && distance.amount < 45) return vscode.l10n.t('now');
  const long = LONG_UNIT[distance.unit](distance.amount);
  return distance.future ? vscode.l10n.t('in {0}', long) : vscode.l10n.t('{0} ago', long);
}
