import * as vscode from 'vscode';

/** "Show Log": the Panel Ops output channel (requests, retries, errors; never the token). */
export function registerShowLogCommand(log: vscode.LogOutputChannel): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.showLog', () => log.show());
}
