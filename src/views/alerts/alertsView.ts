import * as vscode from 'vscode';
import type { AlertsStore } from '../../state/alertsStore';
import type { PanelSession } from '../../connection/panelSession';
import { panelDescription } from '../shared/viewMessages';
import { AlertsTreeProvider } from './AlertsTreeProvider';

export interface AlertsView extends vscode.Disposable {
  readonly provider: AlertsTreeProvider;
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

/** The Alerts view: the active panel's name as description, the unresolved count as badge. */
export function registerAlertsView(session: PanelSession, store: AlertsStore): AlertsView {
  const provider = new AlertsTreeProvider(session, store);
  const view = vscode.window.createTreeView('panelOps.alerts', { treeDataProvider: provider, showCollapseAll: false, canSelectMany: true });
  const update = () => {
    view.description = panelDescription(session);
    const count = session.state === 'connected' ? store.unresolved : undefined;
    view.badge = count
      ? { value: count, tooltip: vscode.l10n.t('{0} unresolved alert(s)', count) }
      : undefined;
  };
  update();
  const subscriptions = [store.onDidChange(update), session.onDidChange(update)];
  return {
    provider,
    view,
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
      view.dispose();
      provider.dispose();
    },
  };
}
