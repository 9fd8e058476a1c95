import * as vscode from 'vscode';
import { alertKey, type AlertsStore } from '../../state/alertsStore';
import type { ViewSession } from '../../state/panelStores';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import type { Alert } from '../../state/alertsModel';
import { stableIds } from '../shared/stableIds';
import { stateItems } from '../shared/viewMessages';
import { AlertItem, ResolvedGroupItem } from './alertItems';
import type { OnePanelTree } from '../shared/panelsTree';
import { numberText } from '../../text/displayLanguage';

/**
 * The Alerts view of ONE panel: unresolved alerts first, then a collapsed "Resolved (N)" group. Loads on
 * first display, then from the store.
 */
export class AlertsPanelTree implements OnePanelTree {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  /** The items shown, by `alertKey`, so a change of one alert redraws its item only. */
  private readonly itemsByKey = new Map<string, AlertItem>();

  constructor(
    private readonly session: ViewSession,
    private readonly store: AlertsStore,
  ) {
    this.subscriptions = [
      store.onDidChange((change) => {
        if (change.kind === 'item') this.showAlert(change.id);
        else this.redrawAll();
      }),
      session.onDidChangePanel(['alerts.list'], () => this.redrawAll()),
    ];
  }

  /** One alert's fields changed in the store: its item shows the new copy; one resolved (or reopened) moves, so the root redraws. */
  private showAlert(key: string): void {
    const item = this.itemsByKey.get(key);
    const alert = this.store.get(key);
    if (!item || !alert || item.alert.resolved !== alert.resolved) {
      this.redrawAll();
      return;
    }
    item.show(alert);
    this.changed.fire(item);
  }

  private redrawAll(): void {
    this.itemsByKey.clear();
    this.changed.fire(undefined);
  }

  /** Redraws one item (an action's temporary state). */
  refreshItem(item?: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  /** The alerts shown right now (unresolved and resolved), for "Resolve All Shown". */
  get shown(): readonly Alert[] {
    const held = this.store.held;
    return held.kind === 'loaded' ? held.list.alerts : [];
  }

  private alertItems(alerts: readonly Alert[], prefix: string): AlertItem[] {
    const ids = stableIds(prefix, alerts.map((alert) => alert.id));
    const panelId = this.session.panel?.id ?? '';
    // An alert already shown under the same id keeps its item (shown afresh): whoever asked for the children
    // last, the item a later change of that alert redraws is the one they hold.
    return alerts.map((alert, index) => {
      const key = alertKey(alert);
      const held = key === undefined ? undefined : this.itemsByKey.get(key);
      const item = held && held.id === ids[index] && held.panelId === panelId && held.alert.resolved === alert.resolved ? held : new AlertItem(alert, ids[index], panelId);
      if (item === held) item.show(alert);
      if (key !== undefined) this.itemsByKey.set(key, item);
      return item;
    });
  }

  parent(): vscode.TreeItem | undefined {
    return undefined;
  }

  /** Reads the alerts again (the store's change redraws them). */
  async refresh(): Promise<void> {
    await this.store.refresh();
  }

  async children(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element instanceof ResolvedGroupItem) {
      // What the store holds now: one of them may have changed since the group was drawn.
      const held = this.store.held;
      return this.alertItems(held.kind === 'loaded' ? held.list.alerts.filter((alert) => alert.resolved) : element.alerts, 'alerts/resolved');
    }
    if (element) return [];
    const blocked = stateItems(this.session, 'alerts.list');
    if (blocked) return blocked;
    await this.store.load();
    // The store's change event re-renders with what it loaded; answer with what it holds meanwhile.
    const snapshot = this.store.held;
    if (snapshot.kind === 'empty') return stateItems(this.session, 'alerts.list') ?? [];
    if (snapshot.kind === 'failed') return [new ErrorItem(snapshot.error, () => void this.store.refresh())];
    const unresolved = snapshot.list.alerts.filter((alert) => !alert.resolved);
    const resolved = snapshot.list.alerts.filter((alert) => alert.resolved);
    const nodes: vscode.TreeItem[] = this.alertItems(unresolved, 'alerts/unresolved');
    if (unresolved.length === 0) nodes.push(new MessageItem(vscode.l10n.t('No unresolved alerts'), 'pass'));
    if (resolved.length > 0) nodes.push(new ResolvedGroupItem(resolved));
    if (snapshot.list.unreadable > 0) {
      nodes.push(new MessageItem(vscode.l10n.t('{0} alert(s) in the answer could not be read', numberText(snapshot.list.unreadable)), 'warning'));
    }
    return nodes;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
