import * as vscode from 'vscode';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { NodeMetricsViews } from '../../webviews/nodeMetrics';
import type { UserInput } from '../../prompts/userInput';
import { nodeArgument } from '../nodes/nodeArgument';
import { registerPanelCommand } from '../registerPanelCommand';

/** `panelOps.nodes.showMetrics`: a node's series charted next to its stats and Prometheus metrics. */
export function registerShowNodeMetrics(panels: PanelStoresLookup, views: NodeMetricsViews, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.nodes.showMetrics', async (item?: unknown) => {
    const target = await nodeArgument(item, panels, input, vscode.l10n.t('Show Metrics'));
    if (!target) return undefined;
    return views.show({ panelId: target.panelId, id: target.node.id, name: typeof target.node.name === 'string' ? target.node.name : '' });
  });
}
