import * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import { nodeFailureOf } from '../../api/nodeFailure';
import type { PanelNode } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
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
import { HealthFieldItem, JobItem, NodeItem, NodeSectionItem } from './nodeTreeItems';
import { NodesDragAndDrop } from './nodesDragAndDrop';

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
export class NodesTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  private nodes: vscode.TreeItem[] | undefined;
  private readonly itemsById = new Map<string, NodeItem>();
  private readonly rootLoad = new LatestLoad<vscode.TreeItem[]>();
  /** Re-reads of one node (`refresh(item)`), by node id: a full refresh cancels them. */
  private readonly nodeReads = new Map<string, LatestLoad<void>>();
  private readonly renderedUsers = new RenderedUsers();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: PanelSession,
    private readonly store: NodesStore,
    private readonly keys: KeysStore,
    private readonly details: NodeDetailsStore,
  ) {
    this.subscriptions = [
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
  refreshItem(item: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  /** For `reveal` (selecting a node from code): a node is at the root, a section under its node. */
  getParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    return element instanceof NodeSectionItem ? element.parent : undefined;
  }

  getChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]> {
    if (!element) return this.rootChildren();
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
    if (this.nodes) return this.nodes;
    return this.rootLoad.join(async (signal) => {
      try {
        const items = await this.store.load(signal);
        return signal.aborted ? superseded(this.session) : this.showNodes(items, new Map());
      } catch (error) {
        return signal.aborted ? superseded(this.session) : failureItems(error, this.session, 'nodes.list', () => void this.refresh());
      }
    });
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
    this.itemsById.clear();
    this.renderedUsers.clear();
  }
}

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
function superseded(session: PanelSession): vscode.TreeItem[] {
  return stateItems(session, 'nodes.list') ?? [];
}

function jobsScopeNode(session: PanelSession): vscode.TreeItem {
  const item = new MissingScopeItem('nodes.jobs', session.capabilities.wasDenied('nodes.jobs'));
  item.description = session.capabilities.explain('nodes.jobs');
  return item;
}

/**
 * Creates the Nodes view (disposed with the extension); its description shows the active panel's name.
 * Nodes can be dragged onto another node to go before it; `reorder` sends the new order to the panel.
 */
export function registerNodesView(context: vscode.ExtensionContext, session: PanelSession, store: NodesStore, keys: KeysStore, details: NodeDetailsStore): NodesViewParts {
  const provider = new NodesTreeProvider(session, store, keys, details);
  const dragAndDrop = new NodesDragAndDrop(store);
  const view = vscode.window.createTreeView(NODES_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true, dragAndDropController: dragAndDrop });
  const describe = () => { view.description = panelDescription(session); };
  describe();
  context.subscriptions.push(provider, view, session.onDidChange(describe));
  return { provider, view, dragAndDrop };
}
