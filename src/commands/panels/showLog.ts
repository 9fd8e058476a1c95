import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Show Log": the Panel Ops output channel (requests, retries, errors; never the token). */
export function registerShowLogCommand(log: vscode.LogOutputChannel): vscode.Disposable {
  return registerPanelCommand('panelOps.showLog', () => log.show());
}
