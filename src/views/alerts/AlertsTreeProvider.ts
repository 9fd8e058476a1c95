import * as vscode from 'vscode';
import type { AlertsStore } from '../../state/alertsStore';
import type { ViewSession } from '../../state/panelStores';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import type { Alert } from '../../state/alertsModel';
import { stableIds } from '../shared/stableIds';
import { stateItems } from '../shared/viewMessages';
import { AlertItem, ResolvedGroupItem } from './alertItems';
import type { FleetTree, PanelTree } from '../fleet/fleetTree';
import { markedForPanel } from '../shared/protectionMarks';

/** Unresolved alerts first, then a collapsed "Resolved (N)" group. Loads on first display, then from the store. */
export class AlertsTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, PanelTree {
  /** All connected panels side by side, when that mode is on (set by `registerAlertsView`). */
  fleet: FleetTree<AlertsTreeProvider> | undefined;
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: ViewSession,
    private readonly store: AlertsStore,
  ) {
    this.subscriptions = [store.onDidChange(() => this.changed.fire(undefined)), session.onDidChange(() => this.changed.fire(undefined))];
  }

  /** Redraws one item (an action's temporary state). */
  refreshItem(item?: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  /** The alerts shown right now (unresolved and resolved), for "Resolve All Shown". */
  get shown(): readonly Alert[] {
    const snapshot = this.store.snapshot;
    return snapshot.kind === 'loaded' ? snapshot.list.alerts : [];
  }

  private alertItems(alerts: readonly Alert[], prefix: string): AlertItem[] {
    const ids = stableIds(prefix, alerts.map((alert) => alert.id));
    const panelId = this.session.active?.id ?? '';
    return alerts.map((alert, index) => new AlertItem(alert, ids[index], panelId));
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    // Items of a read-only panel carry the suffix that hides write actions (the item's own panel).
    return markedForPanel(element, this.fleet ? this.fleet.panelRefOf(element) : this.session.active);
  }

  getChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (this.fleet?.handles(element)) return this.fleet.children(element);
    return this.panelChildren(element);
  }

  getParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    return this.fleet?.handles(element) ? this.fleet.parent(element) : undefined;
  }

  panelParent(): vscode.TreeItem | undefined {
    return undefined;
  }

  async panelChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element instanceof ResolvedGroupItem) return this.alertItems(element.alerts, 'alerts/resolved');
    if (element) return [];
    const blocked = stateItems(this.session, 'alerts.list');
    if (blocked) return blocked;
    if (this.store.snapshot.kind === 'empty') await this.store.refresh();
    // The store's change event re-renders with what it loaded; answer with the current snapshot meanwhile.
    const snapshot = this.store.snapshot;
    if (snapshot.kind === 'empty') return stateItems(this.session, 'alerts.list') ?? [];
    if (snapshot.kind === 'failed') return [new ErrorItem(snapshot.error, () => void this.store.refresh())];
    const unresolved = snapshot.list.alerts.filter((alert) => !alert.resolved);
    const resolved = snapshot.list.alerts.filter((alert) => alert.resolved);
    const nodes: vscode.TreeItem[] = this.alertItems(unresolved, 'alerts/unresolved');
    if (unresolved.length === 0) nodes.push(new MessageItem(vscode.l10n.t('No unresolved alerts'), 'pass'));
    if (resolved.length > 0) nodes.push(new ResolvedGroupItem(resolved));
    if (snapshot.list.unreadable > 0) {
      nodes.push(new MessageItem(vscode.l10n.t('{0} alert(s) in the answer could not be read', snapshot.list.unreadable), 'warning'));
    }
    return nodes;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
