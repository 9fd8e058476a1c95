import * as vscode from 'vscode';
import type { PanelNode } from '../api/types';
import type { PanelSession } from '../connection/panelSession';
import { describeError } from '../text/describeError';
import { escapeIcons, plainLabel } from '../text/plainText';
import { nodeLabel } from '../views/nodes/nodeDescription';
import type { NodeOnPanel } from '../webviews/logs/logViewer';
import type { UserInput } from './userInput';

/**
 * The node a node command acts on, with the panel it came from: the Nodes view's item it was run on (items
 * show the active panel), else one the user picks from the active panel's nodes.
 */
export async function nodeArgument(argument: unknown, session: PanelSession, input: UserInput, title: string): Promise<NodeOnPanel | undefined> {
  const panel = session.active;
  if (!panel) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No panel is connected.'));
    return undefined;
  }
  const given = (argument as { node?: unknown } | undefined)?.node;
  if (isNode(given)) return { panelId: panel.id, node: given };
  try {
    const list = await session.callOn(panel.id, (api, signal) => api.nodes.list({ signal }));
    const nodes = (Array.isArray(list?.items) ? list.items : []).filter(isNode);
    const picked = await input.pick(
      nodes.map((node) => ({ label: escapeIcons(plainLabel(nodeLabel(node, vscode.l10n.t), 80)), description: escapeIcons(plainLabel(node.status, 40)), node })),
      { title, placeHolder: vscode.l10n.t('Choose a node of {0}', plainLabel(panel.name, 80)) },
    );
    return picked && { panelId: panel.id, node: picked.node };
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Could not list the nodes: {0}', describeError(error)));
    return undefined;
  }
}

function isNode(value: unknown): value is PanelNode {
  return typeof value === 'object' && value !== null && typeof (value as PanelNode).id === 'string';
}
