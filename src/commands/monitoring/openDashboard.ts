import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { Dashboards } from '../../webviews/dashboard/dashboard';

/** `panelOps.dashboard.open`: the active panel's dashboard (summary, trends, overview, carriers, status). */
export function registerOpenDashboard(session: PanelSession, dashboards: Dashboards): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.dashboard.open', () => {
    const panel = session.active;
    if (!panel) {
      void vscode.window.showErrorMessage(vscode.l10n.t('No panel is connected.'));
      return undefined;
    }
    return dashboards.show(panel);
  });
}
