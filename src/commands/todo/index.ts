import * as vscode from 'vscode';
import type { AlertId } from '../../api/monitoring';
import type { FixTarget } from '../../editors/fleetTodoActions';
import { resolveAlerts } from '../../state/alertOperations';
import type { Services } from '../../services';
import { registerPanelCommand } from '../registerPanelCommand';
import { registerNodeFixes } from './nodeFixes';
import { todoFixes } from './todoFix';
import { registerUserFixes } from './userFixes';

/**
 * The fleet to-do's commands: Show Fleet To-Do (Problems, its filter focused), and the quick fixes its
 * code actions run (editors/fleetTodoActions.ts), each the existing operation through the one runner, on
 * the finding's own panel, after the guard of its protection level (todoFix.ts): the node fixes
 * (nodeFixes.ts), the user fixes (userFixes.ts), Resolve Alert (state/alertOperations.ts), and Ignore (kept
 * in workspace state until the finding says something else).
 */
export function registerFleetTodoCommands(services: Services): vscode.Disposable {
  const { panels } = services;
  const fleetTodo = services.fleetTodo.loaded();
  const fixes = todoFixes(services);
  const { findingOf, fix } = fixes;
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
    registerNodeFixes(fixes),
    registerUserFixes(fixes),
    registerPanelCommand('panelOps.todo.ignore', async (target?: FixTarget) => {
      const finding = findingOf(target);
      if (finding) await fleetTodo.ignore(finding);
    }),
  );
}
