import * as vscode from 'vscode';
import type { JsonObject, JsonValue } from '../../api/types';
import type { TemplateMember } from '../../state/siteTemplateRecord';
import { panelTemplateShape, sendTemplate } from '../../state/templateSend';
import { NotConnectedError } from '../../connection/panelSession';
import { bundleOf, importBodyOf } from '../../editors/templateBundle';
import { jsonText } from '../../text/jsonText';
import { runMutation, tellFailure } from '../../runner/actionRunner';
import { createdOutcome, readTemplate, type TemplateCommandContext } from './templateCommandContext';
import { reconcileTemplateCreate } from './createdTemplate';
import { shownName, templateTarget } from './templateTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/** Import from a local file (`POST /site-templates/import`, the bundle or an HTML page) and Export to a bundle file. */
export function registerTemplateTransfer(context: TemplateCommandContext): vscode.Disposable {
  const { session, input } = context;
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.siteTemplates.import', async () => {
      const panel = session.active;
      if (!panel) throw new NotConnectedError();
      const file = await input.openFile({
        title: vscode.l10n.t('Import Site Template'),
        filters: { [vscode.l10n.t('Template bundle or HTML page')]: ['json', 'html', 'htm'] },
      });
      if (!file) return undefined;
      const fileName = file.path.slice(file.path.lastIndexOf('/') + 1);
      let body: JsonObject;
      try {
        body = importBodyOf(fileName, Buffer.from(await vscode.workspace.fs.readFile(file)).toString('utf8')) as JsonObject;
      } catch (error) {
        tellFailure(context, vscode.l10n.t('Could not import {0}', fileName), error);
        return undefined;
      }
      let sentAt = Date.now();
      let found: unknown;
      // Named by the bundle, or (an HTML page, named by its <title> on the panel) found by its HTML.
      const wanted = { name: typeof body.name === 'string' ? body.name : undefined, html: typeof body.html === 'string' ? body.html : undefined };
      const outcome = await runMutation(context, {
        panelId: panel.id,
        busyLabel: vscode.l10n.t('Importing {0}…', fileName),
        failure: vscode.l10n.t('Could not import {0}', fileName),
        run: async (api, signal) => {
          // Echo what was read: the bundle's members under the names and in the shapes of the panel's templates.
          const shape = await panelTemplateShape(api.siteTemplates, [], signal);
          const { format, ...members } = body;
          sentAt = Date.now();
          return (await sendTemplate({
            memory: api.refusedFields, route: 'siteTemplates.import', values: members as Partial<Record<TemplateMember, JsonValue>>, shape,
            rest: format === undefined ? {} : { format },
            send: (sent) => api.siteTemplates.import(sent, { signal }),
          })).value;
        },
        reconcile: reconcileTemplateCreate(() => wanted, () => sentAt, (answer) => (found = answer)),
      });
      return createdOutcome(context, panel.id, outcome, found);
    }),

    registerPanelCommand('panelOps.siteTemplates.export', async (argument?: unknown) => {
      const target = templateTarget(argument);
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const file = await input.saveFile({
        title: vscode.l10n.t('Export "{0}"', shownName(target.name)),
        filters: { [vscode.l10n.t('Template bundle')]: ['json'] },
        defaultUri: folder && vscode.Uri.joinPath(folder, `${target.name.replace(/[^\w.-]+/g, '-')}.template.json`),
      });
      if (!file) return undefined;
      const record = await readTemplate(context, target, vscode.l10n.t('Could not export "{0}"', shownName(target.name)));
      if (!record) return undefined;
      await vscode.workspace.fs.writeFile(file, Buffer.from(`${jsonText(bundleOf(record), 2)}\n`, 'utf8'));
      void input.notify('info', vscode.l10n.t('Exported "{0}" to {1}', shownName(record.name), file.fsPath));
      return file;
    }),
  );
}
