import * as vscode from 'vscode';
import type { User } from '../../api/types';
import { userIdOf } from '../../state/usersStore';
import { UserItem } from '../../views/shared/userTreeItems';
import { runRead } from '../../runner/actionRunner';
import { mutateUser, userName, type UserCommandsContext } from './userActionsSupport';
import { takeUser } from '../../state/userOperations';
import { confirmChange } from '../../runner/guard';
import { registerPanelCommand } from '../registerPanelCommand';

/** Create Subscription: `POST /keys/{id}/subscription`, then offers to copy its short URL. */
async function createSubscription(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  const name = userName(item.user);
  const outcome = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Creating subscription…'),
    failure: vscode.l10n.t('Could not create a subscription for "{0}"', name),
    run: (api, signal) => api.keys.subscription.create(item.user.id, { signal }),
  });
  if (outcome.kind !== 'done') return outcome.kind === 'reconciled' ? outcome.message : undefined;
  const told = vscode.l10n.t('"{0}" has a subscription now.', name);
  const copy = vscode.l10n.t('Copy Short URL');
  if ((await context.input.notify('info', told, copy)) === copy) await copyShortUrl(context, item);
  return told;
}

/** Delete Subscription: asks first (the short URL stops working), `DELETE /keys/{id}/subscription`, reads the user again. */
async function deleteSubscription(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  const name = userName(item.user);
  const sure = await confirmChange(context, {
    panelId: item.panelId,
    action: vscode.l10n.t('Delete Subscription'),
    question: vscode.l10n.t('Delete the subscription of "{0}"?', name),
    detail: vscode.l10n.t('Its short URL stops working; the proxy links stay.'),
    changes: [vscode.l10n.t('Delete the subscription of "{0}": its short URL stops working', name)],
  });
  if (!sure) return undefined;
  const outcome = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Deleting subscription…'),
    failure: vscode.l10n.t('Could not delete the subscription of "{0}"', name),
    run: (api, signal) => api.keys.subscription.delete(item.user.id, { signal }),
  });
  return outcome.kind === 'done' ? vscode.l10n.t('Deleted the subscription of "{0}".', name) : outcome.kind === 'reconciled' ? outcome.message : undefined;
}

/** Copy Short URL: the subscription's short URL (read again when the copy at hand lacks it); never logged or shown. */
async function copyShortUrl(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  const name = userName(item.user);
  let user: User = context.panels.get(item.panelId)?.users.get(userIdOf(item.user)) ?? item.user;
  if (typeof user.subscription_short_url !== 'string' || user.subscription_short_url === '') {
    const outcome = await runRead(context, {
      panelId: item.panelId,
      busyLabel: vscode.l10n.t('Reading subscription…'),
      failure: vscode.l10n.t('Could not read the subscription of "{0}"', name),
      target: item.target,
      run: (api, signal) => api.keys.get(item.user.id, { signal }),
      apply: (read) => takeUser(context.panels, item.panelId, read, item.user),
    });
    if (outcome.kind !== 'done') return undefined;
    user = outcome.value;
  }
  const url = user.subscription_short_url;
  if (typeof url !== 'string' || url === '') {
    const told = user.subscription_active === true
      ? vscode.l10n.t('The panel did not show the short URL of "{0}": the token needs users:write.', name)
      : vscode.l10n.t('"{0}" has no subscription. Create one first.', name);
    void context.input.notify('warning', told);
    return told;
  }
  await vscode.env.clipboard.writeText(url);
  const told = vscode.l10n.t('Copied the subscription URL of "{0}".', name);
  void context.input.notify('info', told);
  return told;
}

/** "Create Subscription", "Delete Subscription…" and "Copy Subscription URL" on a user item. */
export function registerUserSubscription(context: UserCommandsContext): vscode.Disposable {
  const on = (run: (context: UserCommandsContext, item: UserItem) => Promise<string | undefined>) =>
    (item?: unknown) => (item instanceof UserItem ? run(context, item) : undefined);
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.users.createSubscription', on(createSubscription)),
    registerPanelCommand('panelOps.users.deleteSubscription', on(deleteSubscription)),
    registerPanelCommand('panelOps.users.copySubscriptionUrl', on(copyShortUrl)),
  );
}
