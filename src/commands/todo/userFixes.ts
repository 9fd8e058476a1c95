import * as vscode from 'vscode';
import type { User } from '../../api/types';
import type { FixTarget } from '../../editors/fleetTodoActions';
import { isOffline, type Finding } from '../../state/fleetFindings';
import { rebindUser } from '../../state/userBindings';
import { boundNodes, setEnabled, updateUser, userName } from '../../state/userOperations';
import { namesLine, refusedAsReadOnly } from '../../runner/guard';
import { nodeLabel } from '../../text/nodeText';
import { plainLabel } from '../../text/plainText';
import { expiresAtOf, NO_EXPIRY } from '../users/accessExpiry';
import { answerSteps, expiryStep, nodesStep, panelNodes, type NewUserAnswers } from '../users/newUserSteps';
import { registerPanelCommand } from '../registerPanelCommand';
import type { TodoFixes } from './todoFix';

/**
 * The fleet to-do's fixes on a user finding, each the user's existing operation on the finding's own panel,
 * through the guard and the runner: Disable User (state/userOperations.ts `setEnabled`), Extend Expiry…
 * (Create User's expiry question, then `PATCH /keys/{id}` as Edit User saves it: `updateUser`), and Rebind to
 * Online Nodes… (Add Nodes…' node question among the panel's nodes not shown offline, then the bindings as
 * Add Nodes… and Remove Node change them: state/userBindings.ts). A question is not asked on a read-only panel.
 */
export function registerUserFixes({ services: { panels, input }, context, findingOf, fix }: TodoFixes): vscode.Disposable {
  /** The user finding a fix was offered for, with its user; undefined (told) on a read-only panel when the fix asks first. */
  const userFinding = (target: FixTarget | undefined, asks: boolean): { finding: Finding; user: User; name: string } | undefined => {
    const finding = findingOf(target);
    if (!finding?.user || (asks && refusedAsReadOnly(context, finding.panelId))) return undefined;
    return { finding, user: finding.user, name: finding.subject.name };
  };
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.todo.disableUser', async (target?: FixTarget) => {
      const found = userFinding(target, false);
      if (!found) return;
      const { finding, user, name } = found;
      await fix(finding, {
        action: vscode.l10n.t('Disable'), question: vscode.l10n.t('Disable the user "{0}"?', name), change: vscode.l10n.t('Disable the user "{0}"', name),
        busyLabel: vscode.l10n.t('Disabling…'), failure: vscode.l10n.t('Could not disable "{0}"', name),
        ...setEnabled(panels, finding.panelId, user, false, vscode.l10n.t),
      });
    }),
    registerPanelCommand('panelOps.todo.extendExpiry', async (target?: FixTarget) => {
      const found = userFinding(target, true);
      if (!found) return;
      const { finding, user, name } = found;
      const now = typeof user.expires_at === 'string' && user.expires_at !== '' ? { kind: 'date' as const, date: user.expires_at } : NO_EXPIRY;
      const answers: NewUserAnswers = { type: user.type, nodeIds: [], expiry: now };
      if (!await answerSteps(context, [expiryStep(input, vscode.l10n.t('Extend Expiry of "{0}"', name))], answers)) return;
      const expiresAt = expiresAtOf(answers.expiry, Date.now());
      const ends = expiresAt ?? vscode.l10n.t('no expiry');
      const outcome = await fix(finding, {
        action: vscode.l10n.t('Extend'), question: vscode.l10n.t('Set the expiry of "{0}" to {1}?', name, ends), change: vscode.l10n.t('Set the expiry of the user "{0}" to {1}', name, ends),
        busyLabel: vscode.l10n.t('Saving…'), failure: vscode.l10n.t('Could not save "{0}"', name),
        ...updateUser(panels, finding.panelId, user, { expires_at: expiresAt }, vscode.l10n.t),
      });
      if (outcome?.kind === 'done') void input.notify('info', vscode.l10n.t('Saved "{0}".', userName(outcome.value)));
    }),
    registerPanelCommand('panelOps.todo.rebindToOnlineNodes', async (target?: FixTarget) => {
      const found = userFinding(target, true);
      if (!found) return;
      const { finding, user, name } = found;
      const bound = boundNodes(user);
      const nodes = panelNodes(context, finding.panelId);
      const online = async () => (await nodes()).filter((node) => !bound.includes(node.id) && !isOffline(node));
      if ((await online().catch(() => undefined))?.length === 0) {
        void input.notify('info', vscode.l10n.t('The panel shows no other node that is not offline: there is nothing to bind "{0}" to yet.', name));
        return;
      }
      const answers: NewUserAnswers = { type: user.type, nodeIds: [], expiry: NO_EXPIRY };
      if (!await answerSteps(context, [nodesStep(input, vscode.l10n.t('Rebind "{0}" to Online Nodes', name), online)], answers) || answers.nodeIds.length === 0) return;
      const names = (ids: readonly string[]) => ids.map((id) => plainLabel(nodeLabel(panels.get(finding.panelId)?.nodes.get(id) ?? { id }, vscode.l10n.t), 60));
      const outcome = await fix(finding, {
        action: vscode.l10n.t('Rebind'), question: vscode.l10n.t('Move "{0}" to the nodes chosen, off its offline nodes?', name),
        change: [namesLine(vscode.l10n.t('Bind the user "{0}" to', name), names(answers.nodeIds)), namesLine(vscode.l10n.t('then unbind it from'), names(bound))],
        busyLabel: vscode.l10n.t('Rebinding…'), failure: vscode.l10n.t('Could not rebind "{0}"', name),
        ...rebindUser(panels, finding.panelId, user, answers.nodeIds, bound, vscode.l10n.t),
      });
      if (outcome?.kind === 'done') void input.notify('info', vscode.l10n.t('Rebound "{0}"; its nodes show configuration pending until applied.', name));
    }),
  );
}
