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
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : undefined;
}

export function auditRows(entries: readonly AuditEntry[], columns: readonly string[]): AuditRow[] {
  return entries.map((entry) => ({ cells: columns.map((name) => auditCell(ownMember(entry, name))), tokenId: tokenIdOf(entry) }));
}

/**
 * Action prefixes worth filtering by, from the actions seen: each group (`key.`) before the full actions
 * (`key.create`), the most frequent first, at most `max`. Names are taken as the panel wrote them
 * (`keys.` on one panel, `key.` on another); only printable names without spaces count.
 */
export function actionSuggestions(actions: Iterable<string>, max = 8): string[] {
  const groups = new Map<string, number>();
  const full = new Map<string, number>();
  for (const action of actions) {
    if (!/^[\x21-\x7e]{1,80}$/.test(action)) continue;
    full.set(action, (full.get(action) ?? 0) + 1);
    const dot = action.indexOf('.');
    if (dot > 0 && dot < action.length - 1) groups.set(action.slice(0, dot + 1), (groups.get(action.slice(0, dot + 1)) ?? 0) + 1);
  }
  const byCount = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
  return [...byCount(groups), ...byCount(full).filter((action) => !groups.has(action))].slice(0, max);
}

/** The entries made with one token ("only this token's changes"). */
export function entriesOfToken(entries: readonly AuditEntry[], tokenId: string | undefined): AuditEntry[] {
  return tokenId === undefined ? [...entries] : entries.filter((entry) => tokenIdOf(entry) === tokenId);
}
