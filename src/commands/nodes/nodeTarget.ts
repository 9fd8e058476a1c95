import * as vscode from 'vscode';
import type { PanelNode } from '../../api/types';
import { NodeItem, NodeSectionItem } from '../../views/nodes/nodeTreeItems';

/** The node a node command acts on: a node of the Nodes view or one of its sections. */
export function nodeTarget(argument: unknown): { readonly node: PanelNode; readonly item: NodeItem; readonly section?: NodeSectionItem } {
  if (argument instanceof NodeSectionItem) return { node: argument.parent.node, item: argument.parent, section: argument };
  if (argument instanceof NodeItem) return { node: argument.node, item: argument };
  throw new Error(vscode.l10n.t('Run this on a node in the Nodes view.'));
}

/** A node's name for messages and URIs. */
export function nodeName(node: PanelNode): string {
  return typeof node.name === 'string' && node.name !== '' ? node.name : node.id;
}
