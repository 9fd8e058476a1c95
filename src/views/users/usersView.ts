import * as vscode from 'vscode';
import { KEY_STATES } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { PanelStoresLookup, ViewSession } from '../../state/panelStores';
import type { UserList, UsersStore } from '../../state/usersStore';
import { LatestLoad } from '../../state/latestLoad';
import { MessageItem } from '../shared/messageItem';
import type { TreeViewParts } from '../shared/treeViewParts';
import { panelDescription, stateItems } from '../shared/viewMessages';
import { failureItems } from '../shared/failureItems';
import { userPageItems, loadMoreUsers } from '../shared/userPages';
import { RenderedUsers } from '../shared/renderedUsers';
import { UserGroupItem, UserItem } from '../shared/userTreeItems';
import { UsersSummary } from './usersSummary';
import { PanelsTree, type OnePanelTree, type PanelsTreeOptions } from '../shared/panelsTree';
import type { AllPanelsMode } from '../shared/allPanelsMode';
import { panelHealthSummary, watchPanelHealth } from '../shared/panelHealth';
import { NO_FILTER, describeFilter, filterQuery, isFilterActive, normalizeFilter, sameFilter, type UsersFilter } from './usersFilterModel';
import { onProtectionChange } from '../shared/protectionMarks';

/** Kept here for the modules that import it from the Users view. */
export type { TreeViewParts };

export const USERS_VIEW_ID = 'panelOps.users';

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

function otherPanelFilter(filter: UsersFilter): UsersFilter {
  return normalizeFilter({ q: filter.q, type: filter.type });
}

function userChildren(user: UserItem): vscode.TreeItem[] {
  const bindings = user.bindingItems();
  return bindings.length > 0 ? bindings : [new MessageItem(vscode.l10n.t('Not bound to any node'))];
}

/**
 * The Users view's provider: every panel shown, each with its `UsersPanelTree`, and the view's filter. The
 * active panel's tree takes the whole filter; the others its text and type only (a node filter names one
 * of the active panel's nodes). Switching the active panel clears a node filter's meaning: the filter
 * starts over.
 */
export class UsersTree extends PanelsTree<UsersPanelTree> {
  private currentFilter: UsersFilter = NO_FILTER;
  private readonly filterChanged = new vscode.EventEmitter<UsersFilter>();
  readonly onDidChangeFilter = this.filterChanged.event;
  private readonly watching: vscode.Disposable[];

  constructor(options: Omit<PanelsTreeOptions<UsersPanelTree>, 'create'> & { readonly session: PanelSession }) {
    const session = options.session;
    const view: { tree?: UsersTree } = {};
    super({
      ...options,
      create: (stores) => {
        const tree = new UsersPanelTree(stores.session, stores.users, () => view.tree?.showsAll === false && session.active?.id === stores.session.panelId);
        if (view.tree) tree.setFilter(view.tree.filterFor(stores.session.panelId));
        return tree;
      },
    });
    view.tree = this;
    let activeId = session.active?.id;
    this.watching = [
      session.onDidChange(() => {
        if (session.active?.id === activeId) return;
        activeId = session.active?.id;
        // Another panel: its nodes differ, so a node filter would be meaningless there.
        this.setFilter(NO_FILTER);
      }),
      this.filterChanged,
    ];
  }

  get filter(): UsersFilter {
    return this.currentFilter;
  }

  /** Applies a filter to all six groups of every panel shown, counts included. */
  setFilter(filter: UsersFilter): void {
    const changed = !sameFilter(filter, this.currentFilter);
    this.currentFilter = normalizeFilter(filter);
    for (const panelId of this.options.session.connectedPanels().map((panel) => panel.id)) {
      // Only trees already made: a new one takes the filter when made.
      if (this.shownPanels.includes(panelId) || this.hasTree(panelId)) this.treeOf(panelId)?.setFilter(this.filterFor(panelId));
    }
    if (changed) this.filterChanged.fire(this.currentFilter);
  }

  /** The active panel's tree (what a command without an item acts on). */
  get activeTree(): UsersPanelTree | undefined {
    const activeId = this.options.session.active?.id;
    return activeId === undefined ? undefined : this.treeOf(activeId);
  }

  /** The group item of the active panel showing users of this state, once the counts are loaded. */
  groupOf(state: string): UserGroupItem | undefined {
    return this.activeTree?.groupOf(state);
  }

  /** The rendered item of a key of the active panel, to reveal or act on. */
  itemOf(userId: string): UserItem | undefined {
    return this.activeTree?.itemOf(userId);
  }

  override dispose(): void {
    for (const subscription of this.watching) subscription.dispose();
    super.dispose();
  }

  filterFor(panelId: string): UsersFilter {
    return panelId === this.options.session.active?.id ? this.currentFilter : otherPanelFilter(this.currentFilter);
  }
}

/**
 * Creates the Users view (disposed with the extension); its description shows the filter, or the panel's
 * name and the `/keys/summary` figures when unfiltered, and the context key `panelOps.users.filtered` drives the title bar's clear action.
 */
export function registerUsersView(context: vscode.ExtensionContext, session: PanelSession, panels: PanelStoresLookup, mode: AllPanelsMode): TreeViewParts<UsersTree> {
  const provider = new UsersTree({ session, panels, mode, viewId: USERS_VIEW_ID, viewKey: 'users', summary: panelHealthSummary, watch: watchPanelHealth });
  const view = vscode.window.createTreeView(USERS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
  let summaryWatch: vscode.Disposable | undefined;
  const describe = () => {
    const filtered = isFilterActive(provider.filter);
    // The summary's figures are panel-wide: shown only while no filter narrows the groups.
    const all = provider.showsAll;
    // A panel that is not open keeps its name and level in the description, filtered or not.
    const marked = !all && session.active && session.active.protection !== 'open' ? panelDescription(session) : undefined;
    const figures = all ? '' : provider.activeTree?.summaryText ?? '';
    view.description = filtered ? [marked, describeFilter(provider.filter, vscode.l10n.t)].filter(Boolean).join(' · ') : all ? undefined : [panelDescription(session), figures].filter(Boolean).join(' · ');
    void vscode.commands.executeCommand('setContext', 'panelOps.users.filtered', filtered);
  };
  const follow = () => {
    summaryWatch?.dispose();
    const active = provider.activeTree;
    summaryWatch = active?.onDidChangeSummary(describe);
    if (!provider.showsAll) active?.figuresShown();
    describe();
  };
  follow();
  context.subscriptions.push(onProtectionChange(session, () => provider.refreshItem(undefined)), provider, view, mode.onDidChange(follow), provider.onDidChangeFilter(describe), session.onDidChange(follow), { dispose: () => { summaryWatch?.dispose(); } });
  return { provider, view };
}
