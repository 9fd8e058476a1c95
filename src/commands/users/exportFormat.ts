/**
 * Users as CSV rows or JSON items for an export, one page at a time. Secrets, links, subscription slugs
 * and URLs are never exported (they grant access). No `vscode` import.
 */
import type { User } from '../../api/types';
import { csvField } from '../../text/csv';
import { jsonText } from '../../text/jsonText';

export type ExportFormat = 'csv' | 'json';

export const EXPORT_COLUMNS = [
  'id', 'label', 'type', 'state', 'status', 'owner_label', 'note', 'expires_at', 'created_at', 'disabled_at', 'revoked_at', 'last_seen_at', 'nodes',
] as const;

type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string | null>;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : jsonText(value);
}

/** The exported fields of a key; `nodes` is the bound nodes' names joined with "; ". */
export function exportRecord(user: Partial<User>): ExportRecord {
  const nodes = Array.isArray(user.nodes) ? user.nodes.map((binding) => text(binding?.node_name) ?? text(binding?.node_id) ?? '').join('; ') : '';
  return {
    id: text(user.id), label: text(user.label), type: text(user.type), state: text(user.state), status: text(user.status),
    owner_label: text(user.owner_label), note: text(user.note), expires_at: text(user.expires_at), created_at: text(user.created_at),
    disabled_at: text(user.disabled_at), revoked_at: text(user.revoked_at), last_seen_at: text(user.last_seen_at), nodes,
  };
}

/** The text that opens an export. */
export function exportStart(format: ExportFormat): string {
  return format === 'csv' ? `${EXPORT_COLUMNS.join(',')}\n` : '[\n';
}

/** The text for one page of keys; `first` says whether nothing was written before it (JSON commas). */
export function exportPage(format: ExportFormat, users: readonly Partial<User>[], first: boolean): string {
  if (users.length === 0) return '';
  if (format === 'csv') {
    return users.map((user) => {
      const record = exportRecord(user);
      return `${EXPORT_COLUMNS.map((column) => csvField(record[column])).join(',')}\n`;
    }).join('');
  }
  const items = users.map((user) => `  ${JSON.stringify(exportRecord(user))}`).join(',\n');
  return first ? items : `,\n${items}`;
}

/** The text that closes an export. */
export function exportEnd(format: ExportFormat): string {
  return format === 'csv' ? '' : '\n]\n';
}
