/**
 * Paging of `GET /keys` and `GET /audit` (spec 4.1): clamping out-of-range values before they are sent,
 * a sequential page iterator, and "list all" that reads the first page and then the rest with bounded
 * concurrency, stopping at `total` or at the first empty page (rule 4.1.3).
 */
import type { CallOptions } from './call';

const MAX_PER_PAGE = 200;
const MAX_JOBS_LIMIT = 100;
const DEFAULT_LIST_ALL_CONCURRENCY = 6;
/** A panel that never reports an end cannot make "list all" run forever. */
const MAX_PAGES = 100_000;

export interface ListAllOptions extends CallOptions {
  /** Pages in flight at once after the first; default 6. */
  concurrency?: number;
}

function clampInteger(value: number | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** `page` is at least 1; undefined (or NaN) is left to the panel's default. */
export function clampPage(page: number | undefined): number | undefined {
  return clampInteger(page, 1, Number.MAX_SAFE_INTEGER);
}

/** `per_page` of /keys and /audit: 1 to 200. */
export function clampPerPage(perPage: number | undefined): number | undefined {
  return clampInteger(perPage, 1, MAX_PER_PAGE);
}

/** `limit` of /nodes/{id}/jobs: 1 to 100. */
export function clampJobsLimit(limit: number | undefined): number | undefined {
  return clampInteger(limit, 1, MAX_JOBS_LIMIT);
}

export interface PageReader<P, I> {
  itemsOf(page: P): readonly I[];
  /** Total number of items, when the panel reports it. */
  totalOf(page: P): number | undefined;
  /** The page size the panel actually used (it falls back to 50 for values it rejects). */
  perPageOf(page: P): number | undefined;
}

/** Pages one after another from `firstPage`, until `total` is reached or a page is empty. */
export async function* pagesOf<P>(
  read: (page: number) => Promise<P>,
  firstPage: number,
  reader: PageReader<P, unknown>,
): AsyncIterableIterator<P> {
  for (let page = firstPage; page < firstPage + MAX_PAGES; page++) {
    const result = await read(page);
    const count = reader.itemsOf(result).length;
    if (count === 0) return;
    yield result;
    const total = reader.totalOf(result);
    if (total !== undefined && page * (reader.perPageOf(result) ?? count) >= total) return;
  }
}

/**
 * Reads page 1, then pages 2..N with at most `concurrency` requests in flight, where N follows from
 * `total` and the page size the panel used. Without a `total`, pages are read one by one until an empty
 * page. Pages after the first empty one are dropped. Returns the pages in order.
 * `read` carries the caller's AbortSignal: once it aborts, every further read fails without sending.
 */
export async function listAllPages<P>(
  read: (page: number, perPage: number) => Promise<P>,
  options: PageReader<P, unknown> & { perPage: number; concurrency?: number },
): Promise<P[]> {
  const concurrency = Math.max(1, Math.trunc(options.concurrency ?? DEFAULT_LIST_ALL_CONCURRENCY));
  const first = await read(1, options.perPage);
  const firstCount = options.itemsOf(first).length;
  if (firstCount === 0) return [first];
  const total = options.totalOf(first);
  const perPage = options.perPageOf(first) ?? options.perPage;

  if (total === undefined || perPage < 1) {
    const pages = [first];
    for (let page = 2; page <= MAX_PAGES; page++) {
      const next = await read(page, options.perPage);
      if (options.itemsOf(next).length === 0) break;
      pages.push(next);
    }
    return pages;
  }

  const lastPage = Math.min(MAX_PAGES, Math.max(1, Math.ceil(total / perPage)));
  const results: (P | undefined)[] = [first];
  let nextPage = 2;
  let emptyAt = Infinity;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && nextPage <= lastPage && nextPage < emptyAt) {
      const page = nextPage++;
      try {
        const result = await read(page, options.perPage);
        if (options.itemsOf(result).length === 0) emptyAt = Math.min(emptyAt, page);
        results[page - 1] = result;
      } catch (error) {
        failed = true; // the other workers stop after their current page
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, lastPage - 1) }, worker));
  return results.slice(0, Math.min(results.length, emptyAt - 1)).filter((page): page is P => page !== undefined);
}

/** The page numbers a listing read accepts (`GET /keys`, `GET /audit`). */
export interface PagedQuery {
  page?: number;
  per_page?: number;
}

/**
 * `pages` and the pages of "list all" for a listing read one page at a time by `list`: `pages` starts at
 * the query's (clamped) page, "list all" asks for the query's (clamped) page size, 200 when it has none.
 */
export function pagedListing<Q extends PagedQuery, P>(
  list: (query: Q, opts?: CallOptions) => Promise<P>,
  reader: PageReader<P, unknown>,
): { pages(query: Q, opts?: CallOptions): AsyncIterableIterator<P>; allPages(query: Q, opts?: ListAllOptions): Promise<P[]> } {
  return {
    pages: (query, opts) => pagesOf((page) => list({ ...query, page }, opts), clampPage(query.page) ?? 1, reader),
    allPages: (query, opts) =>
      listAllPages((page, perPage) => list({ ...query, page, per_page: perPage }, opts), {
        ...reader,
        perPage: clampPerPage(query.per_page) ?? MAX_PER_PAGE,
        concurrency: opts?.concurrency,
      }),
  };
}
