import type { PanelNode } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import * as vscode from 'vscode';
import type { NodesViewParts } from '../../views/nodes/nodesView';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';

export interface RevealNodeContext {
  readonly session: PanelSession;
  readonly log: { warn(message: string): void };
  readonly nodesView: NodesViewParts;
}

/**
 * Shows a node of panel `panelId` selected in the Nodes view (Go to Node…, a deep link), inside that
 * panel's part of the view, without switching the active panel; only when the operator chose to see the
 * active panel alone and the node is on another does that panel become the active one first. Resolves
 * with the item, or undefined when the view does not show it (e.g. deleted meanwhile). The one place a
 * node is revealed from outside the view.
 */
export async function revealNodeOnPanel(context: RevealNodeContext, panelId: string, node: Pick<PanelNode, 'id'>): Promise<NodeItem | undefined> {
  const { provider, view } = context.nodesView;
  try {
    if (!provider.shownPanels.includes(panelId)) await context.session.switchTo(panelId);
    const tree = await provider.openPanel(panelId);
    // Grouped by status or region: the node is inside one of the groups, read through the view.
    if (tree && !tree.itemOf(node.id)) {
      const top = provider.showsAll ? await provider.readChildren(provider.panelItem(panelId)) : await provider.readChildren();
      for (const child of top) {
        if (child.collapsibleState !== vscode.TreeItemCollapsibleState.None && !tree.itemOf(node.id)) await provider.readChildren(child);
      }
    }
    const item = tree?.itemOf(node.id);
    if (!item) return undefined;
    // Once the view has drawn the switch (and the panel's first read): the item stays selected.
    await provider.reveal(view, item, { select: true, focus: true, expand: false });
    return item;
  } catch (error) {
    context.log.warn(`Could not show the node in the Nodes view: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
