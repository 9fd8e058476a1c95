import * as vscode from 'vscode';
import { isBack, type UserInput } from '../../prompts/userInput';
import type { NodeGrouping } from '../../views/shared/nodeGroups';
import type { NodesDisplay } from '../../views/nodes/nodesDisplay';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Group Nodes…" (none, by status, by region; remembered), "Filter Nodes…" (by name) and "Clear Filter". */
export function registerNodesDisplayCommands(display: NodesDisplay, input: UserInput): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.groupBy', async () => {
      const options: (vscode.QuickPickItem & { grouping: NodeGrouping })[] = [
        { grouping: 'status', label: vscode.l10n.t('By status'), description: vscode.l10n.t('problems first: offline, degraded, failed apply, not applied') },
        { grouping: 'region', label: vscode.l10n.t('By region') },
        { grouping: 'none', label: vscode.l10n.t('No grouping'), description: vscode.l10n.t('the panel\'s order') },
      ];
      const choices = options.map((choice) => ({ ...choice, picked: choice.grouping === display.grouping }));
      const answer = await input.pick({ title: vscode.l10n.t('Group Nodes'), placeholder: vscode.l10n.t('How the Nodes view groups the fleet'), items: choices });
      if (!answer || isBack(answer)) return;
      await display.setGrouping(answer.grouping);
    }),
    registerPanelCommand('panelOps.nodes.filter', async () => {
      const answer = await input.text({
        title: vscode.l10n.t('Filter Nodes'),
        prompt: vscode.l10n.t('Show the nodes whose name, hostname or id contains this text (empty: all nodes)'),
        value: display.filter,
        placeholder: vscode.l10n.t('e.g. fra'),
      });
      if (answer === undefined || isBack(answer)) return;
      display.setFilter(answer);
    }),
    registerPanelCommand('panelOps.nodes.clearFilter', () => display.setFilter('')),
  );
}
