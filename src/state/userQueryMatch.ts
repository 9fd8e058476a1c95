/**
 * Whether a key belongs to a `/keys` list query, judged from the key itself, so a store can move a changed
 * key between lists (a disabled user leaves the "active" group and joins "disabled") without a request.
 * No `vscode` import (unit-tested).
 */
import type { User, KeyListQuery } from '../api/types';

export type UserQuery = Omit<KeyListQuery, 'page' | 'per_page'>;

/**
 * true or false when the key's fields decide it; undefined when they cannot (a text query may match fields
 * the token does not see, such as subscription slugs): then the list keeps what the panel said.
 */
export function userMatches(user: Partial<User>, query: UserQuery): boolean | undefined {
  if (query.state !== undefined && user.state !== query.state) return false;
  if (query.status !== undefined && user.status !== query.status) return false;
  if (query.type !== undefined && user.type !== query.type) return false;
  if (query.node !== undefined && !(Array.isArray(user.nodes) && user.nodes.some((binding) => binding?.node_id === query.node))) return false;
  if (query.q !== undefined && query.q !== '') return undefined;
  return true;
}

/** A stable text for a query, so equal queries share one list. */
export function queryKey(query: UserQuery): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '').sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** `/keys` lists newest first: true when `key` belongs before `other`. */
export function newerThan(user: Partial<User>, other: Partial<User>): boolean {
  const a = Date.parse(String(user.created_at ?? ''));
  const b = Date.parse(String(other.created_at ?? ''));
  return Number.isFinite(a) && Number.isFinite(b) && a > b;
}
