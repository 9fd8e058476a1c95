import * as vscode from 'vscode';
import type { PanelNode } from '../../api/types';
import type { UsersStore } from '../../state/usersStore';
import { LatestLoad } from '../../state/latestLoad';
import type { NodeDetailsStore } from '../../state/nodeDetailsStore';
import type { NodesStore } from '../../state/nodesStore';
import type { ViewSession } from '../../state/panelStores';
import { progressInView } from '../../runner/actionRunner';
import { groupLabel, groupNodes, matchesNameFilter, type NodeStatusGroup } from '../shared/nodeGroups';
import { failureItems } from '../shared/failureItems';
import { MessageItem } from '../shared/messageItem';
import type { OnePanelTree } from '../shared/panelsTree';
import { stateItems } from '../shared/viewMessages';
import { UserItem } from '../shared/userTreeItems';
import { NodeSections, superseded } from './nodeSections';
import { NODES_VIEW_ID } from './nodesViewId';
import { NodeGroupItem, NodeItem, NodeSectionItem } from './nodeTreeItems';
import type { NodesDisplay } from './nodesDisplay';

/**
 * The Nodes view of ONE panel: every node (the nodes store), grouped and filtered as the view is set to,
 * and under each its sections (`NodeSections`). The tree renders what the stores hold: a store's change of
 * one node redraws that node only, a new list the root; a refresh of one node or section redraws that
 * element only; a full refresh (or a change of the panel's token state or scope belief) cancels every read
 * still in flight.
 */
export class NodesPanelTree implements OnePanelTree {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  private nodes: vscode.TreeItem[] | undefined;
  private readonly itemsById = new Map<string, NodeItem>();
  private readonly rootLoad = new LatestLoad<vscode.TreeItem[]>();
  /** Re-reads of one node (`refresh(item)`), by node id: a full refresh cancels them. */
  private readonly nodeReads = new Map<string, LatestLoad<void>>();
  private readonly sections: NodeSections;
  private readonly subscriptions: vscode.Disposable[];
  /** What the root shows under the grouping and filter (computed from `nodes`), and each node's group. */
  private shown: vscode.TreeItem[] | undefined;
  private readonly groupOfNode = new Map<NodeItem, NodeGroupItem>();
  /** Set by a full refresh: the next root read asks the panel, not what the store holds. */
  private readAgain = false;

  constructor(
    private readonly session: ViewSession,
    private readonly store: NodesStore,
    users: UsersStore,
    private readonly details: NodeDetailsStore,
    private readonly display?: NodesDisplay,
  ) {
    this.sections = new NodeSections(session, users, details, this, () => this.userSections(),
      (nodeId, kind) => this.itemsById.get(nodeId)?.sections.find((section) => section.kind === kind));
    this.subscriptions = [
      this.sections,
      ...(display ? [display.onDidChange(() => {
        this.shown = undefined;
        this.changed.fire(undefined);
      })] : []),
      // The Jobs, Users and Site sections under each node read `nodes.jobs`, `keys.list` and `nodes.site.get`.
      session.onDidChangePanel(['nodes.list', 'nodes.jobs', 'keys.list', 'nodes.site.get'], () => {
        this.reset();
        this.changed.fire(undefined);
      }),
      store.onDidChange((change) => {
        if (change.kind === 'item') this.showNode(change.id);
        else this.showStoreList();
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

  /** The nodes the store holds now (the panel's order), as this view filters them. */
  get shownNodes(): readonly PanelNode[] | undefined {
    const nodes = this.store.held;
    if (!nodes) return undefined;
    const filter = this.display?.filter ?? '';
    return filter ? nodes.filter((node) => matchesNameFilter(node, filter, vscode.l10n.t)) : nodes;
  }

  parent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (element instanceof NodeSectionItem) return element.parent;
    if (element instanceof NodeItem) return this.groupOfNode.get(element);
    return undefined;
  }

  children(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (!element) return this.rootChildren();
    if (element instanceof NodeGroupItem) return [...element.nodes];
    if (element instanceof NodeItem) return [...element.sections];
    if (element instanceof NodeSectionItem) return this.sections.children(element);
    if (element instanceof UserItem) {
      const bindings = element.bindingItems();
      return bindings.length > 0 ? bindings : [new MessageItem(vscode.l10n.t('Not bound to any node'))];
    }
    return [];
  }

  /** Reloads one node (re-read with `GET /nodes/{id}`), one section, or everything. */
  async refresh(element?: vscode.TreeItem): Promise<void> {
    if (element instanceof NodeSectionItem) {
      this.sections.refresh(element);
    } else if (element instanceof NodeItem) {
      await this.refreshNode(element);
    } else {
      this.session.capabilities.forgetDenials('nodes.list');
      this.reset();
      this.readAgain = true;
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
    // What the store holds already (read by the panels watcher, or before a switch of panel) is shown as is.
    const held = this.readAgain ? undefined : this.store.held;
    if (held) {
      this.showNodes(held, new Map());
      return this.arranged();
    }
    return this.rootLoad.join(async (signal) => {
      try {
        const items = await (this.readAgain ? this.store.refresh(undefined, signal) : this.store.load(signal));
        if (signal.aborted) return superseded(this.session);
        this.readAgain = false;
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
    const panelId = this.session.panel?.id ?? '';
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

  /** One node changed in the store: its item shows the new copy; a node that changes group moves. */
  private showNode(id: string): void {
    const item = this.itemsById.get(id);
    const node = this.store.get(id);
    if (!item || !node) return;
    item.problem = this.store.problem(id);
    item.show(node);
    // A node that changes group (it went offline, was applied) moves: the root is arranged again.
    const group = this.groupOfNode.get(item);
    if (group && this.display?.grouping === 'status' && groupNodes([item], 'status', (one) => ({ node: one.node, problem: item.problem }))[0]?.key !== group.key) {
      this.shown = undefined;
      this.changed.fire(undefined);
      return;
    }
    this.changed.fire(item);
  }

  /** The store's list changed (a node created or deleted, a new order): redraw the root from it, no request. */
  private showStoreList(): void {
    const nodes = this.store.held;
    if (!this.nodes || !nodes) return;
    this.showNodes(nodes, new Map(this.itemsById));
    this.changed.fire(undefined);
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
      this.sections.forgetNode(item);
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
    this.sections.clear();
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
