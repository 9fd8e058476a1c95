import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';
import type { NodesTree } from '../../views/nodes/nodesView';

/** `panelOps.nodes.refresh`: the whole view from its title bar, or one node or section when given one. */
export function registerNodesRefresh(provider: NodesTree): vscode.Disposable {
  return registerPanelCommand('panelOps.nodes.refresh', (element?: vscode.TreeItem) => provider.refresh(element));
}
