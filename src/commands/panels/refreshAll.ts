import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { registerPanelCommand } from '../registerPanelCommand';

const VIEW_REFRESH_COMMANDS = [
  'panelOps.nodes.refresh',
  'panelOps.users.refresh',
  'panelOps.alerts.refresh',
  'panelOps.siteTemplates.refresh',
  'panelOps.branding.refresh',
];

/** "Refresh All Views": forgets 403 answers (the account's role may have changed) and reloads every view. */
export function registerRefreshAllCommand(session: PanelSession, log: vscode.LogOutputChannel): vscode.Disposable {
  return registerPanelCommand('panelOps.refreshAll', async () => {
    session.capabilities.forgetDenials();
    const results = await Promise.allSettled(VIEW_REFRESH_COMMANDS.map((command) => vscode.commands.executeCommand(command)));
    results.forEach((result, index) => {
      if (result.status === 'rejected') log.warn(`${VIEW_REFRESH_COMMANDS[index]} failed: ${String(result.reason)}`);
    });
  });
}
