import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import { isBack } from '../../prompts/userInput';
import type { TemplateVariable } from '../../state/siteTemplateRecord';
import { runAction } from '../runAction';
import { openCreated, readTemplate, type TemplateCommandContext } from './templateCommandContext';
import { shownName, templateTarget } from './templateTarget';

/**
 * "Customize…": a multi-step input (with Back) over a name for the copy and a value for each variable the
 * template declares, its default filled in; then `POST /site-templates/{id}/customize` and the new template
 * opens. (The form with a live preview waits for the shared webview module.)
 */
export function registerCustomizeTemplate(context: TemplateCommandContext): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.siteTemplates.customize', async (argument?: unknown) => {
    const target = templateTarget(argument);
    const source = await readTemplate(context, target, vscode.l10n.t('Could not customize "{0}"', shownName(target.name)));
    if (!source) return undefined;
    const answers = await askValues(context, source.name, source.variables ?? []);
    if (!answers) return undefined;
    const body: JsonObject = { name: answers.name, values: answers.values };
    const outcome = await runAction(context, {
      panelId: target.panelId,
      busyLabel: vscode.l10n.t('Customizing "{0}"…', shownName(source.name)),
      failure: vscode.l10n.t('Could not customize "{0}"', shownName(source.name)),
      run: (api, signal) => api.siteTemplates.customize(target.templateId, body, { signal }),
    });
    return outcome.kind === 'done' ? openCreated(context, target.panelId, outcome.value) : undefined;
  });
}

/** The name of the copy, then each variable's value; Back returns to the previous step. */
async function askValues(context: TemplateCommandContext, sourceName: string, variables: readonly TemplateVariable[]): Promise<{ name: string; values: Record<string, string> } | undefined> {
  const title = vscode.l10n.t('Customize "{0}"', shownName(sourceName));
  const totalSteps = variables.length + 1;
  const answers: string[] = [];
  for (let step = 0; step < totalSteps;) {
    const variable = step === 0 ? undefined : variables[step - 1];
    const answer = await context.input.text({
      title,
      prompt: variable
        ? (variable.description ? vscode.l10n.t('{0}: {1}', `{{${variable.name}}}`, variable.description) : vscode.l10n.t('Value of {0}', `{{${variable.name}}}`))
        : vscode.l10n.t('Name of the new template'),
      value: answers[step] ?? (variable ? variable.default : vscode.l10n.t('{0} (custom)', sourceName)),
      validate: variable ? undefined : (value) => (value.trim() === '' ? vscode.l10n.t('Give the copy a name.') : undefined),
      position: { step: step + 1, totalSteps },
    });
    if (answer === undefined) return undefined;
    if (isBack(answer)) {
      step = Math.max(0, step - 1);
      continue;
    }
    answers[step] = answer;
    step += 1;
  }
  return { name: answers[0], values: Object.fromEntries(variables.map((variable, index) => [variable.name, answers[index + 1]])) };
}
