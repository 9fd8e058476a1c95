import * as vscode from 'vscode';
import type { PanelNode } from '../../api/types';
import { NotConnectedError } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import { withoutBack, type UserInput } from '../../prompts/userInput';
import { tellFailure } from '../../runner/actionRunner';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { nodeLabel } from '../../text/nodeText';
import type { NodeOnPanel } from '../../webviews/logs';

/**
 * The node a node command acts on, with the panel it came from: the Nodes view's item it was run on,
 * else one the user picks from the active panel's nodes (as its nodes store holds them, read when it
 * holds none yet).
 */
export async function nodeArgument(argument: unknown, panels: Pick<PanelStoresLookup, 'active'>, input: UserInput, title: string): Promise<NodeOnPanel | undefined> {
  const item = argument as { node?: unknown; panelId?: unknown } | undefined;
  if (isNode(item?.node) && typeof item.panelId === 'string') return { panelId: item.panelId, node: item.node };
  const panel = panels.active;
  if (!panel) {
    void input.notify('error', new NotConnectedError().message);
    return undefined;
  }
  const held = panel.nodes.held;
  const nodes = (held ? Promise.resolve(held) : panel.nodes.poll()).then((list) => list.filter(isNode));
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
