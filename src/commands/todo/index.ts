import * as vscode from 'vscode';
import type { AlertId } from '../../api/monitoring';
import type { Finding } from '../../state/fleetFindings';
import type { FixTarget } from '../../editors/fleetTodoActions';
import { resolveAlerts } from '../../state/alertOperations';
import { queueApply } from '../../state/nodeApply';
import { setEnabled } from '../../state/userOperations';
import { runMutation, type ActionContext, type ActionOutcome, type MutateAction } from '../../runner/actionRunner';
import { confirmChange } from '../../runner/guard';
import type { Services } from '../../services';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * The fleet to-do's commands: Show Fleet To-Do (Problems, its filter focused), and the quick fixes its
 * code actions run (editors/fleetTodoActions.ts), each the existing operation through the one runner, on
 * the finding's own panel, after the guard of its protection level: Apply Configuration (state/nodeApply.ts),
 * Resolve Alert (state/alertOperations.ts), Disable User (state/userOperations.ts), Show Logs (the node
 * command), and Ignore (kept in workspace state until the finding says something else).
 */
/** A fix's words for the guard (what it does, asked, and the one change listed) and the change the runner runs. */
type FixChange<T> = Omit<MutateAction<T>, 'panelId'> & { readonly action: string; readonly question: string; readonly change: string };

export function registerFleetTodoCommands(services: Services): vscode.Disposable {
  const { session, log, input, panels, fleetTodo } = services;
  const context: ActionContext = { session, log, input, panels };
  /** The finding a fix was offered for, as published now; undefined (told) when it is gone meanwhile. */
  const findingOf = (target: FixTarget | undefined): Finding | undefined => {
    const finding = target && fleetTodo.findings.find((candidate) =>
      candidate.panelId === target.panelId && candidate.kind === target.kind && candidate.subject.id === target.subjectId);
    if (target && !finding) void input.notify('info', vscode.l10n.t('This finding is no longer on the fleet\'s to-do list.'));
    return finding;
  };
  /**
   * A fix that changes the panel: the guard of the finding's panel (asked only on a protected panel, since the
   * operator chose the fix), then the change through the runner. Undefined when the guard said no.
   */
  const fix = async <T>(finding: Finding, { action, question, change, busyLabel, failure, node, run, apply, reconcile }: FixChange<T>): Promise<ActionOutcome<T> | undefined> => {
    if (!await confirmChange(context, { panelId: finding.panelId, action, question, changes: [change], askOnOpen: false })) return undefined;
    return runMutation(context, { panelId: finding.panelId, busyLabel, failure, node, run, apply, reconcile });
  };
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.showFleetToDo', async () => {
      await vscode.commands.executeCommand('workbench.actions.view.problems');
      // VS Code has no command that sets the Problems filter's text: its box is focused for "Panel Ops".
      await vscode.commands.executeCommand('problems.action.focusFilter');
      vscode.window.setStatusBarMessage(vscode.l10n.t('Type "Panel Ops" in the filter to show only the fleet\'s to-do.'), 8000);
    }),
    registerPanelCommand('panelOps.todo.resolveAlert', async (target?: FixTarget) => {
      const finding = findingOf(target);
      const alert = finding?.alert;
      if (!finding || alert?.id === undefined) return;
      const name = finding.subject.name;
      const resolution = resolveAlerts(panels, finding.panelId, [alert.id as AlertId], vscode.l10n.t);
      const outcome = await fix(finding, {
        action: vscode.l10n.t('Resolve'), question: vscode.l10n.t('Resolve the alert "{0}"?', name), change: vscode.l10n.t('Resolve the alert "{0}"', name),
        busyLabel: vscode.l10n.t('Resolving…'), failure: vscode.l10n.t('Could not resolve the alert "{0}"', name), ...resolution,
      });
      if (outcome?.kind === 'failed') await resolution.afterFailure();
    }),
    registerPanelCommand('panelOps.todo.applyConfiguration', async (target?: FixTarget) => {
      const finding = findingOf(target);
      const node = finding?.node;
      if (!finding || !node) return;
      const name = finding.subject.name;
      await fix(finding, {
        action: vscode.l10n.t('Apply'), question: vscode.l10n.t('Apply the configuration of "{0}"?', name), change: vscode.l10n.t('Queue one apply on node "{0}" (its proxy reloads)', name),
        busyLabel: vscode.l10n.t('Queuing apply…'), failure: vscode.l10n.t('Could not apply the configuration of "{0}"', name),
        node: { id: node.id, operation: vscode.l10n.t('apply'), problems: {
          setProblem: (id, problem) => panels.get(finding.panelId)?.nodes.setProblem(id, problem),
          clearProblem: (id) => panels.get(finding.panelId)?.nodes.clearProblem(id),
        } },
        ...queueApply(panels, finding.panelId, node.id, name, vscode.l10n.t),
      });
    }),
    registerPanelCommand('panelOps.todo.disableUser', async (target?: FixTarget) => {
      const finding = findingOf(target);
      if (!finding?.user) return;
      const name = finding.subject.name;
      await fix(finding, {
        action: vscode.l10n.t('Disable'), question: vscode.l10n.t('Disable the user "{0}"?', name), change: vscode.l10n.t('Disable the user "{0}"', name),
        busyLabel: vscode.l10n.t('Disabling…'), failure: vscode.l10n.t('Could not disable "{0}"', name),
        ...setEnabled(panels, finding.panelId, finding.user, false, vscode.l10n.t),
      });
    }),
    registerPanelCommand('panelOps.todo.showLogs', async (target?: FixTarget) => {
      const finding = findingOf(target);
      if (finding?.node) await vscode.commands.executeCommand('panelOps.nodes.showLogs', { node: finding.node, panelId: finding.panelId });
    }),
    registerPanelCommand('panelOps.todo.ignore', async (target?: FixTarget) => {
      const finding = findingOf(target);
      if (finding) await fleetTodo.ignore(finding);
    }),
  );
}
