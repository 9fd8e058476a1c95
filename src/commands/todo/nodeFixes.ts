import * as vscode from 'vscode';
import type { FixTarget } from '../../editors/fleetTodoActions';
import { queueApply } from '../../state/nodeApply';
import { restartNode } from '../../state/nodeRestart';
import { registerPanelCommand } from '../registerPanelCommand';
import type { TodoFixes } from './todoFix';

/**
 * The fleet to-do's fixes on a node finding, each the node's existing operation on the finding's own panel:
 * Apply Configuration (state/nodeApply.ts) and Restart Node (state/nodeRestart.ts) through the guard and the
 * runner; Show Logs and Open SSH Terminal, which change nothing on the panel, through the node's own commands.
 */
export function registerNodeFixes({ services, findingOf, fix, nodeOf }: TodoFixes): vscode.Disposable {
  /** The node finding a fix was offered for, with its node and its name in sentences. */
  const nodeFinding = (target: FixTarget | undefined) => {
    const finding = findingOf(target);
    return finding?.node && { finding, node: finding.node, name: finding.subject.name };
  };
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.todo.applyConfiguration', async (target?: FixTarget) => {
      const found = nodeFinding(target);
      if (!found) return;
      const { finding, node, name } = found;
      await fix(finding, {
        action: vscode.l10n.t('Apply'), question: vscode.l10n.t('Apply the configuration of "{0}"?', name), change: vscode.l10n.t('Queue one apply on node "{0}" (its proxy reloads)', name),
        busyLabel: vscode.l10n.t('Queuing apply…'), failure: vscode.l10n.t('Could not apply the configuration of "{0}"', name),
        node: nodeOf(finding, node.id, vscode.l10n.t('apply')),
        ...queueApply(services.panels, finding.panelId, node.id, name, vscode.l10n.t),
      });
    }),
    registerPanelCommand('panelOps.todo.restartNode', async (target?: FixTarget) => {
      const found = nodeFinding(target);
      if (!found) return;
      const { finding, node, name } = found;
      const outcome = await fix(finding, { node: nodeOf(finding, node.id, vscode.l10n.t('restart')), ...restartNode(node.id, name, vscode.l10n.t) });
      if (outcome?.kind === 'done') void services.input.notify('info', vscode.l10n.t('"{0}" restarted.', name));
    }),
    registerPanelCommand('panelOps.todo.showLogs', async (target?: FixTarget) => {
      const found = nodeFinding(target);
      if (found) await vscode.commands.executeCommand('panelOps.nodes.showLogs', { node: found.node, panelId: found.finding.panelId });
    }),
    registerPanelCommand('panelOps.todo.openSshTerminal', async (target?: FixTarget) => {
      const found = nodeFinding(target);
      return found && vscode.commands.executeCommand<vscode.Terminal | undefined>('panelOps.nodes.openSshTerminal', { node: found.node, panelId: found.finding.panelId });
    }),
  );
}
