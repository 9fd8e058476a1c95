/**
 * The shown audit entries as a file: CSV (the table's columns, RFC 4180 quoting, cells that a spreadsheet
 * would run as a formula prefixed with `'`) or JSON (the entries as the panel sent them). No `vscode` import.
 */
import { csvField } from '../../text/csv';
import { jsonText } from '../../text/jsonText';
import { auditCell, type AuditEntry } from './auditTable';
import { ownMember } from '../../text/ownMember';

/** Cells keep the panel's whole value (not the table's one-line cut), with control characters as spaces. */
function exportCell(value: unknown): string {
  if (typeof value === 'string') return value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  if (typeof value === 'object' && value !== null) return jsonText(value);
  return auditCell(value);
}

export function auditCsv(entries: readonly AuditEntry[], columns: readonly string[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const entry of entries) lines.push(columns.map((name) => csvField(exportCell(ownMember(entry, name)))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function auditJson(entries: readonly AuditEntry[]): string {
  return `${jsonText(entries, 2)}\n`;
}
