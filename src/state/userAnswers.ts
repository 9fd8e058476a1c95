/**
 * The answers of the users' routes whose shape the contract does not show (spec 4.1 rule 4): what
 * `POST /keys/import` and `POST /keys/batch` made, what `POST /keys/bulk` did and skipped, the figures of
 * `GET /keys/summary` and the links of `GET /keys/{id}/links`. Read defensively, for display and for the
 * stores only (never sent back): lists under `items`, `data` or bare, unknown members ignored, a member we
 * rely on may be absent. No `vscode` import (unit-tested in test/unit/api/silentShapes.test.ts).
 */
import type { User, KeyLink } from '../api/types';
import { listFromResponse } from '../api/listFromResponse';
import { countOf } from '../api/silentValues';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/** An id as text: a string, or an integer id (a bigint beyond 2^53 keeps its digits). */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() !== '' ? value : undefined;
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return String(value);
  return undefined;
}

/** A user object of an answer: an object with a string id. */
function isUser(value: unknown): value is User {
  return isRecord(value) && typeof value.id === 'string' && value.id !== '';
}

const CREATED_LISTS = ['items', 'data', 'keys', 'users', 'created', 'imported', 'results'];

/**
 * The users a create answer holds (`POST /keys/import`, `POST /keys/batch`): `{imported, items}`,
 * `{data: [...], count}`, `{keys: [...]}`, or a bare array; only user objects (an object with a string id),
 * so a bare array of ids or an entry of another kind is left out.
 */
export function usersIn(answer: unknown): User[] {
  return listFromResponse(answer, CREATED_LISTS).filter(isUser);
}

/**
 * How many users a create answer says the panel made: `imported`, `created` or `count` when a number (or
 * a list, its length), else the users it lists, else its `total`; undefined when it says nothing.
 */
export function createdCountOf(answer: unknown): number | undefined {
  if (Array.isArray(answer)) return answer.length;
  if (!isRecord(answer)) return undefined;
  for (const name of ['imported', 'created', 'count']) {
    const member = answer[name];
    const count = Array.isArray(member) ? member.length : countOf(member);
    if (count !== undefined) return count;
  }
  const listed = listFromResponse(answer, CREATED_LISTS);
  if (listed.length > 0) return listed.length;
  return countOf(answer.total);
}

/** A user the panel left out of a bulk change, and its words for why ('' when it gave none). */
export interface BulkSkip {
  readonly id: string;
  readonly reason: string;
}

export interface BulkAnswer {
  /** How many users the panel changed, when it says (`updated`, `done`, `succeeded`…: a number or a list). */
  readonly updated?: number;
  readonly skipped: readonly BulkSkip[];
}

const SKIPPED_LISTS = ['skipped', 'failed', 'failures', 'errors', 'rejected', 'not_found'];
const UPDATED_MEMBERS = ['updated', 'done', 'succeeded', 'changed', 'affected', 'processed', 'ok'];
const REASON_MEMBERS = ['reason', 'error', 'code', 'message', 'detail'];

/** A skip entry: an id, or `{id | key_id | user_id, reason | error | code | message}` (an error object's words too). */
function skipOf(entry: unknown, list: string): BulkSkip | undefined {
  const bare = idText(entry);
  if (bare !== undefined) return { id: bare, reason: list === 'not_found' ? 'not_found' : '' };
  if (!isRecord(entry)) return undefined;
  const id = idText(entry.id) ?? idText(entry.key_id) ?? idText(entry.user_id);
  if (id === undefined) return undefined;
  for (const name of REASON_MEMBERS) {
    const member = entry[name];
    if (typeof member === 'string' && member.trim() !== '') return { id, reason: member };
    if (isRecord(member)) {
      const inner = [member.code, member.message, member.reason].find((value) => typeof value === 'string' && value.trim() !== '');
      if (typeof inner === 'string') return { id, reason: inner };
    }
  }
  return { id, reason: list === 'not_found' ? 'not_found' : '' };
}

/**
 * What a `POST /keys/bulk` answer says: `{action, updated, skipped: [{id, reason}]}`, or
 * `{operation, done: [id], failed: [{key_id, error}]}`, or lists of bare ids; each skipped user once.
 */
export function bulkAnswerOf(answer: unknown): BulkAnswer {
  if (!isRecord(answer)) return { skipped: [] };
  const skipped: BulkSkip[] = [];
  const seen = new Set<string>();
  for (const list of SKIPPED_LISTS) {
    const member = answer[list];
    for (const entry of Array.isArray(member) ? member : []) {
      const skip = skipOf(entry, list);
      if (!skip || seen.has(skip.id.toLowerCase())) continue;
      seen.add(skip.id.toLowerCase());
      skipped.push(skip);
    }
  }
  for (const name of UPDATED_MEMBERS) {
    const member = answer[name];
    const updated = Array.isArray(member) ? member.length : countOf(member);
    if (updated !== undefined) return { updated, skipped };
  }
  return { skipped };
}

/** The panel-wide figures of `GET /keys/summary`. */
export interface UserCounts {
  /** All users: `total`, else `count`. */
  readonly total?: number;
  /** Users per state, as the panel names them: `by_state: {active: 148}` or `states: [{state, count}]`. */
  readonly byState: Readonly<Record<string, number>>;
  readonly online?: number;
  readonly devices?: number;
}

const BY_STATE_MEMBERS = ['by_state', 'byState', 'states', 'state_counts', 'stateCounts', 'by_status', 'byStatus'];

function perState(value: unknown): Record<string, number> {
  const found: Record<string, number> = Object.create(null) as Record<string, number>;
  if (Array.isArray(value)) {
    for (const entry of value) {
      if (!isRecord(entry)) continue;
      const state = [entry.state, entry.name, entry.key, entry.status].find((name) => typeof name === 'string' && name !== '');
      const count = countOf(entry.count ?? entry.total ?? entry.value);
      if (typeof state === 'string' && count !== undefined) found[state] = count;
    }
  } else if (isRecord(value)) {
    for (const [state, member] of Object.entries(value)) {
      const count = countOf(member);
      if (count !== undefined) found[state] = count;
    }
  }
  return found;
}

/**
 * Reads a `GET /keys/summary` answer: `{total, by_state: {}, online, devices}` or `{count, states:
 * [{state, count}]}`, the figures at the top or under `keys`/`users`/`live`; a figure the answer does
 * not give is undefined (an empty `byState`). The one reader of this answer.
 */
export function userCountsOf(answer: unknown): UserCounts {
  if (!isRecord(answer)) return { byState: {} };
  // The figures at the top, else under `keys`/`users` (`{keys: {total, active…}}`), else `live`.
  const parts = [answer, answer.keys, answer.users, answer.live].filter(isRecord);
  const first = (name: string): number | undefined => parts.map((part) => countOf(part[name])).find((value) => value !== undefined);
  const byStateMember = BY_STATE_MEMBERS.map((name) => answer[name]).find((value) => value !== undefined && value !== null);
  return {
    total: first('total') ?? first('count') ?? countOf(answer.users) ?? countOf(answer.keys),
    byState: perState(byStateMember),
    online: first('online'),
    devices: first('devices'),
  };
}

/** The links of a `GET /keys/{id}/links` answer (`items`, `links`, `data`, or a bare array): objects only. */
export function linksIn(answer: unknown): KeyLink[] {
  return listFromResponse(answer, ['items', 'links', 'data']).filter((link): link is KeyLink => isRecord(link));
}
