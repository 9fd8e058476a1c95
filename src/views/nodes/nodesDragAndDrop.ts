import { parseJsonExact } from '../../api/exactJson';
import * as vscode from 'vscode';
import type { NodesStore } from '../../state/nodesStore';
import { placeBefore } from './nodeOrder';
import type { NodeItem } from './nodeTreeItems';

/**
 * The Nodes view's own drag data: `{panelId, ids}` of the dragged nodes, plain JSON. Never the tree items
 * themselves: VS Code serialises drag data to JSON, and an item points to its sections and back. A mime
 * type of its own, not the tree's (`application/vnd.code.tree.panelops.nodes`), which VS Code fills itself.
 */
export const NODES_DRAG_MIME = 'application/vnd.panelops.node-ids+json';

interface DraggedNodes {
  readonly panelId: string;
  readonly ids: readonly string[];
}

function draggedNodes(value: unknown): DraggedNodes | undefined {
  let data = value;
  if (typeof data === 'string') {
    try {
      data = parseJsonExact(data);
    } catch {
      return undefined;
    }
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { panelId, ids } = data as { panelId?: unknown; ids?: unknown };
  if (typeof panelId !== 'string' || !Array.isArray(ids)) return undefined;
  const strings = ids.filter((id): id is string => typeof id === 'string');
  return strings.length > 0 ? { panelId, ids: strings } : undefined;
}

/** Sends a new order of every node (ids, first to last) to the panel the nodes came from. */
export type NodesReorder = (panelId: string, ids: readonly string[]) => Promise<void>;

/**
 * Reorder by drag and drop in the Nodes view: dropping node(s) on a node places them before it (on empty
 * space, at the end). The new order goes to the panel (`PUT /nodes/order`), and the view shows the order
 * the panel answers with.
 */
export class NodesDragAndDrop implements vscode.TreeDragAndDropController<vscode.TreeItem> {
  readonly dragMimeTypes = [NODES_DRAG_MIME];
  readonly dropMimeTypes = [NODES_DRAG_MIME];

  /** Set by the node commands, which register after the view (the view never imports them). */
  private reorder: NodesReorder | undefined;

  /** `nodesOf`: the nodes store of a panel (the active one's, or another's in all-panels mode). */
  constructor(private readonly nodesOf: (panelId: string) => NodesStore | undefined) {}

  /** How a new order is sent; until this is called, a drop does nothing. */
  handleReorder(reorder: NodesReorder): vscode.Disposable {
    this.reorder = reorder;
    return new vscode.Disposable(() => {
      if (this.reorder === reorder) this.reorder = undefined;
    });
  }

  handleDrag(source: readonly vscode.TreeItem[], dataTransfer: vscode.DataTransfer): void {
    const { NodeItem } = treeItems();
    const nodes = source.filter((item): item is NodeItem => item instanceof NodeItem);
    if (nodes.length === 0) return;
    const panelId = nodes[0].panelId;
    const data: DraggedNodes = { panelId, ids: nodes.filter((item) => item.panelId === panelId).map((item) => item.node.id) };
    dataTransfer.set(NODES_DRAG_MIME, new vscode.DataTransferItem(JSON.stringify(data)));
  }

  async handleDrop(target: vscode.TreeItem | undefined, dataTransfer: vscode.DataTransfer, token: vscode.CancellationToken): Promise<void> {
    const item = dataTransfer.get(NODES_DRAG_MIME);
    const dragged = draggedNodes(item ? await item.asString() : undefined);
    const order = ((dragged && this.nodesOf(dragged.panelId)?.held) ?? []).map((node) => node.id);
    if (!dragged || order.length === 0 || token.isCancellationRequested || !this.reorder) return;
    // Onto a node (or one of its sections): before it; onto empty space: at the end; onto anything else
    // (a user under a node, a message): not a place in the order, so nothing happens.
    const { NodeItem, NodeSectionItem } = treeItems();
    const onto = target instanceof NodeItem ? target : target instanceof NodeSectionItem ? target.parent : undefined;
    if (target !== undefined && onto === undefined) return;
    if (onto && onto.panelId !== dragged.panelId) return;
    const next = placeBefore(order, dragged.ids, onto?.node.id);
    if (next.every((id, index) => id === order[index])) return;
    await this.reorder(dragged.panelId, next);
  }
}

/**
 * The Nodes view's item classes, in the bundle of each panel's trees (esbuild.mjs: dist/features/panel.js),
 * loaded with the first connected panel: a drag needs a shown node, so they are loaded by then.
 */
function treeItems(): typeof import('./nodeTreeItems') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at the drag keeps the items out of activation
  return require('./nodeTreeItems') as typeof import('./nodeTreeItems');
}
