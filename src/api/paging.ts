/**
 * Paging of `GET /keys` and `GET /audit` (spec 4.1): clamping out-of-range values before they are sent,
 * a sequential page iterator, and "list all": page 1, then the rest with adaptive concurrency
 * (adaptiveConcurrency.ts) under a cap, each page that fails transiently retried alone, stopping at `total`
 * or at the first empty page (rule 4.1.3). The result is the panel's pages in order, each once.
 */
import { setMaxListeners } from 'node:events';
import { AdaptiveConcurrency, type ConcurrencyMemory, type Dispatch } from './adaptiveConcurrency';
import type { CallOptions } from './call';
import { PanelCancelledError } from './errors';
import { DEFAULT_MAX_CONCURRENCY, MAX_CONCURRENCY } from './options';
import { sleep } from './retryPolicy';
import { transientFailure } from './transientFailure';

const MAX_PER_PAGE = 200;
const MAX_JOBS_LIMIT = 100;
/** Attempts of one page before "list all" gives up. */
const PAGE_ATTEMPTS = 6;
/** A panel that never reports an end cannot make "list all" run forever. */
const MAX_PAGES = 100_000;

export interface ListAllOptions extends CallOptions {
  /** Most pages in flight at once (the listing adapts below it); default the client's, 16. 1 reads one by one. */
  maxConcurrency?: number;
}

/** What a listing read takes besides its query: the caller's signal, and how many attempts the transport makes. */
export interface PageReadOptions extends CallOptions {
  attempts?: number;
}

/** Paging settings of a client. */
export interface PagingSettings {
  maxConcurrency: number;
  /** Wait before attempt `attempt + 1` of a page: Retry-After when the panel gave one (capped), else backoff. */
  retryDelay(attempt: number, retryAfterMs?: number): number;
  /** The client's last listing's end state: the next listing starts there. */
  memory?: ConcurrencyMemory;
}

/** A cap within 1..64; default when absent or not a number. */
export function clampMaxConcurrency(value: number | undefined, fallback = DEFAULT_MAX_CONCURRENCY): number {
  return clampInteger(value, 1, MAX_CONCURRENCY) ?? fallback;
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

/** How "list all" reads: the page size asked for, the cap, the retry waits and the caller's signal. */
export interface ListAllPlan<P> extends PageReader<P, unknown> {
  perPage: number;
  maxConcurrency: number;
  retryDelay: PagingSettings['retryDelay'];
  memory?: ConcurrencyMemory;
  signal?: AbortSignal;
}

type ReadPage<P> = (page: number, perPage: number, opts: PageReadOptions) => Promise<P>;

/**
 * Reads page 1, then pages 2..N, where N follows from `total` and the page size the panel used, keeping as
 * many in flight as AdaptiveConcurrency allows (never more than the cap), and yields each page in order as
 * soon as it and every page before it are read: a caller can write page 1 while pages 2..17 are on their
 * way. At most twice the cap of pages are read ahead of the one awaited. A page that fails transiently is
 * sent again alone (up to 6 attempts, after Retry-After or a backoff); any other failure ends the listing
 * with that error (after the pages before it) and cancels the pages in flight, as does a caller that stops
 * iterating. Without a `total`, pages are read one by one until an empty page. Pages from the first empty
 * one on are dropped (page 1 is yielded even when empty).
 */
export async function* streamAllPages<P>(read: ReadPage<P>, plan: ListAllPlan<P>): AsyncGenerator<P, void, undefined> {
  const first = await readAlone(read, 1, plan);
  const total = plan.totalOf(first);
  const perPage = plan.perPageOf(first) ?? plan.perPage;
  if (plan.itemsOf(first).length === 0 || (total !== undefined && total <= perPage)) {
    yield first;
    return;
  }
  if (total === undefined) {
    yield first;
    for (let page = 2; page <= MAX_PAGES; page++) {
      const next = await readAlone(read, page, plan);
      if (plan.itemsOf(next).length === 0) return;
      yield next;
    }
    return;
  }
  const lastPage = Math.min(MAX_PAGES, Math.max(1, Math.ceil(total / perPage)));
  yield* readConcurrently(read, first, lastPage, plan);
}

/** Every page of streamAllPages, in order. */
export async function listAllPages<P>(read: ReadPage<P>, plan: ListAllPlan<P>): Promise<P[]> {
  const pages: P[] = [];
  for await (const page of streamAllPages(read, plan)) pages.push(page);
  return pages;
}

/**
 * One page with its own retries (page 1, and listings without a total): the transport's retry loop, for up
 * to PAGE_ATTEMPTS attempts (Retry-After honoured); no concurrency to adapt here.
 */
function readAlone<P>(read: ReadPage<P>, page: number, plan: ListAllPlan<P>): Promise<P> {
  return read(page, plan.perPage, { signal: plan.signal, attempts: PAGE_ATTEMPTS });
}

/**
 * `first`, then pages 2..`to` in order, under adaptive concurrency; see streamAllPages. Requests are sent
 * before each page is handed over, so pages keep arriving while the caller works on the one it got.
 */
async function* readConcurrently<P>(read: ReadPage<P>, first: P, to: number, plan: ListAllPlan<P>): AsyncGenerator<P, void, undefined> {
  const concurrency = new AdaptiveConcurrency(plan.maxConcurrency, Date.now, plan.memory?.recall());
  const readAhead = 2 * Math.max(1, Math.trunc(plan.maxConcurrency));
  const stop = new AbortController();
  const signal = plan.signal ? AbortSignal.any([plan.signal, stop.signal]) : stop.signal;
  setMaxListeners(2 * MAX_CONCURRENCY + 8, signal); // each page in flight listens to it
  const waiting = Array.from({ length: to - 1 }, (_, i) => 2 + i);
  const attempts = new Map<number, number>();
  const results = new Map<number, P>([[1, first]]);
  const inFlight = new Set<Promise<void>>();
  let emptyAt = Infinity;
  let nextOut = 1;
  let failure: { error: unknown } | undefined;

  const send = (page: number): void => {
    const sent: Dispatch = concurrency.dispatch(inFlight.size + 1);
    const started = Date.now();
    const done = read(page, plan.perPage, { signal, attempts: 1 }).then(
      (result) => {
        concurrency.answered(Date.now() - started, sent);
        if (plan.itemsOf(result).length === 0) emptyAt = Math.min(emptyAt, page);
        results.set(page, result);
      },
      (error: unknown) => {
        const attempt = attempts.get(page) ?? 1;
        const transient = failure || plan.signal?.aborted ? undefined : transientFailure(error);
        if (!transient || attempt >= PAGE_ATTEMPTS) {
          failure ??= { error };
          return;
        }
        attempts.set(page, attempt + 1);
        concurrency.failed(sent, plan.retryDelay(attempt, transient.retryAfterMs), transient.rateLimited);
        waiting.splice(sortedIndex(waiting, page), 0, page); // sent again alone, before later pages
      },
    );
    const tracked = done.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const mayRead = () => waiting.length > 0 && waiting[0] < nextOut + readAhead;

  try {
    for (;;) {
      if (plan.signal?.aborted) throw failure ? failure.error : new PanelCancelledError();
      if (emptyAt !== Infinity) waiting.splice(sortedIndex(waiting, emptyAt - 1)); // nothing after an empty page
      while (!failure && mayRead() && concurrency.pauseLeft() === 0 && inFlight.size < concurrency.limit) send(waiting.shift() as number);
      if (nextOut < emptyAt && results.has(nextOut)) {
        const page = results.get(nextOut) as P;
        results.delete(nextOut++);
        yield page;
        continue;
      }
      if (nextOut > to || nextOut >= emptyAt) return;
      if (failure) throw failure.error;
      const next: Promise<unknown>[] = [...inFlight];
      const wait = concurrency.pauseLeft();
      if (mayRead() && wait > 0) next.push(sleep(wait, plan.signal).catch(() => undefined)); // an abort is seen at the loop's top
      if (next.length === 0) {
        // A pause that ended between the sending loop above and `pauseLeft()` here: send at the loop's top.
        if (mayRead() && waiting.length > 0 && concurrency.pauseLeft() === 0) continue;
        throw new Error(`Paging stalled before page ${nextOut}`); // cannot happen; never hang
      }
      await Promise.race(next);
    }
  } finally {
    stop.abort(); // a failed or abandoned listing leaves nothing running
    plan.memory?.remember(concurrency.state());
  }
}

function sortedIndex(pages: readonly number[], page: number): number {
  const index = pages.findIndex((other) => other > page);
  return index < 0 ? pages.length : index;
}

/** The page numbers a listing read accepts (`GET /keys`, `GET /audit`). */
export interface PagedQuery {
  page?: number;
  per_page?: number;
}

/**
 * `pages` and the pages of "list all" for a listing read one page at a time by `list`: `pages` starts at
 * the query's (clamped) page; `allPages` (streamed) and `listAll` (collected) ask for the query's
 * (clamped) page size, 200 when it has none, with at most `maxConcurrency` pages in flight (the option,
 * else the client's setting).
 */
export function pagedListing<Q extends PagedQuery, P>(
  list: (query: Q, opts?: PageReadOptions) => Promise<P>,
  reader: PageReader<P, unknown>,
  settings: PagingSettings,
): {
  pages(query: Q, opts?: CallOptions): AsyncIterableIterator<P>;
  allPages(query: Q, opts?: ListAllOptions): AsyncIterableIterator<P>;
  listAll(query: Q, opts?: ListAllOptions): Promise<P[]>;
} {
  const plan = (query: Q, opts: ListAllOptions | undefined): ListAllPlan<P> => ({
    ...reader,
    perPage: clampPerPage(query.per_page) ?? MAX_PER_PAGE,
    maxConcurrency: clampMaxConcurrency(opts?.maxConcurrency, settings.maxConcurrency),
    retryDelay: (attempt, retryAfterMs) => settings.retryDelay(attempt, retryAfterMs),
    memory: settings.memory,
    signal: opts?.signal,
  });
  const read = (query: Q): ReadPage<P> => (page, perPage, readOptions) => list({ ...query, page, per_page: perPage }, readOptions);
  return {
    pages: (query, opts) => pagesOf((page) => list({ ...query, page }, opts), clampPage(query.page) ?? 1, reader),
    allPages: (query, opts) => streamAllPages(read(query), plan(query, opts)),
    listAll: (query, opts) => listAllPages(read(query), plan(query, opts)),
  };
}
