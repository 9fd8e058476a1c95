import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { NodesReorder } from '../../views/nodes/nodesDragAndDrop';
import { registerApplyConfiguration } from './applyConfiguration';
import { nodeActionContext } from './nodeActionContext';
import { registerNodeDetails } from './nodeDetails';
import { registerNodeDiagnostics } from './nodeDiagnostics';
import { registerNodeEditing, reorderNodes } from './nodeEditing';
import { registerNodeOperations } from './nodeOperations';
import { registerNodeSecrets } from './nodeSecrets';
import { registerNodeSiteCommands } from './nodeSite';
import { registerNodesRefresh } from './refreshNodes';
import { registerNodesDisplayCommands } from './nodesDisplay';
import { registerShowJobHistory } from './showJobHistory';
import { registerShowLogs } from './showLogs';
import { registerNodeTerminal } from './nodeTerminal';

/** The Nodes view's commands, and how a new order (a drag and drop in the view) is sent. */
export interface NodeCommands extends vscode.Disposable {
  readonly reorder: NodesReorder;
}

export function registerNodeCommands(services: Services): NodeCommands {
  const context = nodeActionContext(services);
  const { panels, input, views } = services;
  const registered = vscode.Disposable.from(
    registerNodesRefresh(views.nodes.provider),
    registerNodesDisplayCommands(views.nodesDisplay, input),
    registerApplyConfiguration(context, () => views.nodes.view.selection),
    registerNodeOperations(context),
    registerNodeDiagnostics(context),
    registerNodeDetails(context),
    registerNodeSecrets(context),
    registerNodeEditing(context),
    registerNodeSiteCommands(context, services.webviews().host),
    registerShowLogs(panels, services.webviews().logViewers, input),
    registerShowJobHistory(panels, services.webviews().jobHistories, input),
    registerNodeTerminal(panels, input),
  );
  return { reorder: (panelId, ids) => reorderNodes(context, panelId, ids), dispose: () => { registered.dispose(); } };
}

