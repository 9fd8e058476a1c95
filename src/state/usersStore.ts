import type { User } from '../api/types';
import type { StoreSession } from './storeSession';
import { plainLabel } from '../text/plainText';
import { ChangeEmitter, type StoreChange } from './changeEmitter';
import { userMatches, newerThan, queryKey, type UserQuery } from './userQueryMatch';
import { LatestLoad } from './latestLoad';
import { PagedList, type PageFetcher } from './pagedList';
import type { PollScheduler } from './poller';
import { REAL_TIMERS, RereadSoon, type WindowFocus } from './rereadSoon';

const DEFAULT_PAGE_SIZE = 50;
/** A burst of changes (a bulk action's answers, an import) settles this long before the counts are read again. */
const RECOUNT_DELAY_MS = 500;
/** ...but a steady stream of changes does not hold the counts back longer than this. */
const RECOUNT_MAX_WAIT_MS = 3000;

/**
 * How the views tell users apart: the id made plain (invisible characters removed, at most 100 characters),
 * as tree item ids use it, since VS Code refuses a view whose items repeat an id.
 */
export function userIdOf(user: Partial<User> | undefined): string {
  return plainLabel(user?.id, 100);
}

/**
 * One list of users the views show (a state group under the filter, a node's users): pages and count.
 * The count is always the panel's figure (a count read, a page's `total`, a re-read after a change),
 * never one adjusted here for users seen joining or leaving.
 */
export class UserList {
  /** The panel's number of matching users from a count request, until pages say more. */
  private counted: number | undefined;

  constructor(
    readonly query: UserQuery,
    readonly pages: PagedList<User>,
  ) {}

  /** How many users match on the panel; undefined when the panel did not say. */
  get count(): number | undefined {
    return this.pages.started ? this.pages.total : this.counted;
  }

  /** The panel counted the list (undefined: it did not say): the figure shown from now on. */
  takeCount(value: number | undefined): void {
    this.counted = value;
    if (value !== undefined) this.pages.takeTotal(value);
  }

  /** Whether a figure of the panel's is shown for the list (a count, or loaded pages and their total). */
  get figured(): boolean {
    return this.counted !== undefined || this.pages.started;
  }
}

/** Who changed users: the operator's action (its answer or a read it started), or a read following other reads. */
export type ChangeCause = 'acted' | 'followed';

export interface UsersStoreOptions {
  /** Page size of user lists (default 50). */
  readonly pageSize?: () => number;
  /** The window's focus: a recount that only follows other reads waits for it. */
  readonly focus?: WindowFocus;
  /** Time, for tests. */
  readonly scheduler?: PollScheduler;
  readonly now?: () => number;
  /** How long a burst of changes settles before the counts are read again (default 500 ms). */
  readonly recountDelayMs?: number;
}

/**
 * A panel's users (the contract's keys) as the views show them: lists by query with their pages and
 * counts, and the newest copy of each user by id. A user returned by a mutation goes through `update`: it moves at once
 * between the loaded pages of the lists it joins or leaves, and views showing it hear `onDidChange`.
 *
 * Counts are the panel's (the one place that rule lives): no count is ever raised or lowered here for a
 * user seen joining or leaving a list. A change that may have moved a user into or out of a counted list
 * marks that list, and the marked lists are counted again by the panel shortly after (`GET /keys?…` with
 * one item per page, one request per list), once for a whole burst of changes: see `RereadSoon`.
 * Everything is forgotten (loads and re-reads in flight cancelled) when the panel, its token state or
 * users:read changes, or on `reset`. No `vscode` import: tested in plain Node against the simulated panel.
 */
/** What changed in the users store (`onDidChange`). */
export type UsersChange = StoreChange<string, UserList>;

export class UsersStore {
  private lists = new Map<string, UserList>();
  private readonly users = new Map<string, User>();
  /** The counts being read: a newer read of counts, or a reset, cancels it. */
  private readonly counting = new LatestLoad<void>();
  /** Lists whose panel figure a change may have made stale: counted again by `recounts`. */
  private readonly stale = new Set<UserList>();
  private readonly recounts: RereadSoon;
  private readonly pageSize: () => number;
  private readonly changed = new ChangeEmitter<UsersChange>();
  private readonly subscription: { dispose(): void };

  /**
   * What changed: a user (`item`, its id as `userIdOf` gives it; `get` has the new copy, or undefined when
   * deleted); a list (`list` with the list: its members changed in place, or the panel counted it again, not
   * through a page load the view asked for); the lists a change touched, counted again (`list` without one,
   * after each of them); or everything (`all`: every list and user forgotten, views start over).
   */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly session: StoreSession,
    options: UsersStoreOptions = {},
  ) {
    this.pageSize = options.pageSize ?? (() => DEFAULT_PAGE_SIZE);
    this.recounts = new RereadSoon({
      read: (signal) => this.recount(signal),
      delayMs: options.recountDelayMs ?? RECOUNT_DELAY_MS,
      maxWaitMs: RECOUNT_MAX_WAIT_MS,
      scheduler: options.scheduler ?? REAL_TIMERS,
      now: options.now ?? Date.now,
      focus: options.focus,
    });
    this.subscription = session.onDidChangePanel(['keys.list'], () => this.reset());
  }

  /** The list for a query, created empty on first use (nothing is loaded). */
  list(query: UserQuery): UserList {
    const id = queryKey(query);
    let list = this.lists.get(id);
    if (!list) {
      list = new UserList({ ...query }, new PagedList<User>(this.pageSize(), userIdOf));
      this.lists.set(id, list);
    }
    return list;
  }

  /** Forgets lists no view shows any more (the groups of a filter replaced by another): nothing re-reads them. */
  drop(lists: readonly UserList[]): void {
    for (const list of lists) {
      const id = queryKey(list.query);
      if (this.lists.get(id) !== list) continue;
      this.lists.delete(id);
      this.stale.delete(list);
      list.pages.reset();
    }
  }

  /** The users seen so far that are bound to a node (by the node's id). */
  boundTo(nodeId: string): User[] {
    return [...this.users.values()].filter((user) => Array.isArray(user.nodes) && user.nodes.some((binding) => binding?.node_id === nodeId));
  }

  /** What is held now: every user seen (the newest copy of each), in no particular order; never a read. */
  get held(): readonly User[] {
    return [...this.users.values()];
  }

  /** The newest copy of a user seen in a page or a mutation's answer. */
  get(id: string): User | undefined {
    return this.users.get(id);
  }

  /**
   * Reads one page of the users matching `query` (`GET /keys`) outside the views' lists (a search: the chat
   * tools). A user the store holds whose copy the page shows changed is taken (`update`, as a read that
   * follows others), so the views showing it follow; nothing else is kept, and a user the store never saw
   * starts no recount. Answers the page's users and the panel's total (undefined when it did not say).
   */
  async search(query: UserQuery, perPage: number, signal?: AbortSignal): Promise<{ readonly users: readonly User[]; readonly total: number | undefined }> {
    const answer = await this.session.call((api, callSignal) => api.keys.list({ ...query, per_page: perPage }, { signal: callSignal }), signal);
    const users = Array.isArray(answer?.items) ? answer.items.filter((user): user is User => typeof user === 'object' && user !== null) : [];
    if (!signal?.aborted) for (const user of users) this.takeRead(user);
    return { users, total: typeof answer?.total === 'number' ? answer.total : undefined };
  }

  /** Reads one user (`GET /keys/{id}`), taken as `search` takes a page's users. */
  async read(id: string, signal?: AbortSignal): Promise<User> {
    const user = await this.session.call((api, callSignal) => api.keys.get(id, { signal: callSignal }), signal);
    if (!signal?.aborted) this.takeRead(user);
    return user;
  }

  /** A user a read found: taken when the store holds it and the copy differs, else left alone. */
  private takeRead(user: User): void {
    const held = this.users.get(userIdOf(user));
    if (held && textOf(held) !== textOf(user)) this.update(user, 'followed');
  }

  /** Whether a re-read of counts is waiting or running (tests wait for it to end). */
  get recounting(): boolean {
    return this.recounts.pending;
  }

  /**
   * Reads the count of each list with one small request each, all at once. Rejects with the first
   * failure (cancelling the others); `signal`, a later read of counts or a reset meanwhile cancels them all.
   */
  loadCounts(lists: readonly UserList[], signal?: AbortSignal): Promise<void> {
    return this.counting.start(async (counting) => {
      const counts = await Promise.all(lists.map((list) =>
        this.session.call((api, callSignal) => api.keys.count(list.query, { signal: callSignal }), counting).catch((error: unknown) => {
          if (this.counting.isLatest(counting)) this.counting.cancel();
          throw error;
        }),
      ));
      if (counting.aborted) return;
      lists.forEach((list, index) => list.takeCount(countOf(counts[index])));
    }, signal);
  }

  /** Loads a list's next page (failures stay in `list.pages.error`); a total that changes the list's figure fires the list. */
  async loadNext(list: UserList): Promise<void> {
    const known = list.pages.items.length;
    const count = list.count;
    await list.pages.loadNext(this.fetcher(list.query));
    for (const user of list.pages.items.slice(known)) this.users.set(userIdOf(user), user); // the page just appended
    // A page whose total differs from the figure the list had is the panel's new count: told like a recount's.
    if (list.count !== count && this.lists.get(queryKey(list.query)) === list) this.changed.fire({ kind: 'list', list });
  }

  /**
   * Takes the user a mutation answered with (or a read after one): it moves between the loaded pages of the
   * lists it joins or leaves, and its views follow. The counts of those lists are the panel's again
   * shortly after (`cause` 'followed': only once the window has focus).
   */
  update(user: User, cause: ChangeCause = 'acted'): void {
    const id = userIdOf(user);
    if (!id) return;
    const old = this.users.get(id);
    this.users.set(id, user);
    const changed: UserList[] = [];
    for (const list of this.lists.values()) {
      const before = old ? userMatches(old, list.query) : undefined;
      const after = userMatches(user, list.query);
      // Unknown on either side (a user not seen before, a text query) or a move: the panel's count may differ.
      if (before === undefined || after === undefined || before !== after) this.markStale(list);
      const was = before ?? list.pages.has(id);
      const now = after ?? was;
      if (was && now) {
        list.pages.replace(user);
      } else if (was) {
        list.pages.remove(id);
        changed.push(list);
      } else if (now) {
        list.pages.add(user, (loaded) => newerThan(user, loaded));
        changed.push(list);
      }
    }
    this.changed.fire({ kind: 'item', id });
    for (const list of changed) this.changed.fire({ kind: 'list', list });
    this.recountSoon(cause);
  }

  /** A user deleted on the panel leaves every list; their counts are the panel's again shortly after. */
  remove(id: string, cause: ChangeCause = 'acted'): void {
    const old = this.users.get(id);
    this.users.delete(id);
    for (const list of this.lists.values()) {
      const was = old ? userMatches(old, list.query) : undefined;
      if (was !== false) this.markStale(list);
      if (!list.pages.has(id) && !was) continue;
      list.pages.remove(id);
      this.changed.fire({ kind: 'list', list });
    }
    this.changed.fire({ kind: 'item', id });
    this.recountSoon(cause);
  }

  /**
   * Users changed on the panel in ways no answer showed one by one (an import whose answer lists nobody,
   * say): every counted list is counted again shortly after.
   */
  changedOnPanel(cause: ChangeCause = 'acted'): void {
    for (const list of this.lists.values()) this.markStale(list);
    this.recountSoon(cause);
  }

  /** Forgets every list and user and cancels loads in flight. */
  reset(): void {
    this.counting.cancel();
    this.recounts.cancel();
    this.stale.clear();
    for (const list of this.lists.values()) list.pages.reset();
    this.lists = new Map();
    this.users.clear();
    this.changed.fire({ kind: 'all' });
  }

  dispose(): void {
    this.counting.cancel();
    this.recounts.dispose();
    this.stale.clear();
    for (const list of this.lists.values()) list.pages.reset();
    this.subscription.dispose();
    this.changed.dispose();
  }

  /** Only a list that shows a figure of the panel's needs it again. */
  private markStale(list: UserList): void {
    if (list.figured) this.stale.add(list);
  }

  private recountSoon(cause: ChangeCause): void {
    if (this.stale.size > 0) this.recounts.request(cause === 'acted');
  }

  /** Counts the stale lists again, all at once; a list the panel did not count this time stays stale. */
  private async recount(signal: AbortSignal): Promise<void> {
    const lists = [...this.stale].filter((list) => this.lists.get(queryKey(list.query)) === list);
    this.stale.clear();
    if (lists.length === 0) return;
    const counts = await Promise.all(lists.map((list) =>
      this.session.call((api, callSignal) => api.keys.count(list.query, { signal: callSignal }), signal).then(countOf, () => undefined),
    ));
    if (signal.aborted) return;
    const changed: UserList[] = [];
    lists.forEach((list, index) => {
      const count = counts[index];
      if (count === undefined) {
        this.stale.add(list);
        return;
      }
      const before = list.count;
      list.takeCount(count);
      if (list.count !== before) changed.push(list);
    });
    // Only counts that changed are told: a recount that finds the same figures fires nothing.
    for (const list of changed) this.changed.fire({ kind: 'list', list });
    if (changed.length > 0) this.changed.fire({ kind: 'list' });
  }

  private fetcher(query: UserQuery): PageFetcher<User> {
    return async (page, perPage, signal) => {
      // The list's paging cancels the read when it is reset (as every list is when the store is).
      const answer = await this.session.call((api, callSignal) => api.keys.list({ ...query, page, per_page: perPage }, { signal: callSignal }), signal);
      const items = Array.isArray(answer?.items) ? answer.items.filter((user) => typeof user === 'object' && user !== null) : [];
      return { items, total: typeof answer?.total === 'number' ? answer.total : Number.NaN };
    };
  }
}

/** A count the panel gave: a whole number of at least zero, else undefined ("the panel did not say"). */
function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** A user as text, to tell whether a read changed it (int64 values written as their digits). */
function textOf(user: User): string {
  return JSON.stringify(user, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)) ?? '';
}
