/**
 * Audit entries (objects of unspecified shape, spec 6: only `api_token_id` is named) as a table: the
 * columns the entries have, the usual ones first and `api_token_id` always, each cell one line of text.
 * No `vscode` import (unit-tested).
 */
import { cellText } from '../figures/shapeReading';
import { ownMember } from '../../text/ownMember';

export type AuditEntry = Record<string, unknown>;

export const TOKEN_COLUMN = 'api_token_id';
/** Columns shown first when an entry has them, in this order; the others follow as they come. */
const FIRST_COLUMNS = ['created_at', 'action', 'actor', 'user', TOKEN_COLUMN, 'target'];
const MAX_COLUMNS = 12;

export interface AuditRow {
  readonly cells: readonly string[];
  /** The entry's `api_token_id` as text, undefined for entries made in a browser session (null). */
  readonly tokenId?: string;
}

export function auditColumns(entries: readonly AuditEntry[]): string[] {
  const seen = new Set<string>();
  for (const entry of entries) for (const name of Object.keys(entry)) seen.add(name);
  const first = FIRST_COLUMNS.filter((name) => seen.has(name) || name === TOKEN_COLUMN);
  const rest = [...seen].filter((name) => !first.includes(name));
  return [...first, ...rest].slice(0, MAX_COLUMNS);
}

/** `{type: "key", id: "…"}` reads `key …`; other objects `name=value` pairs; arrays comma-joined. */
export function auditCell(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '';
    const target = value as { type?: unknown; id?: unknown };
    if (entries.length <= 2 && typeof target.type === 'string' && 'id' in target) {
      return cellText(target.id === null || target.id === undefined ? target.type : `${target.type} ${cellText(target.id)}`);
    }
    return cellText(entries.map(([name, member]) => `${name}=${cellText(member, 80)}`).join(', '));
  }
  if (Array.isArray(value)) return cellText(value.map((member) => cellText(member, 80)).join(', '));
  return cellText(value);
}

export function tokenIdOf(entry: AuditEntry): string | undefined {
  const value = entry[TOKEN_COLUMN];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function auditRows(entries: readonly AuditEntry[], columns: readonly string[]): AuditRow[] {
  return entries.map((entry) => ({ cells: columns.map((name) => auditCell(ownMember(entry, name))), tokenId: tokenIdOf(entry) }));
}

/** The entries made with one token ("only this token's changes"). */
export function entriesOfToken(entries: readonly AuditEntry[], tokenId: string | undefined): AuditEntry[] {
  return tokenId === undefined ? [...entries] : entries.filter((entry) => tokenIdOf(entry) === tokenId);
}
