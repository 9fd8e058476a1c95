import type { PanelNode } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import * as vscode from 'vscode';
import type { NodesTreeProvider, NodesViewParts } from '../../views/nodes/NodesTreeProvider';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';

export interface RevealNodeContext {
  readonly session: PanelSession;
  readonly log: { warn(message: string): void };
  readonly nodesView: NodesViewParts;
}

/**
 * Shows a node of panel `panelId` selected in the Nodes view (Go to Node…, a deep link). In all-panels mode
 * it is revealed in its panel's subtree without switching; otherwise that panel becomes the active one
 * first when it is not. Resolves with the item, or undefined when the view does not show it (e.g. deleted
 * meanwhile). The one place a node is revealed from outside the view.
 */
export async function revealNodeOnPanel(context: RevealNodeContext, panelId: string, node: Pick<PanelNode, 'id'>): Promise<NodeItem | undefined> {
  const { provider, view } = context.nodesView;
  try {
    let tree: NodesTreeProvider | undefined = provider;
    if (provider.fleet?.enabled) {
      tree = await provider.fleet.openPanel(panelId);
      // Grouped by status or region: the node is inside one of the groups, read through the fleet tree.
      if (tree && !tree.itemOf(node.id)) {
        for (const child of await provider.getChildren(provider.fleet.panelItem(panelId)) ?? []) {
          if (child.collapsibleState !== vscode.TreeItemCollapsibleState.None && !tree.itemOf(node.id)) await provider.getChildren(child);
        }
      }
    } else {
      if (context.session.active?.id !== panelId) await context.session.switchTo(panelId);
      await provider.getChildren(); // loads the list (or shares the load running), so the item exists
    }
    const item = tree?.itemOf(node.id);
    if (!item) return undefined;
    await view.reveal(item, { select: true, focus: true, expand: false });
    return item;
  } catch (error) {
    context.log.warn(`Could not show the node in the Nodes view: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
