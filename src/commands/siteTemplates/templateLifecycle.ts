import * as vscode from 'vscode';
import { PanelHttpError } from '../../api/errors';
import type { JsonObject } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { Editors } from '../../editors/editors';
import { panelRootUri, templateFileUri } from '../../editors/panelUri';
import type { Prompts } from '../../prompts/prompts';
import { parseTemplateRecord } from '../../state/siteTemplateRecord';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import type { SiteTemplatesTreeProvider } from '../../views/siteTemplates/SiteTemplatesTreeProvider';
import { runWithProgress, showTemplateFile } from '../runWithProgress';
import { shownName, templateTarget } from './templateTarget';

const STARTER_HTML = '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>{0}</title>\n</head>\n<body>\n  <main>\n    <h1>{0}</h1>\n  </main>\n</body>\n</html>\n';

interface Deps {
  readonly session: PanelSession;
  readonly editors: Editors;
  readonly prompts: Prompts;
  readonly view: SiteTemplatesTreeProvider;
}

/** New Template (POST), Duplicate (GET + POST) and Delete (modal; a template in use is kept and the panel says where). */
export function registerTemplateLifecycle(deps: Deps): vscode.Disposable {
  const { session, editors, prompts, view } = deps;

  const createAndOpen = async (panelId: string, body: JsonObject, title: string) => {
    const answer = await runWithProgress(title, (token) => session.callOn(panelId, (api, signal) => api.siteTemplates.create(body, { signal }), token));
    const created = parseTemplateRecord(answer);
    if (!created) return undefined;
    view.refresh();
    editors.fileSystem.changedFolder(vscode.Uri.joinPath(panelRootUri(panelId), 'site-templates'));
    await showTemplateFile(templateFileUri(panelId, created, 'index.html'));
    return created;
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.siteTemplates.new', async () => {
      const panel = session.active;
      if (!panel) throw new Error(vscode.l10n.t('No panel is connected.'));
      const name = await prompts.input({
        title: vscode.l10n.t('New Site Template'),
        prompt: vscode.l10n.t('Name of the new template on {0}', plainLabel(panel.name, 80)),
        validateInput: (value) => (value.trim() === '' ? vscode.l10n.t('Give the template a name.') : undefined),
      });
      if (name === undefined) return undefined;
      const html = STARTER_HTML.replace(/\{0\}/g, name.trim().replace(/[<&>]/g, ''));
      return createAndOpen(panel.id, { name: name.trim(), html, css: '' }, vscode.l10n.t('Creating template "{0}"', shownName(name)));
    }),

    vscode.commands.registerCommand('panelOps.siteTemplates.duplicate', async (argument?: unknown) => {
      const target = templateTarget(argument);
      const source = await runWithProgress(vscode.l10n.t('Reading "{0}"', shownName(target.name)), (token) =>
        editors.templates.record(target.panelId, target.templateId, 0, token));
      if (!source) return undefined;
      const body: JsonObject = { name: vscode.l10n.t('{0} (copy)', source.name), description: source.description, html: source.html, css: source.css };
      if (source.variables) body.variables = source.variables.map((variable) => ({ ...variable }));
      return createAndOpen(target.panelId, body, vscode.l10n.t('Duplicating "{0}"', shownName(source.name)));
    }),

    vscode.commands.registerCommand('panelOps.siteTemplates.delete', async (argument?: unknown) => {
      const target = templateTarget(argument);
      const remove = vscode.l10n.t('Delete');
      const confirmed = await prompts.choose('warning', vscode.l10n.t('Delete the site template "{0}" from the panel? This cannot be undone.', shownName(target.name)), true, remove);
      if (confirmed !== remove) return false;
      try {
        await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Deleting "{0}"', shownName(target.name)) }, () =>
          session.callOn(target.panelId, (api, signal) => api.siteTemplates.delete(target.templateId, { signal })));
      } catch (error) {
        const inUse = error instanceof PanelHttpError && error.status === 409;
        void vscode.window.showErrorMessage(inUse
          ? vscode.l10n.t('"{0}" was kept: {1}. Choose another template for those nodes first.', shownName(target.name), plainLabel(error.panelMessage, 300))
          : vscode.l10n.t('Deleting "{0}" failed: {1}', shownName(target.name), describeError(error)));
        return false;
      }
      view.refresh();
      editors.fileSystem.changedFolder(vscode.Uri.joinPath(panelRootUri(target.panelId), 'site-templates'));
      return true;
    }),
  );
}
