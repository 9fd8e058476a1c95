/**
 * Paging state of one list the panel serves a page at a time (a user group, a node's users): the pages
 * loaded so far, whether more remain (spec 4.1 rule 3: until `total` is reached or a page is empty), one
 * load at a time, and a reset that cancels the load in flight so a stale answer is never appended.
 * No `vscode` import.
 */

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export type PageFetcher<T> = (page: number, perPage: number, signal: AbortSignal) => Promise<Page<T>>;

export class PagedList<T> {
  private loaded: T[] = [];
  private seen = new Set<string>();
  private totalKnown: number | undefined;
  private pagesLoaded = 0;
  private exhausted = false;
  private failure: unknown;
  private inFlight: { promise: Promise<void>; controller: AbortController } | undefined;

  constructor(
    readonly pageSize: number,
    private readonly keyOf: (item: T) => string,
  ) {}

  get items(): readonly T[] {
    return this.loaded;
  }

  /** The panel's `total` from the last page, undefined before the first page arrived. */
  get total(): number | undefined {
    return this.totalKnown;
  }

  /** True once the first page has arrived. */
  get started(): boolean {
    return this.pagesLoaded > 0;
  }

  get loading(): boolean {
    return this.inFlight !== undefined;
  }

  /** The error of the last load, cleared by the next load. */
  get error(): unknown {
    return this.failure;
  }

  get hasMore(): boolean {
    if (!this.started) return true;
    return !this.exhausted && this.loaded.length < (this.totalKnown ?? 0);
  }

  /**
   * Loads the next page and appends it. Concurrent calls share one request. A failure is kept in `error`
   * (the promise still resolves); a load cancelled by `reset` leaves no trace.
   */
  loadNext(fetch: PageFetcher<T>): Promise<void> {
    if (this.inFlight) return this.inFlight.promise;
    if (!this.hasMore) return Promise.resolve();
    const controller = new AbortController();
    const page = this.pagesLoaded + 1;
    const promise = fetch(page, this.pageSize, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        this.append(answer);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        this.failure = error;
      },
    ).finally(() => {
      if (this.inFlight?.controller === controller) this.inFlight = undefined;
    });
    this.failure = undefined;
    this.inFlight = { promise, controller };
    return promise;
  }

  /** Forgets every page and cancels the load in flight. */
  reset(): void {
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.loaded = [];
    this.seen = new Set();
    this.totalKnown = undefined;
    this.pagesLoaded = 0;
    this.exhausted = false;
    this.failure = undefined;
  }

  private append(answer: Page<T>): void {
    this.pagesLoaded += 1;
    this.totalKnown = Number.isFinite(answer.total) ? answer.total : this.loaded.length + answer.items.length;
    if (answer.items.length === 0) this.exhausted = true;
    // Offset paging shifts when keys are added meanwhile: an item already shown is not shown twice.
    for (const item of answer.items) {
      const key = this.keyOf(item);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.loaded.push(item);
    }
  }
}
