/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A leading =, +, -, @, tab
 * or carriage return is prefixed with ' so that a spreadsheet does not run panel data as a formula.
 */
export function csvField(value: string | null | undefined): string {
  let field = value ?? '';
  if (/^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
