import * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import { nodeFailureOf } from '../../api/nodeFailure';
import type { PanelNode } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { ViewSession } from '../../state/panelStores';
import type { KeysStore } from '../../state/keysStore';
import { LatestLoad } from '../../state/latestLoad';
import type { NodeDetailsStore } from '../../state/nodeDetailsStore';
import type { NodesStore } from '../../state/nodesStore';
import { progressInView } from '../../runner/actionRunner';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import { MissingScopeItem } from '../shared/missingScopeItem';
import { plainLabel } from '../../text/plainText';
import { panelDescription, stateItems } from '../shared/viewMessages';
import { failureItems } from '../users/failureItems';
import { keyPageItems, loadMoreKeys } from '../users/keyPages';
import { RenderedUsers } from '../users/renderedUsers';
import { UserItem } from '../users/userTreeItems';
import type { TreeViewParts } from '../shared/treeViewParts';
import { scalarFields } from './nodeDescription';
import { nodeLabel } from '../../text/nodeText';
import { siteRows } from './nodeSiteRows';
import { HealthFieldItem, JobItem, NodeGroupItem, NodeItem, NodeSectionItem } from './nodeTreeItems';
import { NodesDragAndDrop } from './nodesDragAndDrop';
import type { NodesDisplay } from './nodesDisplay';
import { groupLabel, groupNodes, matchesNameFilter, type NodeStatusGroup } from './fleetGroups';
import type { PanelTree } from '../fleet/fleetTree';
import { FleetTree } from '../fleet/fleetTree';
import type { AllPanelsMode } from '../fleet/allPanelsMode';
import type { StoresFor } from '../../state/panelStores';
import { addCounts, countFleet, fleetSummary, NO_NODES, type FleetCounts } from './fleetGroups';
import { panelHealthSummary, watchPanelHealth } from '../fleet/panelHealth';
import { markedForPanel, onProtectionChange } from '../shared/protectionMarks';

/** What the composition root gets back: the provider, its view and the drag-and-drop controller. */
export interface NodesViewParts extends TreeViewParts<NodesTreeProvider> {
  readonly dragAndDrop: NodesDragAndDrop;
}

export const NODES_VIEW_ID = 'panelOps.nodes';

/**
 * The Nodes view: every node (the nodes store), and under each its health, recent apply jobs and site (the
 * node-details store) and bound users (the keys store), read when expanded. The view renders what the
 * stores hold: a refresh of one node or section, or an action's change to one, redraws that element only;
 * a full refresh (or a change of panel, token state or scope belief) cancels every read still in flight.
 */
export class NodesTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, PanelTree {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  private nodes: vscode.TreeItem[] | undefined;
  private readonly itemsById = new Map<string, NodeItem>();
  private readonly rootLoad = new LatestLoad<vscode.TreeItem[]>();
  /** Re-reads of one node (`refresh(item)`), by node id: a full refresh cancels them. */
  private readonly nodeReads = new Map<string, LatestLoad<void>>();
  private readonly renderedUsers = new RenderedUsers();
  private readonly subscriptions: vscode.Disposable[];
  /** What the root shows under the grouping and filter (computed from `nodes`), and each node's group. */
  private shown: vscode.TreeItem[] | undefined;
  private readonly groupOfNode = new Map<NodeItem, NodeGroupItem>();
  /** All connected panels side by side, when that mode is on (set by `registerNodesView`). */
  fleet: FleetTree<NodesTreeProvider> | undefined;

  constructor(
    private readonly session: ViewSession,
    private readonly store: NodesStore,
    private readonly keys: KeysStore,
    private readonly details: NodeDetailsStore,
    private readonly display?: NodesDisplay,
  ) {
    this.subscriptions = [
      ...(display ? [display.onDidChange(() => {
        this.shown = undefined;
        this.changed.fire(undefined);
      })] : []),
      store.onDidLoad(() => this.showStoreList()),
      // The Jobs, Users and Site sections under each node read `nodes.jobs`, `keys.list` and `nodes.site.get`.
      session.onDidChangePanel(['nodes.list', 'nodes.jobs', 'keys.list', 'nodes.site.get'], () => {
        this.reset();
        this.changed.fire(undefined);
      }),
      store.onDidChangeNode((id) => {
        const item = this.itemsById.get(id);
        const node = store.get(id);
        if (!item || !node) return;
        item.problem = store.problem(id);
        item.show(node);
        // A node that changes group (it went offline, was applied) moves: the root is arranged again.
        const group = this.groupOfNode.get(item);
        if (group && this.display?.grouping === 'status' && groupNodes([item], 'status', (one) => ({ node: one.node, problem: item.problem }))[0]?.key !== group.key) {
          this.shown = undefined;
          this.changed.fire(undefined);
          return;
        }
        this.changed.fire(item);
      }),
      store.onDidChangeList(() => this.showStoreList()),
      details.onDidChangeDetail(({ nodeId, detail }) => {
        const section = this.itemsById.get(nodeId)?.sections.find((candidate) => candidate.kind === detail);
        if (section) this.changed.fire(section);
      }),
      keys.onDidChangeKey((id) => {
        const key = keys.get(id);
        if (!key) return;
        for (const item of this.renderedUsers.itemsOf(id)) {
          item.show(key);
          this.changed.fire(item);
        }
      }),
      keys.onDidChangeList((list) => {
        for (const section of this.userSections()) if (section.list === list) this.changed.fire(section);
      }),
      keys.onDidReset(() => {
        for (const section of this.userSections()) {
          if (!section.list) continue;
          section.list = undefined;
          this.changed.fire(section);
        }
      }),
    ];
  }

  /** The item showing a node, once the list is loaded. */
  itemOf(nodeId: string): NodeItem | undefined {
    return this.itemsById.get(nodeId);
  }

  /** Redraws one item (an action's temporary state). */
  refreshItem(item?: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    // Items of a read-only panel carry the suffix that hides write actions (the item's own panel).
    return markedForPanel(element, this.fleet ? this.fleet.panelRefOf(element) : this.session.active);
  }

  /** For `reveal` (selecting a node from code): a node is at the root, a section under its node. */
  getParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (this.fleet?.handles(element)) return this.fleet.parent(element);
    return this.panelParent(element);
  }

  getChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (this.fleet?.handles(element)) return this.fleet.children(element);
    return this.panelChildren(element);
  }

  /** The nodes the store holds now (the panel's order), as this view filters them. */
  get shownNodes(): readonly PanelNode[] | undefined {
    const nodes = this.store.nodes;
    if (!nodes) return undefined;
    const filter = this.display?.filter ?? '';
    return filter ? nodes.filter((node) => matchesNameFilter(node, filter, vscode.l10n.t)) : nodes;
  }

  panelParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (element instanceof NodeSectionItem) return element.parent;
    if (element instanceof NodeItem) return this.groupOfNode.get(element);
    return undefined;
  }

  panelChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (!element) return this.rootChildren();
    if (element instanceof NodeGroupItem) return [...element.nodes];
    if (element instanceof NodeItem) return [...element.sections];
    if (element instanceof NodeSectionItem) return this.sectionChildren(element);
    if (element instanceof UserItem) {
      const bindings = element.bindingItems();
      return bindings.length > 0 ? bindings : [new MessageItem(vscode.l10n.t('Not bound to any node'))];
    }
    return [];
  }

  /** Reloads one node (re-read with `GET /nodes/{id}`), one section, or everything. */
  async refresh(element?: vscode.TreeItem): Promise<void> {
    const owner = element && this.fleet?.handles(element) ? this.fleet.ownerOf(element) : this;
    if (owner !== this) return owner.refresh(element);
    if (element && this.fleet?.handles(element) && !(element instanceof NodeItem || element instanceof NodeSectionItem)) element = undefined;
    if (element instanceof NodeSectionItem) {
      if (element.kind === 'users') {
        element.list?.pages.reset();
        element.list = undefined;
        this.changed.fire(element);
      } else {
        this.details.refresh(element.parent.node.id, [element.kind]); // its change event redraws the section
      }
    } else if (element instanceof NodeItem) {
      await this.refreshNode(element);
    } else {
      this.session.capabilities.forgetDenials('nodes.list');
      if (this.fleet?.enabled) for (const other of this.fleet.otherTrees()) void other.refresh();
      this.reset();
      this.details.reset();
      this.changed.fire(undefined);
    }
  }

  dispose(): void {
    this.reset();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }

  private rootChildren(): vscode.TreeItem[] | Promise<vscode.TreeItem[]> {
    const blocked = stateItems(this.session, 'nodes.list');
    if (blocked) return blocked;
    if (this.nodes) return this.arranged();
    return this.rootLoad.join(async (signal) => {
      try {
        const items = await this.store.load(signal);
        if (signal.aborted) return superseded(this.session);
        this.showNodes(items, new Map());
        return this.arranged();
      } catch (error) {
        return signal.aborted ? superseded(this.session) : failureItems(error, this.session, 'nodes.list', () => void this.refresh());
      }
    });
  }

  /** The root as shown: the node items filtered by name and grouped as the view is set to. */
  private arranged(): vscode.TreeItem[] {
    if (this.shown) return this.shown;
    const all = this.nodes ?? [];
    const filter = this.display?.filter ?? '';
    const grouping = this.display?.grouping ?? 'none';
    this.groupOfNode.clear();
    const nodeItems = all.filter((item): item is NodeItem => item instanceof NodeItem);
    if (nodeItems.length === 0) return (this.shown = all);
    const matching = filter ? nodeItems.filter((item) => matchesNameFilter(item.node, filter, vscode.l10n.t)) : nodeItems;
    if (matching.length === 0) return (this.shown = [new MessageItem(vscode.l10n.t('No nodes match "{0}"', filter), 'filter')]);
    if (grouping === 'none') return (this.shown = matching);
    const groups = groupNodes(matching, grouping, (item) => ({ node: item.node, problem: this.store.problem(item.node.id) }));
    this.shown = groups.map((group) => {
      const item = new NodeGroupItem(group.key, groupLabel(grouping, group.key, group.nodes.length, vscode.l10n.t), group.nodes, grouping, grouping === 'status' ? STATUS_GROUP_ICONS[group.key as NodeStatusGroup] : 'globe');
      for (const node of group.nodes) this.groupOfNode.set(node, item);
      return item;
    });
    return this.shown;
  }

  /**
   * Makes the root items for `nodes` in their order, keeping the items of nodes already shown (their
   * sections keep what they loaded) and the store's last problem of each node.
   */
  private showNodes(nodes: readonly PanelNode[], kept: ReadonlyMap<string, NodeItem>): vscode.TreeItem[] {
    const now = Date.now();
    const panelId = this.session.active?.id ?? '';
    const nodeItems = uniqueById(nodes.map((node) => {
      const item = kept.get(node.id) ?? new NodeItem(node, panelId, now);
      item.problem = this.store.problem(node.id);
      item.show(node, now);
      return item;
    }));
    this.itemsById.clear();
    for (const item of nodeItems) this.itemsById.set(item.node.id, item);
    this.nodes = nodeItems.length > 0 ? nodeItems : [new MessageItem(vscode.l10n.t('No nodes'))];
    this.shown = undefined;
    return this.nodes;
  }

  /** The store's list changed (a node created or deleted, a new order): redraw the root from it, no request. */
  private showStoreList(): void {
    const nodes = this.store.nodes;
    if (!this.nodes || !nodes) return;
    this.showNodes(nodes, new Map(this.itemsById));
    this.changed.fire(undefined);
  }

  private async sectionChildren(section: NodeSectionItem): Promise<vscode.TreeItem[]> {
    const retry = () => void this.refresh(section);
    const node = section.parent.node;
    switch (section.kind) {
      case 'health': {
        const health = await this.details.load(node.id, 'health');
        return this.detailItems(health, 'nodes.health', retry, (value) => {
          const rows = scalarFields(value, vscode.l10n.t);
          return rows.length > 0
            ? rows.map(([name, field], index) => new HealthFieldItem(name, field, `${section.id}/${index}`))
            : [new MessageItem(vscode.l10n.t('The panel sent no health details'))];
        }, (error) => offlineNode(error, node, retry));
      }
      case 'jobs': {
        // Job history is a sensitive read (spec 5.8): without nodes:write, say so instead of asking.
        if (!this.session.capabilities.can('nodes.jobs')) return [jobsScopeNode(this.session)];
        const jobs = await this.details.load(node.id, 'jobs');
        return this.detailItems(jobs, 'nodes.jobs', retry, (value) => {
          const now = Date.now();
          const items = value.map((job, index) => new JobItem(job, `${section.id}/${index}`, now));
          return items.length > 0 ? items : [new MessageItem(vscode.l10n.t('No apply jobs yet'))];
        });
      }
      case 'users':
        return this.nodeUsers(section);
      case 'site': {
        if (!this.session.capabilities.can('nodes.site.get')) return [new MissingScopeItem('nodes.site.get', this.session.capabilities.wasDenied('nodes.site.get'))];
        const site = await this.details.load(node.id, 'site');
        return this.detailItems(site, 'nodes.site.get', retry, (value) =>
          siteRows(value, vscode.l10n.t).map(([name, field], index) => new HealthFieldItem(name, field, `${section.id}/${index}`, 'siteField')));
      }
    }
  }

  /**
   * The items of a detail the store holds, or the nodes that explain its failure (`special` may claim an
   * error first, e.g. a 503 for an offline node); a read superseded meanwhile shows what the session says now.
   */
  private detailItems<V>(
    detail: { readonly kind: 'loaded'; readonly value: V } | { readonly kind: 'failed'; readonly error: unknown } | undefined,
    route: RouteId,
    retry: () => void,
    items: (value: V) => vscode.TreeItem[],
    special?: (error: unknown) => vscode.TreeItem | undefined,
  ): vscode.TreeItem[] {
    if (!detail) return superseded(this.session);
    if (detail.kind === 'loaded') return items(detail.value);
    const claimed = special?.(detail.error);
    return claimed ? [claimed] : failureItems(detail.error, this.session, route, retry);
  }

  private async nodeUsers(section: NodeSectionItem): Promise<vscode.TreeItem[]> {
    if (!this.session.capabilities.can('keys.list')) {
      return [new MissingScopeItem('keys.list', this.session.capabilities.wasDenied('keys.list'))];
    }
    const list = (section.list ??= this.keys.list({ node: section.parent.node.id }));
    const loadMore = () =>
      void loadMoreKeys(this.keys, list, NODES_VIEW_ID, () => section.list === list, () => this.changed.fire(section));
    if (!list.pages.started && list.pages.error === undefined) await this.keys.loadNext(list);
    if (section.list !== list) return [];
    const children = keyPageItems(list, section.id ?? '', this.session, this, loadMore);
    this.renderedUsers.set(section.id ?? '', children);
    return children;
  }

  private async refreshNode(item: NodeItem): Promise<void> {
    const id = item.node.id;
    let reads = this.nodeReads.get(id);
    if (!reads) {
      reads = new LatestLoad<void>();
      this.nodeReads.set(id, reads);
    }
    const read = reads;
    // Tracked with the other loads, so a full refresh or a change of panel cancels the request.
    await read.start(async (signal) => {
      try {
        // Nothing in the tree spins for this one (no children are loading): the view shows the progress.
        // The store's change event shows the node's new copy on its item.
        const refreshed = this.store.refresh(id, signal);
        progressInView(NODES_VIEW_ID, refreshed);
        await refreshed;
        if (signal.aborted) return;
      } catch {
        if (signal.aborted) return;
        // The whole list is re-read instead: the node may be gone, or the reason shows as an error node.
        this.reset();
        this.changed.fire(undefined);
        return;
      } finally {
        if (this.nodeReads.get(id) === read && !signal.aborted) this.nodeReads.delete(id);
      }
      for (const section of item.sections) {
        // As a section's own refresh does: the keys store hands the same list back, so forget its pages.
        section.list?.pages.reset();
        section.list = undefined;
        this.renderedUsers.forget(section.id ?? '');
      }
      this.details.refresh(id);
      this.changed.fire(item);
    });
  }

  private userSections(): NodeSectionItem[] {
    return [...this.itemsById.values()].map((item) => item.sections.find((section) => section.kind === 'users')).filter((section): section is NodeSectionItem => section !== undefined);
  }

  private reset(): void {
    this.rootLoad.cancel();
    for (const reads of this.nodeReads.values()) reads.cancel();
    this.nodeReads.clear();
    this.nodes = undefined;
    this.shown = undefined;
    this.groupOfNode.clear();
    this.itemsById.clear();
    this.renderedUsers.clear();
  }
}

const STATUS_GROUP_ICONS: Record<NodeStatusGroup, string> = {
  offline: 'error',
  degraded: 'warning',
  failedApply: 'close',
  notApplied: 'circle-filled',
  healthy: 'pass',
};

/**
 * A node the panel lists twice (or two ids that read the same once made plain) is shown once: VS Code
 * refuses a view whose items repeat an id, which would leave the whole Nodes view in error.
 */
function uniqueById(items: NodeItem[]): NodeItem[] {
  const seen = new Set<string | undefined>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

/** A 503 from a node route means the node is offline (spec part 7, decided by `nodeFailureOf`). */
function offlineNode(error: unknown, node: PanelNode, retry: () => void): vscode.TreeItem | undefined {
  if (nodeFailureOf(error) !== 'offline') return undefined;
  const reason = vscode.l10n.t('{0} is offline: the panel cannot reach it (HTTP 503)', plainLabel(nodeLabel(node, vscode.l10n.t), 80));
  return new ErrorItem(new Error(reason), retry);
}

/** A read superseded meanwhile shows what the session says now (e.g. the reconnect node after a 401), else nothing. */
function superseded(session: ViewSession): vscode.TreeItem[] {
  return stateItems(session, 'nodes.list') ?? [];
}

function jobsScopeNode(session: ViewSession): vscode.TreeItem {
  const item = new MissingScopeItem('nodes.jobs', session.capabilities.wasDenied('nodes.jobs'));
  item.description = session.capabilities.explain('nodes.jobs');
  return item;
}

/** What the Nodes view is built from besides the active panel's stores. */
export interface NodesViewSources {
  readonly storesFor: StoresFor;
  readonly mode: AllPanelsMode;
  readonly display: NodesDisplay;
}

/**
 * Creates the Nodes view (disposed with the extension). Its description summarises the fleet shown ("200
 * nodes · 4 offline · 3 not applied", every panel summed in all-panels mode), after the active panel's name
 * in active-panel mode and with the name filter while one is set. Nodes can be dragged onto another node
 * to go before it; `reorder` sends the new order to the panel.
 */
export function registerNodesView(context: vscode.ExtensionContext, session: PanelSession, store: NodesStore, keys: KeysStore, details: NodeDetailsStore, sources: NodesViewSources): NodesViewParts {
  const { storesFor, mode, display } = sources;
  const provider = new NodesTreeProvider(session, store, keys, details, display);
  const fire = (element: vscode.TreeItem | undefined) => provider.refreshItem(element);
  let describe = () => undefined as void;
  provider.fleet = new FleetTree<NodesTreeProvider>({
    session, mode, storesFor, viewKey: 'nodes', own: provider, fire,
    create: (stores) => new NodesTreeProvider(stores.session, stores.nodes, stores.keys, stores.nodeDetails, display),
    summary: panelHealthSummary,
    watch: (stores, changed) => watchPanelHealth(stores, () => { changed(); describe(); }),
  });
  const dragAndDrop = new NodesDragAndDrop((panelId) => storesFor(panelId)?.nodes);
  const view = vscode.window.createTreeView(NODES_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true, dragAndDropController: dragAndDrop });
  describe = () => {
    const all = provider.fleet?.enabled === true;
    const panels = all ? session.connectedPanels().map((panel) => panel.id) : session.active ? [session.active.id] : [];
    let counts: FleetCounts | undefined;
    for (const panelId of panels) {
      const stores = storesFor(panelId);
      const nodes = stores?.nodes.nodes;
      if (!stores || !nodes) continue;
      const shown = display.filter ? nodes.filter((node) => matchesNameFilter(node, display.filter, vscode.l10n.t)) : nodes;
      counts = addCounts(counts ?? NO_NODES, countFleet(shown, (id) => typeof id === 'string' ? stores.nodes.problem(id) : undefined));
    }
    view.description = [
      all ? undefined : panelDescription(session),
      display.filter ? vscode.l10n.t('filter: {0}', plainLabel(display.filter, 40)) : undefined,
      counts && fleetSummary(counts, vscode.l10n.t),
    ].filter(Boolean).join(' · ');
  };
  describe();
  context.subscriptions.push(
    onProtectionChange(session, () => provider.refreshItem(undefined)), provider, view, provider.fleet, session.onDidChange(describe), mode.onDidChange(describe), display.onDidChange(describe),
    store.onDidLoad(describe), store.onDidChangeList(describe), store.onDidChangeNode(describe),
  );
  return { provider, view, dragAndDrop };
}
