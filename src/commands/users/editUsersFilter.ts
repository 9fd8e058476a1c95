import * as vscode from 'vscode';
import { KEY_TYPES, type KeyType } from '../../api/types';
import { NotConnectedError } from '../../connection/panelSession';
import type { ConnectedPanel, PanelStoresLookup } from '../../state/panelStores';
import { LatestLoad } from '../../state/latestLoad';
import { withoutBack, type UserInput } from '../../prompts/userInput';
import { tellFailure } from '../../runner/actionRunner';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { nodeLabel } from '../../text/nodeText';
import type { UsersTree } from '../../views/users/usersView';
import { NO_FILTER, describeFilter, isFilterActive, type NodeChoice } from '../../views/users/usersFilterModel';
import { registerPanelCommand } from '../registerPanelCommand';

type Step = 'q' | 'type' | 'node' | 'clear';

/** A row of the node pick: its words and the filter it stands for. */
type NodeChoiceItem = { label: string; description?: string; choice: NodeChoice | undefined };

/** `panelOps.users.filter` (text, type or node, one at a time) and `panelOps.users.clearFilter`. */
export function registerUsersFilter(provider: UsersTree, panels: PanelStoresLookup, input: UserInput): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.users.filter', () => editFilter(provider, panels, input)),
    registerPanelCommand('panelOps.users.clearFilter', () => provider.setFilter(NO_FILTER)),
  );
}

async function editFilter(provider: UsersTree, panels: PanelStoresLookup, input: UserInput): Promise<void> {
  const filter = provider.filter;
  const any = vscode.l10n.t('any');
  const steps: (vscode.QuickPickItem & { step: Step })[] = [
    { step: 'q', label: `$(search) ${vscode.l10n.t('Text')}`, description: filter.q ?? any, detail: vscode.l10n.t('Matches label, owner and note') },
    { step: 'type', label: `$(person) ${vscode.l10n.t('Type')}`, description: filter.type ?? any },
    { step: 'node', label: `$(server) ${vscode.l10n.t('Node')}`, description: filter.node ? escapeIcons(plainLabel(filter.node.name, 60)) : any },
  ];
  if (isFilterActive(filter)) steps.push({ step: 'clear', label: `$(clear-all) ${vscode.l10n.t('Clear filter')}` });
  const chosen = withoutBack(await input.pick({
    title: vscode.l10n.t('Filter Users'),
    items: steps,
    placeholder: isFilterActive(filter) ? describeFilter(filter, vscode.l10n.t) : vscode.l10n.t('No filter: choose what to filter by'),
  }));
  if (!chosen) return;
  switch (chosen.step) {
    case 'clear':
      provider.setFilter(NO_FILTER);
      return;
    case 'q': {
      const q = withoutBack(await input.text({
        title: vscode.l10n.t('Filter Users by Text'),
        prompt: vscode.l10n.t('Text to find in label, owner or note; empty for any'),
        value: filter.q ?? '',
      }));
      if (q !== undefined) provider.setFilter({ ...filter, q });
      return;
    }
    case 'type': {
      const picked = withoutBack(await input.pick({
        title: vscode.l10n.t('Filter Users by Type'),
        items: [{ label: vscode.l10n.t('Any type'), type: undefined as KeyType | undefined }, ...KEY_TYPES.map((type) => ({ label: type, type }))],
      }));
      if (picked) provider.setFilter({ ...filter, type: picked.type });
      return;
    }
    case 'node': {
      const node = await pickNode(panels.active, input);
      if (node !== 'cancelled') provider.setFilter({ ...filter, node });
      return;
    }
  }
}

/**
 * A node from the list of the panel the filter applies to (the active one), read through its nodes store,
 * undefined for "any node", or 'cancelled'. Names and statuses are the panel's: quick picks render
 * `$(icon)` in them, so that syntax is escaped.
 */
async function pickNode(panel: ConnectedPanel | undefined, input: UserInput): Promise<NodeChoice | undefined | 'cancelled'> {
  // Closing the pick before the list arrives cancels the request (and so, no error about it afterwards).
  const loading = new LatestLoad<NodeChoiceItem[]>();
  const items = loading.start(async (signal) => {
    try {
      if (!panel) throw new NotConnectedError();
      const nodes = await panel.nodes.poll(signal);
      return [
        { label: vscode.l10n.t('Any node'), choice: undefined as NodeChoice | undefined },
        ...nodes.map((node) => ({
          label: escapeIcons(plainLabel(nodeLabel(node, vscode.l10n.t), 80)),
          description: escapeIcons(plainLabel(node.status, 30)),
          choice: { id: node.id, name: plainLabel(nodeLabel(node, vscode.l10n.t), 80) },
        })),
      ];
    } catch (error) {
      if (!signal.aborted) {
        tellFailure({ input }, vscode.l10n.t('Could not list the nodes'), error);
      }
      return [];
    }
  });
  try {
    const picked = withoutBack(await input.pick({ title: vscode.l10n.t('Filter Users by Node'), items, matchOnDescription: true }));
    return picked ? picked.choice : 'cancelled';
  } finally {
    loading.cancel();
  }
}
