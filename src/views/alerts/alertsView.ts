import * as vscode from 'vscode';
import type { AlertsStore } from '../../state/alertsStore';
import type { PanelSession } from '../../connection/panelSession';
import { panelDescription } from '../shared/viewMessages';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { AlertsTreeProvider } from './AlertsTreeProvider';
import { plural } from '../../text/plural';
import { FleetTree } from '../fleet/fleetTree';
import { panelHealthSummary, watchPanelHealth } from '../fleet/panelHealth';
import type { AllPanelsMode } from '../fleet/allPanelsMode';
import type { StoresFor } from '../../state/panelStores';

export type AlertsView = DisposableTreeView<AlertsTreeProvider>;

/**
 * The Alerts view: the active panel's alerts with its name as description, or every connected panel's in
 * all-panels mode; the badge counts the unresolved alerts shown (every panel's, summed, in that mode).
 */
export function registerAlertsView(session: PanelSession, store: AlertsStore, storesFor: StoresFor, mode: AllPanelsMode): AlertsView {
  const provider = new AlertsTreeProvider(session, store);
  let update = () => undefined as void;
  provider.fleet = new FleetTree<AlertsTreeProvider>({
    session, mode, storesFor, viewKey: 'alerts', own: provider,
    fire: (element) => provider.refreshItem(element),
    create: (stores) => new AlertsTreeProvider(stores.session, stores.alerts),
    summary: panelHealthSummary,
    // The badge counts a panel's alerts from when its subtree is shown: its store may have loaded before
    // (the fleet watcher reads through it), with no change to come.
    watch: (stores, changed) => {
      queueMicrotask(() => update());
      return [...watchPanelHealth(stores, changed), stores.alerts.onDidChange(() => update())];
    },
  });
  const view = vscode.window.createTreeView('panelOps.alerts', { treeDataProvider: provider, showCollapseAll: false, canSelectMany: true });
  update = () => {
    const all = provider.fleet?.enabled === true;
    view.description = all ? undefined : panelDescription(session);
    let count = 0;
    for (const panel of all ? session.connectedPanels() : session.active ? [session.active] : []) {
      const stores = storesFor(panel.id);
      if (stores?.session.state === 'connected') count += stores.alerts.unresolved ?? 0;
    }
    view.badge = count
      ? { value: count, tooltip: plural(count, { one: '{0} unresolved alert', other: '{0} unresolved alerts' }, vscode.l10n.t) }
      : undefined;
  };
  update();
  return disposableTreeView(provider, view, [provider.fleet, store.onDidChange(update), session.onDidChange(update), mode.onDidChange(update)]);
}
