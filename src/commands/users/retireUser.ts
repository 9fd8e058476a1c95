import * as vscode from 'vscode';
import { PanelHttpError } from '../../api/errors';
import { userIdOf } from '../../state/usersStore';
import type { UserItem } from '../../views/shared/userTreeItems';
import { runBulk } from './bulkUsers';
import { mutateUser, userName, type UserCommandsContext } from './userActionsSupport';
import { forgetUser, reReadUser, takeUser } from '../../state/userOperations';
import { copyLink } from './userLinks';
import { chosenUsers } from './userTargets';
import { plural } from '../../text/plural';
import { confirmChange, confirmSelection, namesLine, type PanelChange } from '../../runner/guard';
import { byPanel } from '../shared/byPanel';
import { registerPanelCommand } from '../registerPanelCommand';


/**
 * Asks about the selection (once when all its panels are open, else per panel, as their levels want); the
 * users of the panels confirmed stay.
 */
async function confirmedPerPanel(context: UserCommandsContext, users: UserItem[], ask: (ofPanel: UserItem[]) => PanelChange): Promise<UserItem[]> {
  const groups = byPanel(users);
  const kept = await confirmSelection(context, [...groups.keys()], ask(users), (panelId) => ({ ...ask(groups.get(panelId) ?? []), panelId }));
  return users.filter((user) => kept.has(user.panelId));
}

async function revoke(context: UserCommandsContext, chosen: UserItem[]): Promise<string | undefined> {
  const users = await confirmedPerPanel(context, chosen, (ofPanel) => ({
    panelId: '',
    action: vscode.l10n.t('Revoke'),
    question: ofPanel.length > 1
      ? plural(ofPanel.length, { one: 'Revoke {0} user?', other: 'Revoke {0} users?' }, vscode.l10n.t)
      : vscode.l10n.t('Revoke "{0}"?', userName(ofPanel[0].user)),
    detail: vscode.l10n.t('Revocation is permanent: their links stop working, and enabling does not undo it.'),
    changes: [namesLine(plural(ofPanel.length, { one: 'Revoke {0} user', other: 'Revoke {0} users' }, vscode.l10n.t), ofPanel.map((user) => userName(user.user)))],
  }));
  if (users.length === 0) return undefined;
  const many = users.length > 1;
  if (many) return runBulk(context, 'revoke', users);
  const item = users[0];
  const outcome = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Revoking…'),
    failure: vscode.l10n.t('Could not revoke "{0}"', userName(item.user)),
    run: (api, signal) => api.keys.revoke(item.user.id, { signal }),
  });
  return outcome.kind === 'done' ? vscode.l10n.t('Revoked "{0}".', userName(item.user)) : outcome.kind === 'reconciled' ? outcome.message : undefined;
}

/**
 * Rotate Secret: after confirming (every link already handed out stops working), one `POST
 * /keys/{id}/rotate`. A lost answer is settled by reading the user and comparing its secret with the old
 * one; it is never sent twice. Offers to copy the new link.
 */
async function rotate(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  const name = userName(item.user);
  const sure = await confirmChange(context, {
    panelId: item.panelId,
    action: vscode.l10n.t('Rotate Secret'),
    question: vscode.l10n.t('Rotate the secret of "{0}"?', name),
    detail: vscode.l10n.t('Every link already handed out stops working; the user needs a new link.'),
    changes: [vscode.l10n.t('Rotate the secret of "{0}": every link of it handed out stops working', name)],
  });
  if (!sure) return undefined;
  const oldSecret = item.user.secret;
  const outcome = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Rotating…'),
    failure: vscode.l10n.t('Could not rotate the secret of "{0}"', name),
    run: (api, signal) => api.keys.rotate(item.user.id, { signal }),
    reconcile: async (api, signal) => {
      const user = await api.keys.get(item.user.id, { signal });
      takeUser(context.panels, item.panelId, user, item.user);
      if (typeof oldSecret !== 'string' || typeof user.secret !== 'string') return vscode.l10n.t('The panel did not show the secret, so whether it was rotated is unknown; check "{0}" before rotating again.', name);
      return user.secret !== oldSecret
        ? vscode.l10n.t('The secret of "{0}" was rotated: links handed out before no longer work.', name)
        : vscode.l10n.t('The panel still holds the old secret of "{0}", so its links still work. A slow panel may still rotate it: check the user again in a minute before rotating again.', name);
    },
  });
  if (outcome.kind === 'reconciled') return outcome.message;
  if (outcome.kind !== 'done') return undefined;
  const told = vscode.l10n.t('Rotated the secret of "{0}": hand out its new link.', name);
  const copy = vscode.l10n.t('Copy Link');
  if ((await context.input.notify('info', told, copy)) === copy) await copyLink(context, item.panelId, context.panels.get(item.panelId)?.users.get(userIdOf(item.user)) ?? item.user, item.target);
  return told;
}

async function remove(context: UserCommandsContext, chosen: UserItem[]): Promise<string | undefined> {
  const users = await confirmedPerPanel(context, chosen, (ofPanel) => ({
    panelId: '',
    action: vscode.l10n.t('Delete'),
    question: ofPanel.length > 1 ? plural(ofPanel.length, { one: 'Delete {0} user?', other: 'Delete {0} users?' }, vscode.l10n.t) : vscode.l10n.t('Delete "{0}"?', userName(ofPanel[0].user)),
    detail: vscode.l10n.t('They are removed from the panel with their links and subscriptions; this cannot be undone.'),
    changes: [namesLine(plural(ofPanel.length, { one: 'Delete {0} user', other: 'Delete {0} users' }, vscode.l10n.t), ofPanel.map((user) => userName(user.user)))],
  }));
  if (users.length === 0) return undefined;
  const many = users.length > 1;
  if (many) return runBulk(context, 'delete', users);
  const item = users[0];
  const outcome = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Deleting…'),
    failure: vscode.l10n.t('Could not delete "{0}"', userName(item.user)),
    run: (api, signal) => api.keys.delete(item.user.id, { signal }),
    apply: () => forgetUser(context.panels, item.panelId, item.user.id),
    reconcile: async (api, signal) => {
      try {
        await reReadUser(context.panels, item.panelId, item.user.id, api, signal, vscode.l10n.t);
        return vscode.l10n.t('"{0}" was not deleted: the panel still holds it.', userName(item.user));
      } catch (error) {
        if (!(error instanceof PanelHttpError && error.status === 404)) throw error;
        forgetUser(context.panels, item.panelId, item.user.id);
        return vscode.l10n.t('"{0}" was deleted.', userName(item.user));
      }
    },
  });
  return outcome.kind === 'done' ? vscode.l10n.t('Deleted "{0}".', userName(item.user)) : outcome.kind === 'reconciled' ? outcome.message : undefined;
}


/** "Revoke User…", "Rotate Secret…" and "Delete User…" (revoke and delete also on a selection, in one bulk request). */
export function registerRetireUser(context: UserCommandsContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.users.revoke', (item?: unknown, selected?: unknown) => {
      const users = chosenUsers(item, selected);
      return users.length > 0 ? revoke(context, users) : undefined;
    }),
    registerPanelCommand('panelOps.users.rotate', (item?: unknown) => {
      const [user] = chosenUsers(item, undefined);
      return user ? rotate(context, user) : undefined;
    }),
    registerPanelCommand('panelOps.users.delete', (item?: unknown, selected?: unknown) => {
      const users = chosenUsers(item, selected);
      return users.length > 0 ? remove(context, users) : undefined;
    }),
  );
}
