import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import type { PanelNode } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import { withoutBack, type UserInput } from '../../prompts/userInput';
import { tellFailure } from '../../runner/actionRunner';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { nodeLabel } from '../../text/nodeText';
import type { NodeOnPanel } from '../../webviews/logs';

/**
 * The node a node command acts on, with the panel it came from: the Nodes view's item it was run on,
 * else one the user picks from the active panel's nodes.
 */
export async function nodeArgument(argument: unknown, session: PanelSession, input: UserInput, title: string): Promise<NodeOnPanel | undefined> {
  const item = argument as { node?: unknown; panelId?: unknown } | undefined;
  if (isNode(item?.node) && typeof item.panelId === 'string') return { panelId: item.panelId, node: item.node };
  const panel = activePanelOrNotify(session, input);
  if (!panel) return undefined;
  const nodes = session.callOn(panel.id, (api, signal) => api.nodes.list({ signal }))
    .then((list) => (Array.isArray(list?.items) ? list.items : []).filter(isNode));
  try {
    const picked = withoutBack(await input.pick<vscode.QuickPickItem & { node: PanelNode }>({
      title,
      placeholder: vscode.l10n.t('Choose a node of {0}', plainLabel(panel.name, 80)),
      items: nodes.then((list) => list.map((node) => ({
        label: escapeIcons(plainLabel(nodeLabel(node, vscode.l10n.t), 80)),
        description: escapeIcons(plainLabel(node.status, 40)),
        node,
      }))),
    }));
    return picked && { panelId: panel.id, node: picked.node };
  } catch (error) {
    tellFailure({ input }, vscode.l10n.t('Could not list the nodes'), error);
    return undefined;
  }
}

function isNode(value: unknown): value is PanelNode {
  return typeof value === 'object' && value !== null && typeof (value as PanelNode).id === 'string';
}
