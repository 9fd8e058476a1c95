import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { Editors } from '../../editors/editors';
import { panelRootUri, templateFileUri } from '../../editors/panelUri';
import { bundleOf, importBodyOf } from '../../editors/templateBundle';
import type { Prompts } from '../../prompts/prompts';
import { parseTemplateRecord } from '../../state/siteTemplateRecord';
import type { SiteTemplatesTreeProvider } from '../../views/siteTemplates/SiteTemplatesTreeProvider';
import { runWithProgress, showTemplateFile } from '../runWithProgress';
import { shownName, templateTarget } from './templateTarget';

interface Deps {
  readonly session: PanelSession;
  readonly editors: Editors;
  readonly prompts: Prompts;
  readonly view: SiteTemplatesTreeProvider;
}

/** Import from a local file (`POST /site-templates/import`, the bundle or an HTML page) and Export to a bundle file. */
export function registerTemplateTransfer(deps: Deps): vscode.Disposable {
  const { session, editors, prompts, view } = deps;
  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.siteTemplates.import', async () => {
      const panel = session.active;
      if (!panel) throw new Error(vscode.l10n.t('No panel is connected.'));
      const file = await prompts.openFile({
        title: vscode.l10n.t('Import Site Template'),
        openLabel: vscode.l10n.t('Import'),
        filters: { [vscode.l10n.t('Template bundle or HTML page')]: ['json', 'html', 'htm'] },
      });
      if (!file) return undefined;
      const answer = await runWithProgress(vscode.l10n.t('Importing {0}', file.path.slice(file.path.lastIndexOf('/') + 1)), async (token) => {
        const text = Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8');
        const body = importBodyOf(file.path, text) as JsonObject;
        return session.callOn(panel.id, (api, signal) => api.siteTemplates.import(body, { signal }), token);
      });
      const imported = parseTemplateRecord(answer);
      if (!imported) return undefined;
      view.refresh();
      editors.fileSystem.changedFolder(vscode.Uri.joinPath(panelRootUri(panel.id), 'site-templates'));
      await showTemplateFile(templateFileUri(panel.id, imported, 'index.html'));
      return imported;
    }),

    vscode.commands.registerCommand('panelOps.siteTemplates.export', async (argument?: unknown) => {
      const target = templateTarget(argument);
      const file = await prompts.saveFile({
        title: vscode.l10n.t('Export "{0}"', shownName(target.name)),
        saveLabel: vscode.l10n.t('Export'),
        filters: { [vscode.l10n.t('Template bundle')]: ['json'] },
        defaultUri: vscode.workspace.workspaceFolders?.[0] && vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, `${target.name.replace(/[^\w.-]+/g, '-')}.template.json`),
      });
      if (!file) return undefined;
      return runWithProgress(vscode.l10n.t('Exporting "{0}"', shownName(target.name)), async (token) => {
        const record = await editors.templates.record(target.panelId, target.templateId, 0, token);
        await vscode.workspace.fs.writeFile(file, Buffer.from(`${JSON.stringify(bundleOf(record), null, 2)}\n`, 'utf8'));
        void vscode.window.showInformationMessage(vscode.l10n.t('Exported "{0}" to {1}', shownName(record.name), file.fsPath));
        return file;
      });
    }),
  );
}
