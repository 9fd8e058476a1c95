import * as vscode from 'vscode';
import type { AlertsStore } from '../state/alertsStore';
import type { PanelSession } from '../connection/panelSession';
import { AlertNode } from '../views/alerts/alertNodes';
import { describeError } from '../text/describeError';
import { withoutLinks } from '../text/plainText';
import { plainLabel } from '../text/untrustedText';

/** "Refresh Alerts" and "Resolve Alert" (on an unresolved alert; hidden without monitoring:write). */
export function registerAlertsCommands(session: PanelSession, store: AlertsStore): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.alerts.refresh', async () => {
      session.capabilities.forgetDenials('alerts.list');
      await store.refresh();
    }),
    vscode.commands.registerCommand('panelOps.alerts.resolve', async (node?: unknown) => {
      if (!(node instanceof AlertNode) || node.alert.resolved) return;
      const id = node.alert.id;
      if (id === undefined) {
        void vscode.window.showErrorMessage(vscode.l10n.t('This alert has no id, so it cannot be resolved from here.'));
        return;
      }
      try {
        await vscode.window.withProgress(
          { location: { viewId: 'panelOps.alerts' }, title: vscode.l10n.t('Resolving alert…') },
          () => session.call((api, signal) => api.alerts.resolve(id, { signal })),
        );
      } catch (error) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Could not resolve the alert "{0}": {1}', withoutLinks(plainLabel(node.alert.title, 80)), describeError(error)),
        );
      }
      await store.refresh();
    }),
  );
}
