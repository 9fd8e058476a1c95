import * as vscode from 'vscode';
import type { Editors } from '../../editors/editors';
import { fillPlaceholders } from '../../editors/placeholders';
import { siblingUri } from '../../editors/templateValidation';
import { showSitePreview } from '../../webviews/sitePreview';
import { runWithProgress } from '../runWithProgress';
import { shownName, templateTarget } from './templateTarget';

/** "Preview Template": the template with its variables' defaults, from the open (even unsaved) files, in the script-free preview. */
export function registerPreviewTemplate(editors: Editors): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.siteTemplates.preview', async (argument?: unknown) => {
    const target = templateTarget(argument);
    const record = await runWithProgress(vscode.l10n.t('Reading "{0}"', shownName(target.name)), (token) =>
      editors.templates.record(target.panelId, target.templateId, 10_000, token));
    if (!record) return undefined;
    const open = (file: string) => target.uri && vscode.workspace.textDocuments.find((document) => document.uri.toString() === siblingUri(target.uri as vscode.Uri, file).toString())?.getText();
    const values = Object.fromEntries((record.variables ?? []).map((variable) => [variable.name, variable.default]));
    const html = fillPlaceholders(open('index.html') ?? record.html, values);
    const css = fillPlaceholders(open('style.css') ?? record.css, values);
    return showSitePreview(vscode.l10n.t('Preview of {0}', record.name), html, css);
  });
}
