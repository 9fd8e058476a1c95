import * as vscode from 'vscode';
import { activePanelOrNotify } from '../activePanel';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { subscriptionPreviewOf } from '../../webviews/settings';
import { scriptFreeDocument, type WebviewHost } from '../../webviews/shared';
import { abortSignalOf } from '../../connection/abortSignalOf';

/**
 * "Preview Subscription Page": `GET /settings/subscription-page/preview` rendered in a webview that runs
 * no script and loads nothing from any origin (the panel's HTML is shown as it is, inert).
 */
export function registerPreviewSubscriptionPage(session: PanelSession, input: UserInput, webviews: WebviewHost): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.settings.previewSubscriptionPage', async () => {
    const panel = activePanelOrNotify(session, input);
    if (!panel) return undefined;
    try {
      const answer = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the subscription page preview…'), cancellable: true },
        (_progress, token) => session.callOn(panel.id, (api, signal) => api.settings.subscriptionPagePreview({ signal }), abortSignalOf(token)),
      );
      const preview = subscriptionPreviewOf(answer);
      const title = vscode.l10n.t('Subscription page: {0}', plainLabel(preview.title, 60) || plainLabel(panel.name, 60));
      return webviews.openScriptFree({ viewType: 'panelOps.subscriptionPreview', title, document: scriptFreeDocument(title, preview.html), beside: true });
    } catch (error) {
      void input.notify('error', vscode.l10n.t('Could not read the subscription page preview: {0}', describeError(error)));
      return undefined;
    }
  });
}
