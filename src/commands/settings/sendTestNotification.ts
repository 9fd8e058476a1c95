import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import { messengerName } from '../../connection/clientOptions';
import { withoutBack } from '../../prompts/userInput';
import { jsonText } from '../../text/jsonText';
import { plainLabel } from '../../text/plainText';
import { nothingToReconcile, runMutation, type ActionContext } from '../../runner/actionRunner';
import { registerPanelCommand } from '../registerPanelCommand';
import { sendEncoded } from '../../api/bodyEncodings';
import { scalarOf } from '../../api/silentValues';
import type { PanelApi } from '../../api';
import type { JsonObject } from '../../api/types';

/**
 * The answer's fields as `name: value` pairs on one line (its shape is not in the contract): a value a panel
 * wraps (`{value, source}`) shown as the value it wraps, another object as JSON.
 */
export function answerSummary(answer: unknown): string {
  if (typeof answer !== 'object' || answer === null) return answer === undefined ? '' : plainLabel(answer, 300);
  return Object.entries(answer as Record<string, unknown>)
    .map(([name, value]) => {
      const scalar = typeof value === 'object' && value !== null ? scalarOf(value) : value;
      const shown = scalar !== undefined && scalar !== null ? scalar : typeof value === 'object' && value !== null ? jsonText(value) : value;
      return `${plainLabel(name, 40)}: ${plainLabel(shown, 120)}`;
    })
    .join(', ');
}

/**
 * The body of the messenger test, whose shape the contract does not show (bodyEncodings.ts): the message as
 * text, else wrapped as `{value}` when the panel refuses the text naming `message`.
 */
function sendMessengerTest(api: PanelApi, message: string, signal: AbortSignal): Promise<JsonObject | undefined> {
  if (!message) return api.settings.messengerTest(undefined, { signal });
  const send = (body: JsonObject | undefined) => api.settings.messengerTest(body, { signal });
  return sendEncoded({
    memory: api.refusedFields,
    route: 'settings.messengerTest',
    encodings: [
      { name: 'message as text', body: { message }, guessed: ['message'], send },
      { name: 'message wrapped as {value}', body: { message: { value: message } }, guessed: ['message'], send },
    ],
  }).then((sent) => sent.value);
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
      run: (api, signal) => sendMessengerTest(api, message, signal),
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
