import type * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerAlertsCommands } from './resolveAlerts';

/** The Alerts view's commands. */
export function registerAlertCommands({ session, log, input, views, panels }: Services): vscode.Disposable {
  return registerAlertsCommands({ session, log, input, panels }, panels, views.alerts.provider);
}
