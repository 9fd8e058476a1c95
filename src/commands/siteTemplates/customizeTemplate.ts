import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { Editors } from '../../editors/editors';
import { panelRootUri, templateFileUri } from '../../editors/panelUri';
import type { Prompts } from '../../prompts/prompts';
import { parseTemplateRecord } from '../../state/siteTemplateRecord';
import { quickInputText } from '../../text/plainText';
import type { SiteTemplatesTreeProvider } from '../../views/siteTemplates/SiteTemplatesTreeProvider';
import { runWithProgress, showTemplateFile } from '../runWithProgress';
import { shownName, templateTarget } from './templateTarget';

interface Deps {
  readonly session: PanelSession;
  readonly editors: Editors;
  readonly prompts: Prompts;
  readonly view: SiteTemplatesTreeProvider;
}

/**
 * "Customize…": a name for the copy, then a value for each variable the template declares (its default
 * filled in), as a sequence of input boxes; then `POST /site-templates/{id}/customize` and the new
 * template opens. (The form with a live preview waits for the shared webview module.)
 */
export function registerCustomizeTemplate(deps: Deps): vscode.Disposable {
  const { session, editors, prompts, view } = deps;
  return vscode.commands.registerCommand('panelOps.siteTemplates.customize', async (argument?: unknown) => {
    const target = templateTarget(argument);
    const source = await runWithProgress(vscode.l10n.t('Reading "{0}"', shownName(target.name)), (token) =>
      editors.templates.record(target.panelId, target.templateId, 0, token));
    if (!source) return undefined;
    const variables = source.variables ?? [];
    const steps = variables.length + 1;
    const title = vscode.l10n.t('Customize "{0}"', shownName(source.name));
    const name = await prompts.input({
      title: `${title} (1/${steps})`,
      prompt: vscode.l10n.t('Name of the new template'),
      value: vscode.l10n.t('{0} (custom)', source.name),
      validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Give the copy a name.') : undefined),
    });
    if (name === undefined) return undefined;
    const values: Record<string, string> = {};
    for (const [index, variable] of variables.entries()) {
      const value = await prompts.input({
        title: `${title} (${index + 2}/${steps})`,
        prompt: quickInputText(variable.description ? `{{${variable.name}}}: ${variable.description}` : `{{${variable.name}}}`, 300),
        value: variable.default,
      });
      if (value === undefined) return undefined;
      values[variable.name] = value;
    }
    const answer = await runWithProgress(vscode.l10n.t('Customizing "{0}"', shownName(source.name)), (token) =>
      session.callOn(target.panelId, (api, signal) => api.siteTemplates.customize(target.templateId, { name: name.trim(), values } as JsonObject, { signal }), token));
    const created = parseTemplateRecord(answer);
    if (!created) return undefined;
    view.refresh();
    editors.fileSystem.changedFolder(vscode.Uri.joinPath(panelRootUri(target.panelId), 'site-templates'));
    await showTemplateFile(templateFileUri(target.panelId, created, 'index.html'));
    return created;
  });
}
