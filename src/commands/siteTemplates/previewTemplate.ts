import * as vscode from 'vscode';
import { openDocument } from '../../editors/openDocument';
import { fillPlaceholders } from '../../editors/placeholders';
import { siblingUri } from '../../editors/templateValidation';
import type { WebviewHost } from '../../webviews/shared';
import { showSitePreview } from '../../webviews/sitePreview';
import type { ActionContext } from '../../runner/actionRunner';
import { readTemplate } from './templateCommandContext';
import { shownName, templateTarget } from './templateTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Preview Template": the template with its variables' defaults, from the open (even unsaved) files, in the script-free preview. */
export function registerPreviewTemplate(context: ActionContext, webviews: WebviewHost): vscode.Disposable {
  return registerPanelCommand('panelOps.siteTemplates.preview', async (argument?: unknown) => {
    const target = templateTarget(argument);
    const record = await readTemplate(context, target, vscode.l10n.t('Could not preview "{0}"', shownName(target.name)));
    if (!record) return undefined;
    const open = (file: string) => {
      const uri = target.uri && siblingUri(target.uri, file);
      return uri && openDocument(uri)?.getText();
    };
    const values = Object.fromEntries((record.variables ?? []).map((variable) => [variable.name, variable.default]));
    return showSitePreview(webviews, vscode.l10n.t('Preview of {0}', record.name), fillPlaceholders(open('index.html') ?? record.html, values), fillPlaceholders(open('style.css') ?? record.css, values));
  });
}
