/**
 * Paging state of one list the panel serves a page at a time (a user group, a node's users): the pages
 * loaded so far, whether more remain (spec 4.1 rule 3: until `total` is reached or a page is empty), one
 * load at a time, and a reset that cancels the load in flight so a stale answer is never appended.
 * No `vscode` import.
 */
import { LatestLoad } from './latestLoad';

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
  /** Items added (+) or removed (-) in place since the last page: the panel's pages moved by as much. */
  private shift = 0;
  /**
   * Items added (+) or removed (-) in place since the panel last said its `total` (a page or `takeTotal`):
   * what `hasMore` discounts, since that total does not count them yet. Never added to the total itself.
   */
  private sinceTotal = 0;
  private exhausted = false;
  private failure: unknown;
  private readonly loads = new LatestLoad<void>();

  constructor(
    readonly pageSize: number,
    private readonly keyOf: (item: T) => string,
  ) {}

  get items(): readonly T[] {
    return this.loaded;
  }

  /**
   * The panel's `total`: from the last page, or from a later count of the same list (`takeTotal`);
   * undefined before the first page arrived. Never adjusted here for items added or removed in place.
   */
  get total(): number | undefined {
    return this.totalKnown;
  }

  /** The panel counted the list again (a re-read after a change): its figure replaces the page's. */
  takeTotal(total: number): void {
    if (!this.started) return;
    this.totalKnown = total;
    this.sinceTotal = 0;
  }

  /** True once the first page has arrived. */
  get started(): boolean {
    return this.pagesLoaded > 0;
  }

  get loading(): boolean {
    return this.loads.busy;
  }

  /** The error of the last load, cleared by the next load. */
  get error(): unknown {
    return this.failure;
  }

  get hasMore(): boolean {
    if (!this.started) return true;
    return !this.exhausted && this.loaded.length - this.sinceTotal < (this.totalKnown ?? 0);
  }

  /**
   * Loads the next page and appends it. Concurrent calls share one request. A failure is kept in `error`
   * (the promise still resolves); a load cancelled by `reset` leaves no trace.
   */
  loadNext(fetch: PageFetcher<T>): Promise<void> {
    if (!this.loads.busy) {
      if (!this.hasMore) return Promise.resolve();
      this.failure = undefined;
    }
    return this.loads.join((signal) => this.loadPage(fetch, signal));
  }

  private async loadPage(fetch: PageFetcher<T>, signal: AbortSignal): Promise<void> {
    // Items added or removed in place moved the panel's pages: a removal re-reads the last page (seen
    // items are skipped), so the item that moved up into it is not missed.
    const shifted = this.shift;
    const uncounted = this.sinceTotal;
    const page = Math.max(1, this.pagesLoaded + 1 + Math.floor(shifted / this.pageSize));
    try {
      const answer = await fetch(page, this.pageSize, signal);
      if (signal.aborted) return;
      this.shift -= shifted;
      this.sinceTotal -= uncounted;
      this.append(answer, page);
    } catch (error) {
      if (!signal.aborted) this.failure = error;
    }
  }

  /** Whether an item with this key has been loaded. */
  has(key: string): boolean {
    return this.seen.has(key);
  }

  /** Replaces the loaded item with the same key (a newer copy); false when it is not loaded. */
  replace(item: T): boolean {
    const key = this.keyOf(item);
    if (!this.seen.has(key)) return false;
    const index = this.loaded.findIndex((candidate) => this.keyOf(candidate) === key);
    if (index < 0) return false;
    this.loaded[index] = item;
    return true;
  }

  /**
   * An item left the list on the panel (e.g. a disabled user leaves the active group): drops it if loaded.
   * The next page is read one position earlier, so no item is skipped. The total stays the panel's figure
   * until the panel says another.
   */
  remove(key: string): void {
    const index = this.seen.has(key) ? this.loaded.findIndex((candidate) => this.keyOf(candidate) === key) : -1;
    if (index >= 0) {
      this.loaded.splice(index, 1);
      this.seen.delete(key);
      this.shift -= 1;
      this.sinceTotal -= 1;
    }
  }

  /**
   * An item joined the list on the panel: when `before` says where it belongs among the loaded items
   * (newest first, say), shows it there. An item that belongs after the loaded ones is left for "Load
   * more". The total stays the panel's figure until the panel says another.
   */
  add(item: T, before: (loaded: T) => boolean): void {
    const key = this.keyOf(item);
    if (this.seen.has(key)) return;
    const index = this.loaded.findIndex(before);
    if (index < 0 && this.hasMore) return;
    this.loaded.splice(index < 0 ? this.loaded.length : index, 0, item);
    this.seen.add(key);
    this.shift += 1;
    this.sinceTotal += 1;
  }

  /** Forgets every page and cancels the load in flight. */
  reset(): void {
    this.loads.cancel();
    this.loaded = [];
    this.seen = new Set();
    this.totalKnown = undefined;
    this.pagesLoaded = 0;
    this.shift = 0;
    this.sinceTotal = 0;
    this.exhausted = false;
    this.failure = undefined;
  }

  private append(answer: Page<T>, page: number): void {
    this.pagesLoaded = page;
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
