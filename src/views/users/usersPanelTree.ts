import * as vscode from 'vscode';
import { KEY_STATES } from '../../api/types';
import type { ViewSession } from '../../state/panelStores';
import type { UserList, UsersStore } from '../../state/usersStore';
import { LatestLoad } from '../../state/latestLoad';
import { MessageItem } from '../shared/messageItem';
import { stateItems } from '../shared/viewMessages';
import { failureItems } from '../shared/failureItems';
import { userPageItems, loadMoreUsers } from '../shared/userPages';
import { RenderedUsers } from '../shared/renderedUsers';
import { UserGroupItem, UserItem } from '../shared/userTreeItems';
import type { OnePanelTree } from '../shared/panelsTree';
import { UsersSummary } from './usersSummary';
import { NO_FILTER, filterQuery, isFilterActive, normalizeFilter, sameFilter, type UsersFilter } from './usersFilterModel';
import { USERS_VIEW_ID } from './usersViewId';

/**
 * The Users view of ONE panel: six state groups whose counts come from one small request per group, sent together;
 * each group loads a page at a time. The data is the keys store's: an action on a user updates the store,
 * and this view refreshes that user's item, or the groups it left and joined, without asking the panel.
 * The counts shown are always the panel's: after a change the store has the panel count the groups again
 * (once per burst of changes), and this view shows those figures (see `UsersStore`).
 * A refresh, a filter change, or a change of panel, token state or users:read starts over.
 */
export class UsersPanelTree implements OnePanelTree {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly filterChanged = new vscode.EventEmitter<UsersFilter>();
  readonly onDidChangeFilter = this.filterChanged.event;
  private readonly groupsLoaded = new vscode.EventEmitter<void>();
  /** The six groups and their counts were (re)loaded. */
  readonly onDidLoadGroups = this.groupsLoaded.event;

  private currentFilter: UsersFilter = NO_FILTER;
  private groups: UserGroupItem[] | undefined;
  /** The six counts being read: forgetting the groups cancels it. */
  private readonly groupsLoad = new LatestLoad<vscode.TreeItem[]>();
  private readonly rendered = new RenderedUsers();
  private readonly subscriptions: vscode.Disposable[];
  private readonly summary: UsersSummary;
  readonly onDidChangeSummary: vscode.Event<void>;

  constructor(
    private readonly session: ViewSession,
    private readonly store: UsersStore,
    /** Whether the view's description shows this panel's figures (they are read only then). */
    figuresShown: () => boolean,
  ) {
    this.summary = new UsersSummary(session, store, this.onDidLoadGroups, () => isFilterActive(this.currentFilter) || !figuresShown(), () => this.groupCounts());
    this.onDidChangeSummary = this.summary.onDidChange;
    this.subscriptions = [
      this.summary,
      store.onDidChange((change) => {
        switch (change.kind) {
          case 'all':
            // The store forgets everything on a change of the panel's token state or scope belief, and on a refresh.
            this.forgetGroups();
            this.changed.fire(undefined);
            return;
          case 'item': {
            const user = store.get(change.id);
            if (!user) return;
            for (const item of this.rendered.itemsOf(change.id)) {
              item.show(user);
              this.changed.fire(item);
            }
            return;
          }
          case 'list': {
            const group = this.groups?.find((candidate) => candidate.list === change.list);
            if (!group) return;
            group.showCount();
            this.changed.fire(group);
          }
        }
      }),
    ];
  }

  get filter(): UsersFilter {
    return this.currentFilter;
  }

  /** Redraws one item (an action's temporary state). */
  refreshItem(item?: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  children(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (!element) return this.rootChildren();
    if (element instanceof UserGroupItem) return this.groupChildren(element);
    if (element instanceof UserItem) return userChildren(element);
    return [];
  }

  /** A user's group (what `TreeView.reveal` walks up through); groups are at the root. */
  parent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (!(element instanceof UserItem)) return undefined;
    return this.groups?.find((group) => element.id?.startsWith(`${group.id ?? ''}/user/`));
  }

  /** The panel's count of each of the six groups (under the filter), undefined while they are not loaded. */
  groupCounts(): (number | undefined)[] | undefined {
    return this.groups?.map((group) => group.list.count);
  }

  /** The figures of the panel for the view's description ('' while hidden or not read). */
  get summaryText(): string {
    return this.summary.text;
  }

  /** The view's description shows this panel's figures from now on: read them if they never were. */
  figuresShown(): void {
    this.summary.shown();
  }

  /** The group item showing users of this state, once the counts are loaded. */
  groupOf(state: string): UserGroupItem | undefined {
    return this.groups?.find((group) => group.state === state);
  }

  /** The rendered item of a key in the groups, to reveal or act on. */
  itemOf(userId: string): UserItem | undefined {
    return this.rendered.itemsOf(userId)[0];
  }

  /** Forgets every count and page (cancelling loads in flight) and reloads what is shown. */
  refresh(): void {
    this.session.capabilities.forgetDenials('keys.list');
    this.store.reset(); // fires the change of everything, which re-renders
  }

  /** Applies a filter to all six groups, counts included. */
  setFilter(filter: UsersFilter): void {
    if (sameFilter(filter, this.currentFilter)) return;
    this.currentFilter = normalizeFilter(filter);
    // The groups of the old filter are shown no more: the store stops keeping (and re-counting) them.
    if (this.groups) this.store.drop(this.groups.map((group) => group.list));
    this.forgetGroups();
    this.filterChanged.fire(this.currentFilter);
    this.changed.fire(undefined);
  }

  /** Loads the group's next page and refreshes that group only. */
  loadMore(group: UserGroupItem): Promise<void> {
    // A group item from before a refresh no longer shows the current lists: nothing to load.
    return loadMoreUsers(this.store, group.list, USERS_VIEW_ID, () => this.groups?.includes(group) === true, () => this.changed.fire(group));
  }

  dispose(): void {
    this.forgetGroups();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.filterChanged.dispose();
    this.groupsLoaded.dispose();
  }

  private rootChildren(): vscode.TreeItem[] | Promise<vscode.TreeItem[]> {
    const blocked = stateItems(this.session, 'keys.list');
    if (blocked) return blocked;
    if (this.groups) return this.groups;
    return this.groupsLoad.join((signal) => this.loadGroups(signal));
  }

  /** Six `GET /keys?state=X&per_page=1` requests in parallel; each answer's `total` is the group's count. */
  private async loadGroups(signal: AbortSignal): Promise<vscode.TreeItem[]> {
    const query = filterQuery(this.currentFilter);
    const lists: UserList[] = KEY_STATES.map((state) => this.store.list({ ...query, state }));
    try {
      await this.store.loadCounts(lists, signal);
      if (signal.aborted) return stateItems(this.session, 'keys.list') ?? [];
      this.groups = KEY_STATES.map((state, index) => new UserGroupItem(state, lists[index]));
      this.groupsLoaded.fire();
      return this.groups;
    } catch (error) {
      // Superseded (e.g. a 401 changed the session meanwhile): show what the session says now.
      if (!this.groupsLoad.isLatest(signal)) return stateItems(this.session, 'keys.list') ?? [];
      return failureItems(error, this.session, 'keys.list', () => this.refresh());
    }
  }

  private async groupChildren(group: UserGroupItem): Promise<vscode.TreeItem[]> {
    const pages = group.list.pages;
    if (!pages.started && pages.error === undefined) await this.store.loadNext(group.list);
    if (!this.groups?.includes(group)) return []; // superseded by a refresh
    const children = userPageItems(group.list, group.id ?? group.state, this.session, this, () => void this.loadMore(group));
    this.rendered.set(group.id ?? group.state, children);
    return children;
  }

  private forgetGroups(): void {
    this.groupsLoad.cancel();
    this.groups = undefined;
    this.rendered.clear();
  }
}

function userChildren(user: UserItem): vscode.TreeItem[] {
  const bindings = user.bindingItems();
  return bindings.length > 0 ? bindings : [new MessageItem(vscode.l10n.t('Not bound to any node'))];
}
