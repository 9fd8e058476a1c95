import * as vscode from 'vscode';
import { KEY_STATES } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { ViewSession } from '../../state/panelStores';
import type { KeyList, KeysStore } from '../../state/keysStore';
import { LatestLoad } from '../../state/latestLoad';
import { MessageItem } from '../shared/messageItem';
import type { TreeViewParts } from '../shared/treeViewParts';
import { panelDescription, stateItems } from '../shared/viewMessages';
import { failureItems } from './failureItems';
import { keyPageItems, loadMoreKeys } from './keyPages';
import { RenderedUsers } from './renderedUsers';
import { UserGroupItem, UserItem } from './userTreeItems';
import { UsersSummary } from './usersSummary';
import { FleetTree, type PanelTree } from '../fleet/fleetTree';
import type { AllPanelsMode } from '../fleet/allPanelsMode';
import type { StoresFor } from '../../state/panelStores';
import { panelHealthSummary, watchPanelHealth } from '../fleet/panelHealth';
import { NO_FILTER, describeFilter, filterQuery, isFilterActive, normalizeFilter, sameFilter, type UsersFilter } from './usersFilterModel';
import { markedForPanel, onProtectionChange } from '../shared/protectionMarks';

/** Kept here for the modules that import it from the Users view. */
export type { TreeViewParts };

export const USERS_VIEW_ID = 'panelOps.users';

/**
 * The Users view: six state groups whose counts come from one small request per group, sent together;
 * each group loads a page at a time. The data is the keys store's: an action on a user updates the store,
 * and this view refreshes that user's item, or the groups it left and joined, without asking the panel.
 * The counts shown are always the panel's: after a change the store has the panel count the groups again
 * (once per burst of changes), and this view shows those figures (see `KeysStore`).
 * A refresh, a filter change, or a change of panel, token state or users:read starts over.
 */
export class UsersTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, PanelTree {
  /** All connected panels side by side, when that mode is on (set by `registerUsersView`). */
  fleet: FleetTree<UsersTreeProvider> | undefined;
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

  constructor(
    private readonly session: ViewSession,
    private readonly store: KeysStore,
  ) {
    let panelId = session.active?.id;
    this.subscriptions = [
      session.onDidChangePanel(['keys.list'], () => {
        if (session.active?.id !== panelId) {
          panelId = session.active?.id;
          // Another panel: its nodes differ, so a node filter would be meaningless there.
          this.currentFilter = NO_FILTER;
          this.filterChanged.fire(NO_FILTER);
        }
      }),
      // The store forgets everything on a change of panel, token state or scope belief, and on a refresh.
      store.onDidReset(() => {
        this.forgetGroups();
        this.changed.fire(undefined);
      }),
      store.onDidChangeKey((id) => {
        const key = store.get(id);
        if (!key) return;
        for (const item of this.rendered.itemsOf(id)) {
          item.show(key);
          this.changed.fire(item);
        }
      }),
      store.onDidChangeList((list) => {
        const group = this.groups?.find((candidate) => candidate.list === list);
        if (!group) return;
        group.showCount();
        this.changed.fire(group);
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

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    // Items of a read-only panel carry the suffix that hides write actions (the item's own panel).
    return markedForPanel(element, this.fleet ? this.fleet.panelRefOf(element) : this.session.active);
  }

  getChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (this.fleet?.handles(element)) return this.fleet.children(element);
    return this.panelChildren(element);
  }

  panelChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (!element) return this.rootChildren();
    if (element instanceof UserGroupItem) return this.groupChildren(element);
    if (element instanceof UserItem) return userChildren(element);
    return [];
  }

  /** A user's group (what `TreeView.reveal` walks up through); groups are at the root. */
  getParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (this.fleet?.handles(element)) return this.fleet.parent(element);
    return this.panelParent(element);
  }

  panelParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (!(element instanceof UserItem)) return undefined;
    return this.groups?.find((group) => element.id?.startsWith(`${group.id ?? ''}/user/`));
  }

  /** The panel's count of each of the six groups (under the filter), undefined while they are not loaded. */
  groupCounts(): (number | undefined)[] | undefined {
    return this.groups?.map((group) => group.list.count);
  }

  /** The group item showing users of this state, once the counts are loaded. */
  groupOf(state: string): UserGroupItem | undefined {
    return this.groups?.find((group) => group.state === state);
  }

  /** The rendered item of a key in the groups, to reveal or act on. */
  itemOf(keyId: string): UserItem | undefined {
    return this.rendered.itemsOf(keyId)[0];
  }

  /** Forgets every count and page (cancelling loads in flight) and reloads what is shown. */
  refresh(): void {
    if (this.fleet?.enabled) for (const other of this.fleet.otherTrees()) other.refresh();
    this.session.capabilities.forgetDenials('keys.list');
    this.store.reset(); // fires onDidReset, which re-renders
  }

  /** Applies a filter to all six groups, counts included. */
  setFilter(filter: UsersFilter): void {
    // A node filter names one of the active panel's nodes: the other panels keep the text and type only.
    if (this.fleet?.enabled) for (const other of this.fleet.otherTrees()) other.setFilter(otherPanelFilter(filter));
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
    const owner = this.fleet?.handles(group) ? this.fleet.ownerOf(group) : this;
    if (owner !== this) return owner.loadMore(group);
    // A group item from before a refresh no longer shows the current lists: nothing to load.
    return loadMoreKeys(this.store, group.list, USERS_VIEW_ID, () => this.groups?.includes(group) === true, () => this.changed.fire(group));
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
    const lists: KeyList[] = KEY_STATES.map((state) => this.store.list({ ...query, state }));
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
    const children = keyPageItems(group.list, group.id ?? group.state, this.session, this, () => void this.loadMore(group));
    this.rendered.set(group.id ?? group.state, children);
    return children;
  }

  private forgetGroups(): void {
    this.groupsLoad.cancel();
    this.groups = undefined;
    this.rendered.clear();
  }
}

function otherPanelFilter(filter: UsersFilter): UsersFilter {
  return normalizeFilter({ q: filter.q, type: filter.type });
}

function userChildren(user: UserItem): vscode.TreeItem[] {
  const bindings = user.bindingItems();
  return bindings.length > 0 ? bindings : [new MessageItem(vscode.l10n.t('Not bound to any node'))];
}

/**
 * Creates the Users view (disposed with the extension); its description shows the filter, or the panel's
 * name and the `/keys/summary` figures when unfiltered, and the context key `panelOps.users.filtered` drives the title bar's clear action.
 */
export function registerUsersView(context: vscode.ExtensionContext, session: PanelSession, store: KeysStore, storesFor: StoresFor, mode: AllPanelsMode): TreeViewParts<UsersTreeProvider> {
  const provider = new UsersTreeProvider(session, store);
  provider.fleet = new FleetTree<UsersTreeProvider>({
    session, mode, storesFor, viewKey: 'users', own: provider,
    fire: (element) => provider.refreshItem(element),
    create: (stores) => {
      const tree = new UsersTreeProvider(stores.session, stores.keys);
      tree.setFilter(otherPanelFilter(provider.filter));
      return tree;
    },
    summary: panelHealthSummary,
    watch: watchPanelHealth,
  });
  const view = vscode.window.createTreeView(USERS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
  const summary = new UsersSummary(session, store, provider.onDidLoadGroups, () => isFilterActive(provider.filter), () => provider.groupCounts());
  const describe = () => {
    const filtered = isFilterActive(provider.filter);
    // The summary's figures are panel-wide: shown only while no filter narrows the groups.
    const all = provider.fleet?.enabled === true;
    // A panel that is not open keeps its name and level in the description, filtered or not.
    const marked = !all && session.active && session.active.protection !== 'open' ? panelDescription(session) : undefined;
    view.description = filtered ? [marked, describeFilter(provider.filter, vscode.l10n.t)].filter(Boolean).join(' · ') : all ? undefined : [panelDescription(session), summary.text].filter(Boolean).join(' · ');
    void vscode.commands.executeCommand('setContext', 'panelOps.users.filtered', filtered);
  };
  describe();
  context.subscriptions.push(onProtectionChange(session, () => provider.refreshItem(undefined)), provider, view, summary, provider.fleet, mode.onDidChange(describe), provider.onDidChangeFilter(describe), session.onDidChange(describe), summary.onDidChange(describe));
  return { provider, view };
}
