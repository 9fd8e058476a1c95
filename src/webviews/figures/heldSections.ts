import * as vscode from 'vscode';
import type { PanelNode } from '../../api/types';
import type { NodesStore } from '../../state/nodesStore';
import type { HeldSection } from './figuresView';

/**
 * The node fields the contract names (part 2.3): the only ones a page shows of a node the store holds (a
 * node's other fields are of unspecified shape and may hold a registration secret).
 */
const NODE_FIELDS = ['name', 'status', 'dirty', 'last_apply_at'] as const;

function nodeFields(node: PanelNode): Record<string, unknown> {
  return Object.fromEntries(NODE_FIELDS.map((field) => [field, node[field] ?? null]));
}

/** Has the store read the nodes when it holds none yet (sharing a read under way); else nothing is sent. */
async function ensureNodes(nodes: NodesStore, signal: AbortSignal): Promise<void> {
  if (!nodes.held) await nodes.poll(signal);
}

/** One node as its panel's nodes store holds it (status, pending configuration, last apply), following its changes. */
export function nodeSection(nodes: NodesStore, nodeId: string): HeldSection {
  return {
    id: 'node',
    title: vscode.l10n.t('Node'),
    routeId: 'nodes.list',
    ensure: (signal) => ensureNodes(nodes, signal),
    value: () => {
      const node = nodes.get(nodeId);
      return node ? nodeFields(node) : undefined;
    },
    onDidChange: (listener) => nodes.onDidChange((change) => {
      if (change.kind !== 'item' || change.id === nodeId) listener();
    }),
    missing: () => vscode.l10n.t('The panel\'s list of nodes does not hold this node (deleted?).'),
  };
}

/** The panel's nodes as its nodes store holds them, one row each, following its changes. */
export function nodesSection(nodes: NodesStore): HeldSection {
  return {
    id: 'nodes',
    title: vscode.l10n.t('Nodes'),
    routeId: 'nodes.list',
    ensure: (signal) => ensureNodes(nodes, signal),
    value: () => (nodes.held ? { nodes: nodes.held.map(nodeFields) } : undefined),
    onDidChange: (listener) => nodes.onDidChange(() => listener()),
    missing: () => vscode.l10n.t('The nodes could not be read.'),
  };
}
