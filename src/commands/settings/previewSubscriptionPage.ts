import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { describeError } from '../../text/describeError';
import { escapeHtml } from '../../text/html';
import { plainLabel } from '../../text/plainText';
import { openScriptFreePage } from '../../webviews/shared/scriptFreePage';

/** The page's HTML and title from the preview answer (unspecified shape: `html`, else `content` or `body`). */
export function subscriptionPreviewOf(answer: unknown): { title?: string; html: string } {
  const page = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const html = ['html', 'content', 'body'].map((name) => page[name]).find((value): value is string => typeof value === 'string');
  const title = typeof page.title === 'string' ? page.title : undefined;
  if (html !== undefined) return { title, html };
  return { title, html: `<pre>${escapeHtml(JSON.stringify(answer, null, 2) ?? '')}</pre>` };
}

/**
 * "Preview Subscription Page": `GET /settings/subscription-page/preview` rendered in a webview that runs
 * no script and loads nothing from any origin (the panel's HTML is shown as it is, inert).
 */
export function registerPreviewSubscriptionPage(session: PanelSession): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.settings.previewSubscriptionPage', async () => {
    const panel = session.active;
    if (!panel) {
      void vscode.window.showErrorMessage(vscode.l10n.t('No panel is connected.'));
      return undefined;
    }
    try {
      const answer = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the subscription page preview…'), cancellable: true },
        (_progress, token) => session.callOn(panel.id, (api, signal) => api.settings.subscriptionPagePreview({ signal }), token),
      );
      const preview = subscriptionPreviewOf(answer);
      return openScriptFreePage({
        viewType: 'panelOps.subscriptionPreview',
        title: vscode.l10n.t('Subscription page: {0}', plainLabel(preview.title, 60) || plainLabel(panel.name, 60)),
        html: preview.html,
        beside: true,
      });
    } catch (error) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Could not read the subscription page preview: {0}', describeError(error)));
      return undefined;
    }
  });
}
