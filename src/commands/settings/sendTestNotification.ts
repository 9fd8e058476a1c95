import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import { messengerName } from '../../connection/clientOptions';
import { withoutBack } from '../../prompts/userInput';
import { jsonText } from '../../text/jsonText';
import { plainLabel } from '../../text/plainText';
import { nothingToReconcile, runMutation, type ActionContext } from '../../runner/actionRunner';
import { registerPanelCommand } from '../registerPanelCommand';

/** The answer's fields as `name: value` pairs on one line (its shape is not in the contract). */
export function answerSummary(answer: unknown): string {
  if (typeof answer !== 'object' || answer === null) return answer === undefined ? '' : plainLabel(answer, 300);
  return Object.entries(answer as Record<string, unknown>)
    .map(([name, value]) => `${plainLabel(name, 40)}: ${plainLabel(typeof value === 'object' && value !== null ? jsonText(value) : value, 120)}`)
    .join(', ');
}

/**
 * "Send Test Notification": `POST /settings/<messenger>/test` (the panel's messenger, kept with its record),
 * owner only, with an optional message; the panel's answer is shown.
 */
export function registerSendTestNotification(context: ActionContext): vscode.Disposable {
  const { input } = context;
  return registerPanelCommand('panelOps.settings.sendTestNotification', async () => {
    const panel = activePanelOrNotify(context.session, input);
    if (!panel) return undefined;
    const messenger = plainLabel(messengerName(panel), 40);
    const message = withoutBack(await input.text({
      title: vscode.l10n.t('Send Test Notification through {0}', messenger),
      prompt: vscode.l10n.t('Message to send (leave empty for the panel\'s own test text). Only owners may send it.'),
    }));
    if (message === undefined) return undefined;
    const failure = vscode.l10n.t('Could not send a test notification through {0}', messenger);
    const outcome = await runMutation(context, {
      panelId: panel.id,
      busyLabel: vscode.l10n.t('Sending a test notification through {0}…', messenger),
      failure,
      run: (api, signal) => api.settings.messengerTest(message ? { message } : undefined, { signal }),
      reconcile: nothingToReconcile('a test notification changes nothing on the panel, and the chat shows whether it arrived'),
    });
    if (outcome.kind === 'done') {
      const summary = answerSummary(outcome.value);
      void input.notify('info', summary
        ? vscode.l10n.t('The panel answered the test notification through {0}: {1}', messenger, summary)
        : vscode.l10n.t('The panel accepted the test notification through {0}.', messenger));
    }
  });
}
