import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import { runRead, type ActionContext } from '../../runner/actionRunner';
import { plainLabel } from '../../text/plainText';
import { subscriptionPreviewOf } from '../../webviews/settings';
import { scriptFreeDocument, type WebviewHost } from '../../webviews/shared';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * "Preview Subscription Page": `GET /settings/subscription-page/preview` rendered in a webview that runs
 * no script and loads nothing from any origin (the panel's HTML is shown as it is, inert).
 */
export function registerPreviewSubscriptionPage(context: ActionContext, webviews: WebviewHost): vscode.Disposable {
  const { session, input } = context;
  return registerPanelCommand('panelOps.settings.previewSubscriptionPage', async () => {
    const panel = activePanelOrNotify(session, input);
    if (!panel) return undefined;
    const read = await runRead(context, {
      panelId: panel.id,
      busyLabel: vscode.l10n.t('Reading the subscription page preview…'),
      failure: vscode.l10n.t('Could not read the subscription page preview'),
      run: (api, signal) => api.settings.subscriptionPagePreview({ signal }),
    });
    if (read.kind !== 'done') return undefined;
    const preview = subscriptionPreviewOf(read.value);
    const title = vscode.l10n.t('Subscription page: {0}', plainLabel(preview.title, 60) || plainLabel(panel.name, 60));
    return webviews.openScriptFree({ viewType: 'panelOps.subscriptionPreview', title, document: scriptFreeDocument(title, preview.html), beside: true });
  });
}
