/** A panel timestamp (RFC 3339 text of the answer, untrusted) as a Date, or undefined when it is not one. No `vscode` import. */
export function parseDate(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
