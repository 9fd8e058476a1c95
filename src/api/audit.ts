/**
 * Audit log (`GET /audit`). Its answer is a JSON object of unspecified shape (spec 4.1): entries are read
 * from the first array found under items/entries/events/data, the total from `total` (or `count`) when present.
 */
import { listFromResponse } from './listFromResponse';
import { scalarOf } from './silentValues';
import type { CallOptions, Transport } from './call';
import { clampPage, clampPerPage, pagedListing, type ListAllOptions, type PageReader, type PageReadOptions, type PagingSettings } from './paging';
import type { AuditQuery, JsonObject } from './types';

export interface AuditApi {
  /** One page; page and per_page are clamped (page >= 1, per_page 1..200). */
  list(query?: AuditQuery, opts?: CallOptions): Promise<JsonObject>;
  pages(query?: AuditQuery, opts?: CallOptions): AsyncIterableIterator<JsonObject>;
  /** Every entry matching the query, in order, read with adaptive concurrency (at most `maxConcurrency`, default 16). */
  listAll(query?: AuditQuery, opts?: ListAllOptions): Promise<JsonObject[]>;
}

/** The entries of an audit page, wherever the panel put them: under items/entries/events/data (or another name: listFromResponse), or the page itself as a bare array. */
export function auditEntries(page: JsonObject | readonly unknown[]): JsonObject[] {
  const isEntry = (entry: unknown): entry is JsonObject => !!entry && typeof entry === 'object' && !Array.isArray(entry);
  return listFromResponse(page, ['items', 'entries', 'events', 'data']).filter(isEntry);
}

/** A count of a page's members, as a number however the panel gives it (a numeric string, `{value}`); undefined when none. */
function countOf(page: unknown, names: readonly string[], least: number): number | undefined {
  if (typeof page !== 'object' || page === null || Array.isArray(page)) return undefined;
  for (const name of names) {
    if (!Object.hasOwn(page, name)) continue;
    const value = scalarOf((page as Record<string, unknown>)[name]);
    const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : typeof value === 'bigint' ? Number(value) : value;
    if (typeof number === 'number' && Number.isInteger(number) && number >= least) return number;
  }
  return undefined;
}

/** How many entries match, wherever the page says it (`total`, or `count` beside the entries: the shape is not shown); undefined when it does not. */
export function auditTotal(page: unknown): number | undefined {
  return countOf(page, ['total', 'count', 'total_count', 'totalCount'], 0);
}

/** The page size the panel applied, when its page says it (`per_page`, `perPage`). */
export function auditPerPage(page: unknown): number | undefined {
  return countOf(page, ['per_page', 'perPage', 'page_size', 'pageSize'], 1);
}

const AUDIT_PAGE_READER: PageReader<JsonObject, JsonObject> = {
  itemsOf: auditEntries,
  totalOf: auditTotal,
  perPageOf: auditPerPage,
};

export function createAuditApi(t: Transport, paging: PagingSettings): AuditApi {
  const list = (query: AuditQuery = {}, opts?: PageReadOptions): Promise<JsonObject> =>
    t.json({
      routeId: 'audit.list',
      query: {
        page: clampPage(query.page),
        per_page: clampPerPage(query.per_page),
        action: query.action,
        user: query.user,
        from: query.from,
        to: query.to,
      },
      signal: opts?.signal,
      attempts: opts?.attempts,
    });
  const paged = pagedListing(list, AUDIT_PAGE_READER, paging);
  return {
    list,
    pages: (query = {}, opts) => paged.pages(query, opts),
    listAll: async (query = {}, opts) => (await paged.listAll(query, opts)).flatMap(auditEntries),
  };
}
