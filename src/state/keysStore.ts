import * as vscode from 'vscode';
import type { Key } from '../api/types';
import type { StoreSession } from './storeSession';
import { plainLabel } from '../text/plainText';
import { keyMatches, newerThan, queryKey, type KeyQuery } from './keyQueryMatch';
import { LatestLoad } from './latestLoad';
import { PagedList, type PageFetcher } from './pagedList';

const DEFAULT_PAGE_SIZE = 50;

/**
 * How the views tell keys apart: the id made plain (invisible characters removed, at most 100 characters),
 * as tree item ids use it, since VS Code refuses a view whose items repeat an id.
 */
export function keyIdOf(key: Partial<Key> | undefined): string {
  return plainLabel(key?.id, 100);
}

/** One list of keys the views show (a state group under the filter, a node's users): pages and count. */
export class KeyList {
  /** The panel's number of matching keys from a count request, until pages say more. */
  private counted: number | undefined;

  constructor(
    readonly query: KeyQuery,
    readonly pages: PagedList<Key>,
  ) {}

  /** How many keys match on the panel; undefined when the panel did not say. */
  get count(): number | undefined {
    return this.pages.started ? this.pages.total : this.counted;
  }

  set count(value: number | undefined) {
    this.counted = value;
  }

  /** Follows a key joining (+1) or leaving (-1) the list when no page is loaded yet. */
  adjustCount(delta: number): void {
    if (!this.pages.started && this.counted !== undefined) this.counted = Math.max(0, this.counted + delta);
  }
}

/**
 * The active panel's keys (users) as the views show them: lists by query with their pages and counts, and
 * the newest copy of each key by id. A key returned by a mutation goes through `update`: every list it
 * joins or leaves follows, counts included, and views showing it hear `onDidChangeKey`. Everything is
 * forgotten (loads in flight cancelled) when the panel, its token state or users:read changes, or on `reset`.
 */
export class KeysStore implements vscode.Disposable {
  private lists = new Map<string, KeyList>();
  private readonly keys = new Map<string, Key>();
  /** The counts being read: a newer read of counts, or a reset, cancels it. */
  private readonly counting = new LatestLoad<void>();
  private readonly keyChanged = new vscode.EventEmitter<string>();
  private readonly listChanged = new vscode.EventEmitter<KeyList>();
  private readonly resetEmitter = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;

  /** A key changed (its id as `keyIdOf` gives it); `get` has the new copy, or undefined when deleted. */
  readonly onDidChangeKey = this.keyChanged.event;
  /** A list's members or count changed in place (not through a page load the view asked for). */
  readonly onDidChangeList = this.listChanged.event;
  /** Every list and key was forgotten: views start over. */
  readonly onDidReset = this.resetEmitter.event;

  constructor(
    private readonly session: StoreSession,
    private readonly pageSize: () => number = configuredPageSize,
  ) {
    this.subscription = session.onDidChangePanel(['keys.list'], () => this.reset());
  }

  /** The list for a query, created empty on first use (nothing is loaded). */
  list(query: KeyQuery): KeyList {
    const id = queryKey(query);
    let list = this.lists.get(id);
    if (!list) {
      list = new KeyList({ ...query }, new PagedList<Key>(this.pageSize(), keyIdOf));
      this.lists.set(id, list);
    }
    return list;
  }

  /** The keys seen so far that are bound to a node (by the node's id). */
  boundTo(nodeId: string): Key[] {
    return [...this.keys.values()].filter((key) => Array.isArray(key.nodes) && key.nodes.some((binding) => binding?.node_id === nodeId));
  }

  /** The newest copy of a key seen in a page or a mutation's answer. */
  get(id: string): Key | undefined {
    return this.keys.get(id);
  }

  /**
   * Reads the count of each list with one small request each, all at once. Rejects with the first
   * failure (cancelling the others); `signal`, a later read of counts or a reset meanwhile cancels them all.
   */
  loadCounts(lists: readonly KeyList[], signal?: AbortSignal): Promise<void> {
    return this.counting.start(async (counting) => {
      const counts = await Promise.all(lists.map((list) =>
        this.session.call((api, callSignal) => api.keys.count(list.query, { signal: callSignal }), counting).catch((error: unknown) => {
          if (this.counting.isLatest(counting)) this.counting.cancel();
          throw error;
        }),
      ));
      if (counting.aborted) return;
      lists.forEach((list, index) => {
        const count: unknown = counts[index];
        list.count = typeof count === 'number' ? count : undefined;
      });
    }, signal);
  }

  /** Loads a list's next page (failures stay in `list.pages.error`). */
  async loadNext(list: KeyList): Promise<void> {
    const known = list.pages.items.length;
    await list.pages.loadNext(this.fetcher(list.query));
    for (const key of list.pages.items.slice(known)) this.keys.set(keyIdOf(key), key); // the page just appended
  }

  /** Takes the key a mutation answered with: every list it joins or leaves follows, and its views. */
  update(key: Key): void {
    const id = keyIdOf(key);
    if (!id) return;
    const old = this.keys.get(id);
    this.keys.set(id, key);
    const changed: KeyList[] = [];
    for (const list of this.lists.values()) {
      const was = (old && keyMatches(old, list.query)) ?? list.pages.has(id);
      const now = keyMatches(key, list.query) ?? was;
      if (was && now) {
        list.pages.replace(key);
      } else if (was) {
        list.pages.remove(id);
        list.adjustCount(-1);
        changed.push(list);
      } else if (now) {
        list.pages.add(key, (loaded) => newerThan(key, loaded));
        list.adjustCount(+1);
        changed.push(list);
      }
    }
    this.keyChanged.fire(id);
    for (const list of changed) this.listChanged.fire(list);
  }

  /** A key deleted on the panel leaves every list. */
  remove(id: string): void {
    const old = this.keys.get(id);
    this.keys.delete(id);
    for (const list of this.lists.values()) {
      if (!list.pages.has(id) && !(old && keyMatches(old, list.query))) continue;
      list.pages.remove(id);
      list.adjustCount(-1);
      this.listChanged.fire(list);
    }
    this.keyChanged.fire(id);
  }

  /** Forgets every list and key and cancels loads in flight. */
  reset(): void {
    this.counting.cancel();
    for (const list of this.lists.values()) list.pages.reset();
    this.lists = new Map();
    this.keys.clear();
    this.resetEmitter.fire();
  }

  dispose(): void {
    this.counting.cancel();
    for (const list of this.lists.values()) list.pages.reset();
    this.subscription.dispose();
    this.keyChanged.dispose();
    this.listChanged.dispose();
    this.resetEmitter.dispose();
  }

  private fetcher(query: KeyQuery): PageFetcher<Key> {
    return async (page, perPage, signal) => {
      // The list's paging cancels the read when it is reset (as every list is when the store is).
      const answer = await this.session.call((api, callSignal) => api.keys.list({ ...query, page, per_page: perPage }, { signal: callSignal }), signal);
      const items = Array.isArray(answer?.items) ? answer.items.filter((key) => typeof key === 'object' && key !== null) : [];
      return { items, total: typeof answer?.total === 'number' ? answer.total : Number.NaN };
    };
  }
}

/** Page size of user lists: setting `panelOps.users.pageSize` (1 to 200), 50 by default. */
function configuredPageSize(): number {
  const value = vscode.workspace.getConfiguration('panelOps').get<number>('users.pageSize', DEFAULT_PAGE_SIZE);
  return Number.isInteger(value) && value >= 1 && value <= 200 ? value : DEFAULT_PAGE_SIZE;
}
