import * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerAlertReading } from './alertReading';
import { registerAlertsCommands } from './resolveAlerts';

/** The Alerts view's commands. */
export function registerAlertCommands({ session, log, input, views, panels }: Services): vscode.Disposable {
  return vscode.Disposable.from(
    registerAlertsCommands({ session, log, input, panels }, panels, views.alerts.provider),
    registerAlertReading({ session, input, log, nodesView: views.nodes }),
  );
}
