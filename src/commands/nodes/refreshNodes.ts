import * as vscode from 'vscode';
import type { NodesTreeProvider } from '../../views/nodes/NodesTreeProvider';
import { registerCommand } from '../registerCommand';

/** `panelOps.nodes.refresh`: the whole view from its title bar, or one node or section when given one. */
export function registerNodesRefresh(provider: NodesTreeProvider): vscode.Disposable {
  return registerCommand('panelOps.nodes.refresh', (element?: vscode.TreeItem) => provider.refresh(element));
}
