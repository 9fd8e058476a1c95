import * as vscode from 'vscode';
import type { AlertsStore } from './alertsStore';
import type { PanelSession } from '../connection/panelSession';
import { Poller } from './poller';

const SETTING = 'panelOps.alerts.pollIntervalSeconds';

function intervalMs(): number {
  const seconds = vscode.workspace.getConfiguration().get<number>(SETTING, 60);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * Keeps the alert count fresh for the status bar: polls the store per `panelOps.alerts.pollIntervalSeconds`
 * while the window is focused, restarts when the active panel, its state or its monitoring:read changes.
 */
export function startAlertsPolling(session: PanelSession, store: AlertsStore): vscode.Disposable {
  const poller = new Poller({
    run: () => store.refresh(),
    scheduler: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    intervalMs: intervalMs(),
    focused: vscode.window.state.focused,
  });
  const follow = () => {
    if (session.state === 'connected' && session.capabilities.can('alerts.list')) void poller.activate();
    else poller.deactivate();
  };
  // The first poll waits until activation has returned: activating loads no HTTP stack and sends nothing.
  const firstFollow = setTimeout(follow, 0);
  return vscode.Disposable.from(
    { dispose: () => clearTimeout(firstFollow) },
    poller,
    session.onDidChangePanel(['alerts.list'], follow),
    vscode.window.onDidChangeWindowState((state) => poller.setFocused(state.focused)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(SETTING)) poller.setInterval(intervalMs());
    }),
  );
}
