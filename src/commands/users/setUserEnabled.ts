import * as vscode from 'vscode';
import type { User } from '../../api/types';
import type { UserItem } from '../../views/shared/userTreeItems';
import type { UserActionContext } from './userActionsSupport';
import { setEnabled, userName } from '../../state/userOperations';
import { runMutation } from '../../runner/actionRunner';
import { runBulk } from './bulkUsers';
import { chosenUsers } from './userTargets';
import { byPanel } from '../shared/byPanel';
import { confirmChange, namesLine } from '../../runner/guard';
import { plural } from '../../text/plural';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * Disables or enables one user (`POST /keys/{id}/disable|enable`) through the runner, the user's item busy
 * meanwhile: state/userOperations.ts `setEnabled` sends it, puts the answer into the stores (the user
 * moves between groups, counts included, and the Users sections under its nodes follow) and settles a lost answer.
 */
async function setUserEnabled(context: UserActionContext, item: UserItem, enable: boolean): Promise<void> {
  const name = userName(item.user);
  const outcome = await runMutation(context, {
    panelId: item.panelId,
    target: item.target,
    busyLabel: enable ? vscode.l10n.t('Enabling…') : vscode.l10n.t('Disabling…'),
    failure: enable ? vscode.l10n.t('Could not enable "{0}"', name) : vscode.l10n.t('Could not disable "{0}"', name),
    ...setEnabled(context.panels, item.panelId, item.user, enable, vscode.l10n.t),
  });
  const user = outcome.kind === 'done' ? outcome.value.outcomes[0]?.key : undefined;
  if (enable && user) explainStillBlocked(context, user);
}

/** Enabling does not remove an expired access date and does not undo revocation (spec 3.2): say so. */
function explainStillBlocked(context: UserActionContext, user: User): void {
  if (user.state === 'expired') {
    void context.input.notify('info', vscode.l10n.t('"{0}" is enabled, but its access date has passed, so it stays expired. Edit its expiry to give access again.', userName(user)));
  } else if (user.state === 'revoked') {
    void context.input.notify('info', vscode.l10n.t('"{0}" is enabled, but it is revoked, and enabling does not undo a revocation.', userName(user)));
  }
}

/** "Disable User" and "Enable User" on a user item; on a selection of several, one `POST /keys/bulk`. */
export function registerSetUserEnabled(context: UserActionContext): vscode.Disposable {
  const each = (enable: boolean) => async (item?: unknown, selected?: unknown) => {
    const chosen = chosenUsers(item, selected);
    if (chosen.length > 1) {
      // A bulk change: a protected panel says who changes and asks for its name; an open one goes on as before.
      const users: UserItem[] = [];
      for (const [panelId, ofPanel] of byPanel(chosen)) {
        const what = enable ? plural(ofPanel.length, { one: 'Enable {0} user', other: 'Enable {0} users' }, vscode.l10n.t) : plural(ofPanel.length, { one: 'Disable {0} user', other: 'Disable {0} users' }, vscode.l10n.t);
        const sure = await confirmChange(context, {
          panelId, action: enable ? vscode.l10n.t('Enable') : vscode.l10n.t('Disable'), question: `${what}?`,
          changes: [namesLine(what, ofPanel.map((user) => userName(user.user)))], askOnOpen: false,
        });
        if (sure) users.push(...ofPanel);
      }
      return users.length > 0 ? runBulk(context, enable ? 'enable' : 'disable', users) : undefined;
    }
    const users = chosen;
    if (users.length === 1) await setUserEnabled(context, users[0], enable);
    return undefined;
  };
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.users.disable', each(false)),
    registerPanelCommand('panelOps.users.enable', each(true)),
  );
}
