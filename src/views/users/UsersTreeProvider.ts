import * as vscode from 'vscode';
import { KEY_STATES, type Key, type KeyState } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import { MessageNode } from '../shared/messageNode';
import { panelDescription, stateNodes } from '../shared/viewMessages';
import { failureNodes } from './failureNodes';
import { keyPageFetcher, keyPageItems, loadMoreKeys, newKeyPages } from './keyPages';
import type { PagedList } from './pagedList';
import { UserBindingItem, UserGroupItem, UserItem } from './userTreeItems';
import { NO_FILTER, describeFilter, filterQuery, isFilterActive, normalizeFilter, sameFilter, type UsersFilter } from './usersFilter';

/** What the composition root (and the test API) gets back: the provider and its view. */
export interface TreeViewParts<P> {
  readonly provider: P;
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

const USERS_VIEW_ID = 'panelOps.users';

/**
 * The Users view: six state groups whose counts come from one small request per group, sent together;
 * each group loads a page at a time. Pages stay until the view is refreshed, the filter changes, or the
 * panel, its token state or the users:read belief changes; any of these cancels loads still in flight.
 */
export class UsersTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly filterChanged = new vscode.EventEmitter<UsersFilter>();
  readonly onDidChangeFilter = this.filterChanged.event;

  private currentFilter: UsersFilter = NO_FILTER;
  private groups: UserGroupItem[] | undefined;
  private groupsLoad: { source: vscode.CancellationTokenSource; promise: Promise<vscode.TreeItem[]> } | undefined;
  private pagesByState = new Map<KeyState, PagedList<Key>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: PanelSession) {
    let panelId = session.active?.id;
    this.subscription = session.onDidChangePanel(['keys.list'], () => {
      this.reset();
      if (session.active?.id !== panelId) {
        panelId = session.active?.id;
        // Another panel: its nodes differ, so a node filter would be meaningless there.
        this.currentFilter = NO_FILTER;
        this.filterChanged.fire(NO_FILTER);
      }
      this.changed.fire(undefined);
    });
  }

  get filter(): UsersFilter {
    return this.currentFilter;
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  getChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (!element) return this.rootChildren();
    if (element instanceof UserGroupItem) return this.groupChildren(element);
    if (element instanceof UserItem) return userChildren(element);
    return [];
  }

  /** Forgets every count and page (cancelling loads in flight) and reloads what is shown. */
  refresh(): void {
    this.session.capabilities.forgetDenials('keys.list');
    this.reset();
    this.changed.fire(undefined);
  }

  /** Applies a filter to all six groups, counts included. */
  setFilter(filter: UsersFilter): void {
    if (sameFilter(filter, this.currentFilter)) return;
    this.currentFilter = normalizeFilter(filter);
    this.reset();
    this.filterChanged.fire(this.currentFilter);
    this.changed.fire(undefined);
  }

  /** Loads the group's next page and refreshes that group only. */
  loadMore(group: UserGroupItem): Promise<void> {
    // A group item from before a refresh no longer shows the current pages: nothing to load.
    const isCurrent = () => this.pagesByState.get(group.state) === group.pages;
    return loadMoreKeys(group.pages, this.fetcherFor(group.state), USERS_VIEW_ID, isCurrent, () => this.changed.fire(group));
  }

  dispose(): void {
    this.reset();
    this.subscription.dispose();
    this.changed.dispose();
    this.filterChanged.dispose();
  }

  private rootChildren(): vscode.TreeItem[] | Promise<vscode.TreeItem[]> {
    const blocked = stateNodes(this.session, 'keys.list');
    if (blocked) return blocked;
    if (this.groups) return this.groups;
    this.groupsLoad ??= this.loadGroups();
    return this.groupsLoad.promise;
  }

  /** Six `GET /keys?state=X&per_page=1` requests in parallel; each answer's `total` is the group's count. */
  private loadGroups(): { source: vscode.CancellationTokenSource; promise: Promise<vscode.TreeItem[]> } {
    const source = new vscode.CancellationTokenSource();
    const query = filterQuery(this.currentFilter);
    const promise = (async (): Promise<vscode.TreeItem[]> => {
      try {
        const counts = await Promise.all(KEY_STATES.map((state) =>
          this.session.call((api, signal) => api.keys.count({ ...query, state }, { signal }), source.token),
        ));
        if (source.token.isCancellationRequested) return stateNodes(this.session, 'keys.list') ?? [];
        this.groups = KEY_STATES.map((state, index) => {
          const count: unknown = counts[index];
          return new UserGroupItem(state, typeof count === 'number' ? count : undefined, this.pagesFor(state));
        });
        return this.groups;
      } catch (error) {
        source.cancel(); // the other counts are of no use without this one
        // Superseded (e.g. a 401 changed the session meanwhile): show what the session says now.
        if (this.groupsLoad?.source !== source) return stateNodes(this.session, 'keys.list') ?? [];
        return failureNodes(error, this.session, 'keys.list', () => this.refresh());
      } finally {
        if (this.groupsLoad?.source === source) this.groupsLoad = undefined;
        source.dispose();
      }
    })();
    return { source, promise };
  }

  private async groupChildren(group: UserGroupItem): Promise<vscode.TreeItem[]> {
    const pages = group.pages;
    if (!pages.started && pages.error === undefined) await pages.loadNext(this.fetcherFor(group.state));
    if (this.pagesByState.get(group.state) !== pages) return []; // superseded by a refresh
    return keyPageItems(pages, group.id ?? group.state, this.session, () => void this.loadMore(group));
  }

  private pagesFor(state: KeyState): PagedList<Key> {
    let pages = this.pagesByState.get(state);
    if (!pages) {
      pages = newKeyPages();
      this.pagesByState.set(state, pages);
    }
    return pages;
  }

  private fetcherFor(state: KeyState) {
    const query = { ...filterQuery(this.currentFilter), state };
    return keyPageFetcher(this.session, () => query);
  }

  private reset(): void {
    this.groupsLoad?.source.cancel();
    this.groupsLoad = undefined;
    this.groups = undefined;
    for (const pages of this.pagesByState.values()) pages.reset();
    this.pagesByState = new Map();
  }
}

function userChildren(user: UserItem): vscode.TreeItem[] {
  const bindings: UserBindingItem[] = user.bindingItems();
  return bindings.length > 0 ? bindings : [new MessageNode(vscode.l10n.t('Not bound to any node'))];
}

/**
 * Creates the Users view (disposed with the extension); its description shows the filter, or the panel's
 * name when unfiltered, and the context key `panelOps.users.filtered` drives the title bar's clear action.
 */
export function registerUsersView(context: vscode.ExtensionContext, session: PanelSession): TreeViewParts<UsersTreeProvider> {
  const provider = new UsersTreeProvider(session);
  const view = vscode.window.createTreeView(USERS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  const describe = () => {
    const filtered = isFilterActive(provider.filter);
    view.description = filtered ? describeFilter(provider.filter, vscode.l10n.t) : panelDescription(session);
    void vscode.commands.executeCommand('setContext', 'panelOps.users.filtered', filtered);
  };
  describe();
  context.subscriptions.push(provider, view, provider.onDidChangeFilter(describe), session.onDidChange(describe));
  return { provider, view };
}
