import { dateTimeText } from './displayLanguage';

/** A panel timestamp (RFC 3339 text of the answer, untrusted) as a Date, or undefined when it is not one. No `vscode` import. */
export function parseDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * A timestamp kept as ISO text (a report's "applied at"), as the display language writes a date and time
 * ("Nov 21, 2026, 2:05 PM", «21 нояб. 2026 г., 14:05»), for headings an operator reads. Text that is not a
 * date is returned as it is (made safe by the caller, as any text).
 */
export function momentText(value: string): string {
  const date = parseDate(value);
  return date ? dateTimeText(date) : value;
}
