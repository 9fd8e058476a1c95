import * as vscode from 'vscode';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { UserInput } from '../../prompts/userInput';
import type { LogViewers } from '../../webviews/logs';
import { nodeArgument } from './nodeArgument';
import { registerPanelCommand } from '../registerPanelCommand';

/** `panelOps.nodes.showLogs`: the live log of a node in a webview tab. */
export function registerShowLogs(panels: PanelStoresLookup, viewers: LogViewers, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.nodes.showLogs', async (item?: unknown) => {
    const target = await nodeArgument(item, panels, input, vscode.l10n.t('Show Logs'));
    if (target) viewers.show(target);
  });
}
