import * as vscode from 'vscode';
import type { PanelStoresLookup } from '../../state/panelStores';
import { registerPanelCommand } from '../registerPanelCommand';

const VIEW_REFRESH_COMMANDS = [
  'panelOps.nodes.refresh',
  'panelOps.users.refresh',
  'panelOps.alerts.refresh',
  'panelOps.siteTemplates.refresh',
  'panelOps.branding.refresh',
];

/**
 * "Refresh All Views": forgets the 403 answers of every panel the views show (the account's role may have
 * changed there), each panel's own, and reloads every view.
 */
export function registerRefreshAllCommand(panels: Pick<PanelStoresLookup, 'get'>, shownPanels: () => readonly string[], log: vscode.LogOutputChannel): vscode.Disposable {
  return registerPanelCommand('panelOps.refreshAll', async () => {
    for (const panelId of shownPanels()) panels.get(panelId)?.scopes.forgetDenials();
    const results = await Promise.allSettled(VIEW_REFRESH_COMMANDS.map((command) => vscode.commands.executeCommand(command)));
    results.forEach((result, index) => {
      if (result.status === 'rejected') log.warn(`${VIEW_REFRESH_COMMANDS[index]} failed: ${String(result.reason)}`);
    });
  });
}
