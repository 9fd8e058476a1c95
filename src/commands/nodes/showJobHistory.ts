import * as vscode from 'vscode';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { UserInput } from '../../prompts/userInput';
import type { JobHistories } from '../../webviews/jobs';
import { nodeArgument } from './nodeArgument';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * `panelOps.nodes.showJobHistory`: a node's apply jobs in a webview table. A second argument, a job with
 * an id (the apply-and-watch passes the failed job), is selected once the list is loaded.
 */
export function registerShowJobHistory(panels: PanelStoresLookup, histories: JobHistories, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.nodes.showJobHistory', async (item?: unknown, job?: unknown) => {
    const target = await nodeArgument(item, panels, input, vscode.l10n.t('Show Job History'));
    const id = (job as { id?: unknown } | undefined)?.id;
    if (target) histories.show(target, typeof id === 'string' || typeof id === 'number' ? { selectJob: String(id) } : {});
  });
}
