import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { TreeViewParts } from '../shared/treeViewParts';
import { panelDescription } from '../shared/viewMessages';
import type { UserGroupItem, UserItem } from '../shared/userTreeItems';
import { PanelsTree, type PanelsTreeOptions } from '../shared/panelsTree';
import type { UsersPanelTree } from './usersPanelTree';
import type { AllPanelsMode } from '../shared/allPanelsMode';
import { panelHealthSummary, watchPanelHealth } from '../shared/panelHealth';
import { NO_FILTER, describeFilter, isFilterActive, normalizeFilter, sameFilter, type UsersFilter } from './usersFilterModel';
import { onProtectionChange } from '../shared/protectionMarks';
import { inReadingOrder } from '../../text/bidi';
import { setContextKey } from '../../connection/contextKey';

/** Kept here for the modules that import it from the Users view. */
export type { TreeViewParts };

export { USERS_VIEW_ID } from './usersViewId';
import { USERS_VIEW_ID } from './usersViewId';

function otherPanelFilter(filter: UsersFilter): UsersFilter {
  return normalizeFilter({ q: filter.q, type: filter.type });
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
        // Each panel's tree is in the bundle loaded with the first connected panel (esbuild.mjs: dist/features/panel.js).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const tree = new (require('./usersPanelTree') as typeof import('./usersPanelTree')).UsersPanelTree(stores.session, stores.users, () => view.tree?.showsAll === false && session.active?.id === stores.session.panelId);
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
  const provider = new UsersTree({ session, panels, mode, viewKey: 'users', summary: panelHealthSummary, watch: watchPanelHealth });
  const view = vscode.window.createTreeView(USERS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true });
  let summaryWatch: vscode.Disposable | undefined;
  const describe = () => {
    const filtered = isFilterActive(provider.filter);
    // The summary's figures are panel-wide: shown only while no filter narrows the groups.
    const all = provider.showsAll;
    // A panel that is not open keeps its name and level in the description, filtered or not.
    const marked = !all && session.active && session.active.protection !== 'open' ? panelDescription(session.active) : undefined;
    const figures = all ? '' : provider.activeTree?.summaryText ?? '';
    const description = filtered ? [marked, describeFilter(provider.filter, vscode.l10n.t)].filter(Boolean).join(' · ') : all ? undefined : [panelDescription(session.active), figures].filter(Boolean).join(' · ');
    view.description = description && inReadingOrder(description);
    setContextKey('panelOps.users.filtered', filtered);
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
