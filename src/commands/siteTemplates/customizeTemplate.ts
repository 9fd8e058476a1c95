import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import type { PanelApi } from '../../api/index';
import { sendWithOptionalFields } from '../../api/bodyEncodings';
import { mergedTemplateShape, parseTemplateRecord, variablesLike, type SiteTemplateRecord } from '../../state/siteTemplateRecord';
import { sendTemplate } from '../../state/templateSend';
import { CustomizeForm } from '../../webviews/customize';
import type { WebviewHost } from '../../webviews/shared';
import { failureSentence, runMutation } from '../../runner/actionRunner';
import { createdOutcome, readTemplate, type TemplateCommandContext } from './templateCommandContext';
import { reconcileTemplateCreate } from './createdTemplate';
import { shownName, templateTarget } from './templateTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * The contract shows no body for customize. Sent: the copy's `name`, the typed values as `values`, and the
 * template's own `variables` in the shape the panel gave them, with the typed values as their defaults; a panel refuses what it does not take
 * with a 400 naming it, and that member is left out (remembered for this panel). When it takes neither, the
 * copy is created with its name and its variables are then saved with the copy's version.
 */
async function customizeCopy(api: PanelApi, templateId: string, source: SiteTemplateRecord, name: string, values: Readonly<Record<string, string>>, signal: AbortSignal): Promise<JsonObject> {
  // Echo what was read: the template's own variables in the panel's shape, the typed values as defaults.
  const typed = Object.fromEntries((source.variables ?? []).map((variable) => [variable.name, Object.hasOwn(values, variable.name) ? values[variable.name] : variable.default]));
  const variables = source.variablesAsRead === undefined ? undefined : variablesLike(source.variablesAsRead, typed);
  const { value: copy, dropped } = await sendWithOptionalFields({
    memory: api.refusedFields, route: 'siteTemplates.customize', optional: ['values', 'variables'],
    body: { name, values: { ...values }, ...(variables === undefined ? {} : { variables }) },
    send: (body) => api.siteTemplates.customize(templateId, body, { signal }),
  });
  const created = parseTemplateRecord(copy);
  if (!dropped.includes('values') || !dropped.includes('variables') || !created || variables === undefined) return copy;
  // The copy's variables in the names and shapes the panel gave the copy (else the original).
  return (await sendTemplate({
    memory: api.refusedFields, route: 'siteTemplates.update', shape: mergedTemplateShape([created.shape, source.shape]),
    values: { variables, version: created.version },
    send: (body) => api.siteTemplates.update(created.id, body, { signal }),
  })).value;
}

export interface CustomizeContext extends TemplateCommandContext {
  readonly webviews: WebviewHost;
}

/** What "Customize…" returns: its form, and the template it created once submitted (undefined when closed). */
export interface CustomizeSession {
  readonly form: CustomizeForm;
  readonly created: Promise<SiteTemplateRecord | undefined>;
}

/**
 * "Customize…": a form over the template's variables with their defaults and a name for the copy, with a
 * live, script-free preview beside it; submitting posts `/site-templates/{id}/customize` and opens the new
 * template. A refusal is shown in the form, which stays open with what was typed.
 */
export function registerCustomizeTemplate(context: CustomizeContext): vscode.Disposable {
  return registerPanelCommand('panelOps.siteTemplates.customize', async (argument?: unknown): Promise<CustomizeSession | undefined> => {
    const target = templateTarget(argument);
    const source = await readTemplate(context, target, vscode.l10n.t('Could not customize "{0}"', shownName(target.name)));
    if (!source) return undefined;
    const form = new CustomizeForm(context.webviews, source);
    const created = new Promise<SiteTemplateRecord | undefined>((resolve) => {
      form.onDidDispose(() => resolve(undefined));
      form.onDidSubmit(async ({ name, values }) => {
        form.busy(vscode.l10n.t('Creating "{0}"…', shownName(name)));
        let sentAt = Date.now();
        let found: unknown;
        const outcome = await runMutation(context, {
          panelId: target.panelId,
          busyLabel: vscode.l10n.t('Customizing "{0}"…', shownName(source.name)),
          failure: vscode.l10n.t('Could not customize "{0}"', shownName(source.name)),
          run: (api, signal) => {
            sentAt = Date.now();
            return customizeCopy(api, target.templateId, source, name, values, signal);
          },
          // A lost 201: the list says whether the copy was made (by its name); it is never made twice.
          reconcile: reconcileTemplateCreate(() => ({ name }), () => sentAt, (answer) => (found = answer)),
        });
        if (outcome.kind === 'done' || (outcome.kind === 'reconciled' && found !== undefined)) {
          resolve(await createdOutcome(context, target.panelId, outcome, found));
          form.dispose();
        } else if (outcome.kind === 'failed') {
          form.problem(failureSentence(vscode.l10n.t('The panel did not create it'), outcome.error));
        } else if (outcome.kind === 'reconciled') {
          form.problem(outcome.message);
        } else {
          form.problem(vscode.l10n.t('Cancelled; nothing was created.'));
        }
      });
    });
    return { form, created };
  });
}
