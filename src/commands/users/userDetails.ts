import * as vscode from 'vscode';
import { prettyJson } from '../../editors/readOnlyDocuments';
import { plainLabel } from '../../text/plainText';
import { UserItem } from '../../views/shared/userTreeItems';
import { exportRecord } from './exportFormat';
import { runRead } from '../../runner/actionRunner';
import { userName, type UserCommandsContext } from './userActionsSupport';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * Show Details: the user's presence (`/keys/{id}/presence`) and stats (`/keys/{id}/stats`), read together,
 * in a read-only JSON tab next to the user's own fields (no secret, link or subscription URL).
 */
async function showDetails(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  const name = userName(item.user);
  const outcome = await runRead(context, {
    panelId: item.panelId,
    busyLabel: vscode.l10n.t('Reading details…'),
    failure: vscode.l10n.t('Could not read the details of "{0}"', name),
    target: item.target,
    run: (api, signal) => Promise.all([api.keys.presence(item.user.id, { signal }), api.keys.stats(item.user.id, { signal })]),
  });
  if (outcome.kind !== 'done') return undefined;
  const [presence, stats] = outcome.value;
  const title = `${plainLabel(item.user.label, 60) || plainLabel(item.user.id, 40)} — details.json`;
  await context.documents.show(title, prettyJson({ user: exportRecord(item.user), presence, stats }), 'json');
  return title;
}

/** "Show Details" on a user item. */
export function registerUserDetails(context: UserCommandsContext): vscode.Disposable {
  return registerPanelCommand('panelOps.users.showDetails', (item?: unknown) => (item instanceof UserItem ? showDetails(context, item) : undefined));
}
