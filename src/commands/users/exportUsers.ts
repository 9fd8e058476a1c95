import * as vscode from 'vscode';
import type { User } from '../../api/types';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import { PanelCancelledError } from '../../api/errors';
import type { UserQuery } from '../../state/userQueryMatch';
import { withoutBack } from '../../prompts/userInput';
import { UserGroupItem } from '../../views/shared/userTreeItems';
import { describeFilter, filterQuery, isFilterActive } from '../../views/users/usersFilterModel';
import { exportEnd, exportPage, exportStart, type ExportFormat } from './exportFormat';
import { activePanelId, type UserCommandsContext } from './userActionsSupport';
import { plural } from '../../text/plural';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/**
 * Export Users: the users of a state group (under the view's filter) or of the current filter, as CSV or
 * JSON in a new editor tab. Pages of 200 are read ahead with adaptive concurrency (keys.allPages) and
 * appended to the document in order as they arrive (nothing holds every key twice), under a cancellable
 * progress notification.
 */
async function exportUsers(context: UserCommandsContext, from?: unknown): Promise<string | undefined> {
  const panelId = activePanelId(context);
  if (!panelId) return undefined;
  const base = filterQuery(context.users.provider.filter);
  const query: UserQuery = from instanceof UserGroupItem ? { ...base, state: from.state } : base;
  const what = from instanceof UserGroupItem
    ? vscode.l10n.t('users in state "{0}"', from.state)
    : isFilterActive(context.users.provider.filter) ? vscode.l10n.t('users matching {0}', describeFilter(context.users.provider.filter, vscode.l10n.t)) : vscode.l10n.t('all users');
  const picked = withoutBack(await context.input.pick({
    title: vscode.l10n.t('Export {0}', what),
    placeholder: vscode.l10n.t('Format'),
    items: [
      { label: 'CSV', description: vscode.l10n.t('one user per line, for spreadsheets'), format: 'csv' as ExportFormat },
      { label: 'JSON', description: vscode.l10n.t('an array of users'), format: 'json' as ExportFormat },
    ],
  }));
  if (!picked) return undefined;
  const format = picked.format;
  const document = await vscode.workspace.openTextDocument({ language: format === 'csv' ? 'csv' : 'json', content: exportStart(format) });
  await vscode.window.showTextDocument(document, { preview: false });
  const append = async (text: string) => {
    if (text === '') return;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.lineAt(document.lineCount - 1).range.end, text);
    await vscode.workspace.applyEdit(edit);
  };
  let written = 0;
  try {
    await runWithProgress(vscode.l10n.t('Exporting {0}', what),
      (report, cancel) => context.panels.require(panelId).call(async (api, signal) => {
        const seen = new Set<string>();
        for await (const page of api.keys.allPages({ ...query, per_page: 200 }, { signal })) {
          const fresh = (Array.isArray(page.items) ? page.items : []).filter((user): user is User => typeof user?.id === 'string' && !seen.has(user.id) && (seen.add(user.id), true));
          await append(exportPage(format, fresh, written === 0));
          written += fresh.length;
          const total = typeof page.total === 'number' ? page.total : undefined;
          report(total ? vscode.l10n.t('{0} of {1}', numberText(written), numberText(total)) : String(written));
        }
      }, cancel),
    );
  } catch (error) {
    await append(exportEnd(format));
    if (error instanceof PanelCancelledError) {
      const told = plural(written, { one: 'Export cancelled after {0} user; the tab holds those.', other: 'Export cancelled after {0} users; the tab holds those.' }, vscode.l10n.t);
      void context.input.notify('warning', told);
      return told;
    }
    tellFailure(context, vscode.l10n.t('Could not export every user ({0} written)', numberText(written)), error);
    return undefined;
  }
  await append(exportEnd(format));
  const told = plural(written, { one: 'Exported {0} user.', other: 'Exported {0} users.' }, vscode.l10n.t);
  void context.input.notify('info', told);
  return told;
}

/** "Export Users…" on the Users view's title (the current filter) and on a state group. */
export function registerExportUsers(context: UserCommandsContext): vscode.Disposable {
  return registerPanelCommand('panelOps.users.export', (from?: unknown) => exportUsers(context, from));
}
