import * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import { nodeFailureOf } from '../../api/nodeFailure';
import type { PanelNode } from '../../api/types';
import type { UsersStore } from '../../state/usersStore';
import type { NodeDetailsStore } from '../../state/nodeDetailsStore';
import type { ViewSession } from '../../state/panelStores';
import type { ItemRefresher } from '../../runner/busyItems';
import { nodeLabel } from '../../text/nodeText';
import { plainLabel } from '../../text/plainText';
import { ErrorItem } from '../shared/errorItem';
import { failureItems } from '../shared/failureItems';
import { userPageItems, loadMoreUsers } from '../shared/userPages';
import { MessageItem } from '../shared/messageItem';
import { MissingScopeItem } from '../shared/missingScopeItem';
import { RenderedUsers } from '../shared/renderedUsers';
import { stateItems } from '../shared/viewMessages';
import { scalarFields } from './nodeDescription';
import { siteRows } from './nodeSiteRows';
import { HealthFieldItem, JobItem, type NodeItem, type NodeSectionItem } from './nodeTreeItems';
import { NODES_VIEW_ID } from './nodesViewId';


/**
 * The four sections under a node of one panel: Health, Recent jobs and Site from the node-details store,
 * Users (the node's bound users, a page at a time) from the keys store. Each reads when expanded; a
 * section whose scope the token lacks says so instead of asking.
 */
export class NodeSections implements vscode.Disposable {
  private readonly renderedUsers = new RenderedUsers();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: ViewSession,
    private readonly users: UsersStore,
    private readonly details: NodeDetailsStore,
    /** Redraws an item of the panel's tree. */
    private readonly owner: ItemRefresher & { refresh(element?: vscode.TreeItem): unknown },
    /** The users sections shown now. */
    userSections: () => readonly NodeSectionItem[],
    /** The section of a node, when shown. */
    sectionOf: (nodeId: string, kind: NodeSectionItem['kind']) => NodeSectionItem | undefined,
  ) {
    this.subscriptions = [
      details.onDidChange((change) => {
        if (change.kind !== 'item') return; // a reset: the node items are read again with the list
        if (change.id.loaded) return; // a section's own first read: it shows the answer already
        const section = sectionOf(change.id.nodeId, change.id.detail);
        if (section) owner.refreshItem(section);
      }),
      users.onDidChange((change) => {
        if (change.kind === 'item') {
          const user = users.get(change.id);
          if (!user) return;
          for (const item of this.renderedUsers.itemsOf(change.id)) {
            item.show(user);
            owner.refreshItem(item);
          }
        } else if (change.kind === 'list') {
          for (const section of userSections()) if (change.list && section.list === change.list) owner.refreshItem(section);
        } else {
          for (const section of userSections()) {
            if (!section.list) continue;
            section.list = undefined;
            owner.refreshItem(section);
          }
        }
      }),
    ];
  }

  async children(section: NodeSectionItem): Promise<vscode.TreeItem[]> {
    const retry = () => void this.owner.refresh(section);
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

  /** Reads one section again: the users' pages start over, a detail is forgotten (its change redraws it). */
  refresh(section: NodeSectionItem): void {
    if (section.kind === 'users') {
      section.list?.pages.reset();
      section.list = undefined;
      this.owner.refreshItem(section);
    } else {
      this.details.forget(section.parent.node.id, [section.kind]);
    }
  }

  /** Forgets what the sections of a node hold (its users' pages, its details): they read again when shown. */
  forgetNode(item: NodeItem): void {
    for (const section of item.sections) {
      // As a section's own refresh does: the keys store hands the same list back, so forget its pages.
      section.list?.pages.reset();
      section.list = undefined;
      this.renderedUsers.forget(section.id ?? '');
    }
    this.details.forget(item.node.id);
  }

  /** Forgets every section's users. */
  clear(): void {
    this.renderedUsers.clear();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
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
    const list = (section.list ??= this.users.list({ node: section.parent.node.id }));
    const loadMore = () =>
      void loadMoreUsers(this.users, list, NODES_VIEW_ID, () => section.list === list, () => this.owner.refreshItem(section));
    if (!list.pages.started && list.pages.error === undefined) await this.users.loadNext(list);
    if (section.list !== list) return [];
    const children = userPageItems(list, section.id ?? '', this.session, this.owner, loadMore);
    this.renderedUsers.set(section.id ?? '', children);
    return children;
  }
}

/** A 503 from a node route means the node is offline (spec part 7, decided by `nodeFailureOf`). */
function offlineNode(error: unknown, node: PanelNode, retry: () => void): vscode.TreeItem | undefined {
  if (nodeFailureOf(error) !== 'offline') return undefined;
  const reason = vscode.l10n.t('{0} is offline: the panel cannot reach it (HTTP 503)', plainLabel(nodeLabel(node, vscode.l10n.t), 80));
  return new ErrorItem(new Error(reason), retry);
}

/** A read superseded meanwhile shows what the session says now (e.g. the reconnect node after a 401), else nothing. */
export function superseded(session: ViewSession): vscode.TreeItem[] {
  return stateItems(session, 'nodes.list') ?? [];
}

function jobsScopeNode(session: ViewSession): vscode.TreeItem {
  const item = new MissingScopeItem('nodes.jobs', session.capabilities.wasDenied('nodes.jobs'));
  item.description = session.capabilities.explain('nodes.jobs');
  return item;
}
