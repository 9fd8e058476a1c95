/**
 * Users as CSV rows or JSON items for an export, one page at a time. Secrets, links, subscription slugs
 * and URLs are never exported (they grant access). No `vscode` import.
 */
import type { Key } from '../../api/types';
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
export function exportRecord(key: Partial<Key>): ExportRecord {
  const nodes = Array.isArray(key.nodes) ? key.nodes.map((binding) => text(binding?.node_name) ?? text(binding?.node_id) ?? '').join('; ') : '';
  return {
    id: text(key.id), label: text(key.label), type: text(key.type), state: text(key.state), status: text(key.status),
    owner_label: text(key.owner_label), note: text(key.note), expires_at: text(key.expires_at), created_at: text(key.created_at),
    disabled_at: text(key.disabled_at), revoked_at: text(key.revoked_at), last_seen_at: text(key.last_seen_at), nodes,
  };
}

/** The text that opens an export. */
export function exportStart(format: ExportFormat): string {
  return format === 'csv' ? `${EXPORT_COLUMNS.join(',')}\n` : '[\n';
}

/** The text for one page of keys; `first` says whether nothing was written before it (JSON commas). */
export function exportPage(format: ExportFormat, keys: readonly Partial<Key>[], first: boolean): string {
  if (keys.length === 0) return '';
  if (format === 'csv') {
    return keys.map((key) => {
      const record = exportRecord(key);
      return `${EXPORT_COLUMNS.map((column) => csvField(record[column])).join(',')}\n`;
    }).join('');
  }
  const items = keys.map((key) => `  ${JSON.stringify(exportRecord(key))}`).join(',\n');
  return first ? items : `,\n${items}`;
}

/** The text that closes an export. */
export function exportEnd(format: ExportFormat): string {
  return format === 'csv' ? '' : '\n]\n';
}
