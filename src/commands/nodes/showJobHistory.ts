import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import type { JobHistories } from '../../webviews/jobs/jobHistory';
import { nodeArgument } from './nodeArgument';

/** `panelOps.nodes.showJobHistory`: a node's apply jobs in a webview table. */
export function registerShowJobHistory(session: PanelSession, histories: JobHistories, input: UserInput): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.nodes.showJobHistory', async (item?: unknown) => {
    const target = await nodeArgument(item, session, input, vscode.l10n.t('Show Job History'));
    if (target) histories.show(target);
  });
}
