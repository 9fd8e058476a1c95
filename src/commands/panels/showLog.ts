import * as vscode from 'vscode';
import { registerCommand } from '../registerCommand';

/** "Show Log": the Panel Ops output channel (requests, retries, errors; never the token). */
export function registerShowLogCommand(log: vscode.LogOutputChannel): vscode.Disposable {
  return registerCommand('panelOps.showLog', () => log.show());
}
