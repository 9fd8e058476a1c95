import * as vscode from 'vscode';
import type { PanelNode } from '../../api/types';
import { NodeSectionItem, type NodeItem } from '../../views/nodes/nodeTreeItems';
import { chosenNode } from './nodeActionSupport';

/** The node a node command acts on: a node of the Nodes view or one of its sections. */
export function nodeTarget(argument: unknown): { readonly node: PanelNode; readonly item: NodeItem; readonly section?: NodeSectionItem } {
  const item = chosenNode(argument);
  if (!item) throw new Error(vscode.l10n.t('Run this on a node in the Nodes view.'));
  return { node: item.node, item, ...(argument instanceof NodeSectionItem ? { section: argument } : {}) };
}
