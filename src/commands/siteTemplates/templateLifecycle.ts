import * as vscode from 'vscode';
import { NotConnectedError } from '../../connection/panelSession';
import { panelRootUri } from '../../editors/panelUri';
import { withoutBack } from '../../prompts/userInput';
import { confirmChange, refusedAsReadOnly } from '../../runner/guard';
import { parseTemplateRecord } from '../../state/siteTemplateRecord';
import { panelTemplateShape, sendTemplate } from '../../state/templateSend';
import { plainLabel } from '../../text/plainText';
import { runMutation } from '../../runner/actionRunner';
import { PanelHttpError } from '../../api/errors';
import { createdOutcome, templatesOf, type TemplateCommandContext } from './templateCommandContext';
import { reconcileTemplateCreate, type TemplateWanted } from './createdTemplate';
import { shownName, templateTarget } from './templateTarget';
import { registerPanelCommand } from '../registerPanelCommand';

const STARTER_HTML = '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>{0}</title>\n</head>\n<body>\n  <main>\n    <h1>{0}</h1>\n  </main>\n</body>\n</html>\n';

/** New Template (POST), Duplicate (GET + POST) and Delete (modal; a template in use is kept and the panel says where). */
export function registerTemplateLifecycle(context: TemplateCommandContext): vscode.Disposable {
  const { session, input } = context;
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.siteTemplates.new', async () => {
      const panel = session.active;
      if (!panel) throw new NotConnectedError();
      if (refusedAsReadOnly(context, panel.id)) return undefined;
      const name = withoutBack(await input.text({
        title: vscode.l10n.t('New Site Template'),
        prompt: vscode.l10n.t('Name of the new template on {0}', plainLabel(panel.name, 80)),
        validate: (value) => (value.trim() === '' ? vscode.l10n.t('Give the template a name.') : undefined),
      }));
      if (name === undefined) return undefined;
      const html = STARTER_HTML.replace(/\{0\}/g, name.replace(/[<&>]/g, ''));
      let sentAt = Date.now();
      let found: unknown;
      const outcome = await runMutation(context, {
        panelId: panel.id,
        busyLabel: vscode.l10n.t('Creating template "{0}"…', shownName(name)),
        failure: vscode.l10n.t('Could not create the template "{0}"', shownName(name)),
        run: async (api, signal) => {
          // Echo what was read: the members under the names and in the shapes of the panel's templates.
          const shape = await panelTemplateShape(api.siteTemplates, [], signal);
          sentAt = Date.now();
          return (await sendTemplate({
            memory: api.refusedFields, route: 'siteTemplates.create', values: { name, html, css: '' }, shape,
            send: (body) => api.siteTemplates.create(body, { signal }),
          })).value;
        },
        // A lost 201: the list says whether the panel created it; it is never created a second time.
        reconcile: reconcileTemplateCreate(() => ({ name, html }), () => sentAt, (answer) => (found = answer)),
      });
      return createdOutcome(context, panel.id, outcome, found);
    }),

    registerPanelCommand('panelOps.siteTemplates.duplicate', async (argument?: unknown) => {
      const target = templateTarget(argument);
      let wanted: TemplateWanted = { name: vscode.l10n.t('{0} (copy)', target.name) };
      let sentAt = Date.now();
      let found: unknown;
      const outcome = await runMutation(context, {
        panelId: target.panelId,
        busyLabel: vscode.l10n.t('Duplicating "{0}"…', shownName(target.name)),
        failure: vscode.l10n.t('Could not duplicate "{0}"', shownName(target.name)),
        run: async (api, signal) => {
          const source = parseTemplateRecord(await api.siteTemplates.get(target.templateId, { signal }), target.templateId);
          if (!source) throw new Error(vscode.l10n.t('The panel sent no readable template.'));
          const name = vscode.l10n.t('{0} (copy)', source.name);
          wanted = { name, html: source.html };
          sentAt = Date.now();
          // The copy in the names and shapes the panel gave the original.
          return (await sendTemplate({
            memory: api.refusedFields, route: 'siteTemplates.create', shape: source.shape,
            values: { name, description: source.shape.description === undefined ? undefined : source.description, html: source.html, css: source.css, variables: source.variablesAsRead },
            send: (body) => api.siteTemplates.create(body, { signal }),
          })).value;
        },
        reconcile: reconcileTemplateCreate(() => wanted, () => sentAt, (answer) => (found = answer)),
      });
      return createdOutcome(context, target.panelId, outcome, found);
    }),

    registerPanelCommand('panelOps.siteTemplates.delete', async (argument?: unknown) => {
      const target = templateTarget(argument);
      const sure = await confirmChange(context, {
        panelId: target.panelId,
        action: vscode.l10n.t('Delete'),
        question: vscode.l10n.t('Delete the site template "{0}" from the panel?', shownName(target.name)),
        detail: vscode.l10n.t('This cannot be undone. A template that a node serves is kept; the panel says which node.'),
        changes: [vscode.l10n.t('Delete the site template "{0}" (its HTML, CSS and variables)', shownName(target.name))],
      });
      if (!sure) return false;
      let gone = false;
      const outcome = await runMutation(context, {
        panelId: target.panelId,
        busyLabel: vscode.l10n.t('Deleting "{0}"…', shownName(target.name)),
        failure: vscode.l10n.t('"{0}" was kept', shownName(target.name)),
        run: (api, signal) => api.siteTemplates.delete(target.templateId, { signal }),
        // A lost answer: reading the template says whether it is gone (404) or still there.
        reconcile: async (api, signal) => {
          try {
            await api.siteTemplates.get(target.templateId, { signal });
          } catch (error) {
            if (error instanceof PanelHttpError && error.status === 404) {
              gone = true;
              return vscode.l10n.t('"{0}" was deleted (the answer was lost; the panel no longer has it).', shownName(target.name));
            }
            throw error;
          }
          return vscode.l10n.t('The panel still holds "{0}": it was not deleted.', shownName(target.name));
        },
      });
      if (outcome.kind !== 'done' && !gone) return false;
      templatesOf(context, target.panelId)?.remove(target.templateId);
      context.editors.fileSystem.changedFolder(vscode.Uri.joinPath(panelRootUri(target.panelId), 'site-templates'));
      return true;
    }),
  );
}
