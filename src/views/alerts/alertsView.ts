import * as vscode from 'vscode';
import type { AlertsStore } from '../../state/alertsStore';
import type { PanelSession } from '../../connection/panelSession';
import { panelDescription } from '../shared/viewMessages';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { AlertsTreeProvider } from './AlertsTreeProvider';
import { plural } from '../../text/plural';

export type AlertsView = DisposableTreeView<AlertsTreeProvider>;

/** The Alerts view: the active panel's name as description, the unresolved count as badge. */
export function registerAlertsView(session: PanelSession, store: AlertsStore): AlertsView {
  const provider = new AlertsTreeProvider(session, store);
  const view = vscode.window.createTreeView('panelOps.alerts', { treeDataProvider: provider, showCollapseAll: false, canSelectMany: true });
  const update = () => {
    view.description = panelDescription(session);
    const count = session.state === 'connected' ? store.unresolved : undefined;
    view.badge = count
      ? { value: count, tooltip: plural(count, { one: '{0} unresolved alert', other: '{0} unresolved alerts' }, vscode.l10n.t) }
      : undefined;
  };
  update();
  return disposableTreeView(provider, view, [store.onDidChange(update), session.onDidChange(update)]);
}
