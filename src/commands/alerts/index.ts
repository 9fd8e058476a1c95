import type * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerAlertsCommands } from './resolveAlerts';

/** The Alerts view's commands. */
export function registerAlertCommands({ session, log, input, alerts, views, panels }: Services): vscode.Disposable {
  return registerAlertsCommands({ session, log, input }, alerts, views.alerts.provider, (panelId) => panels.storesFor(panelId)?.alerts ?? alerts);
}
