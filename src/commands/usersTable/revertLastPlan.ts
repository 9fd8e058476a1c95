import * as vscode from 'vscode';
import type { User } from '../../api/types';
import { runRead } from '../../runner/actionRunner';
import { inPool } from '../../state/inPool';
import { planRevert, type LastPlan } from '../../usersTable/revertPlan';
import { NodeNames, userStateOf } from '../../usersTable/userRows';
import { isEmptyPlan } from '../../usersTable/usersPlan';
import { momentText } from '../../text/dates';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { activePanelId } from '../users/userActionsSupport';
import { applyWithReport, LAST_PLAN_KEY } from './applyTablePlan';
import { nodeRefs } from './editUsersAsTable';
import { revertDocument } from './planText';
import type { UsersTableContext } from './usersTableContext';
import type { ApplyResult } from '../../usersTable/applyPlan';
import { refusedAsReadOnly } from '../../runner/guard';

/**
 * Revert Last Plan (the active panel's, kept in the workspace state): shows its own plan first (back to
 * what the panel held before: labels, notes, owners, types, expiry, enabled, bindings; never secrets),
 * says which users the plan deleted (they are gone) and offers the users it created for deletion, then
 * applies it like any plan (re-read first, conflicts skipped, report). Resolves with the result.
 */
export async function revertLastPlan(context: UsersTableContext): Promise<ApplyResult | undefined> {
  const panelId = activePanelId(context);
  if (!panelId || refusedAsReadOnly(context, panelId)) return undefined;
  const last = context.memory.get<LastPlan>(`${LAST_PLAN_KEY}/${panelId}`);
  if (!last) {
    void context.input.notify('info', vscode.l10n.t('No users plan was applied on this panel from this workspace.'));
    return undefined;
  }
  const read = await runRead(context, {
    panelId,
    busyLabel: vscode.l10n.t('Reading what the last plan changed…'),
    failure: vscode.l10n.t('Could not read what the last plan changed'),
    run: async (api, signal) => {
      const names = new NodeNames(await nodeRefs(context.panels.require(panelId), signal));
      const created = await inPool(last.created, 6, (user) => api.keys.get(user.id, { signal }).catch((error: unknown) => {
        if ((error as { status?: number }).status === 404) return undefined;
        throw error;
      }));
      return { names, revert: planRevert(last, created.filter((user): user is User => user !== undefined).map(userStateOf), names, Date.now()) };
    },
  });
  if (read.kind !== 'done') return undefined;
  const { names, revert } = read.value;
  const appliedAt = plainLabel(momentText(last.appliedAt), 60);
  const heading = vscode.l10n.t('Revert of the users plan applied {0}', appliedAt);
  const uri = context.documents.keep('users-revert-plan.diff', revertDocument(revert, names, heading, vscode.l10n.t));
  const document = await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'diff'), { preview: false });
  void document;
  if (isEmptyPlan(revert.plan)) {
    void context.input.notify('info', vscode.l10n.t('Nothing to revert: the panel no longer holds what the last plan changed.'));
    return undefined;
  }
  // An open panel asks here; a protected one asks in applyWithReport, with what the revert changes listed.
  if (context.session.protectionOf(panelId) === 'open') {
    const go = vscode.l10n.t('Revert');
    if ((await context.input.confirm({ message: vscode.l10n.t('Revert the last users plan as shown?'), detail: vscode.l10n.t('Users changed on the panel since are skipped.'), actions: [go] })) !== go) return undefined;
  }
  const result = await applyWithReport(context, { panelId }, revert.plan, revert.base, {
    heading: vscode.l10n.t('Result of the revert of the users plan applied {0}', appliedAt),
    source: 'revert',
    names,
    deleteQuestion: (count) => plural(count, { one: 'The last plan created {0} user. Delete it?', other: 'The last plan created {0} users. Delete them?' }, vscode.l10n.t),
  });
  return result;
}
