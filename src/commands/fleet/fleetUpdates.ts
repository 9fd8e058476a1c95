import * as vscode from 'vscode';
import { engineName } from '../../connection/clientOptions';
import { prettyJson } from '../../editors/readOnlyDocuments';
import { isBack } from '../../prompts/userInput';
import { confirmChange, confirmSelection, namesLine } from '../../runner/guard';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';
import { escapeIcons, plainLabel, quickInputText } from '../../text/plainText';
import { fleetUpdateDescription, fleetUpdatesOf, type FleetUpdate } from '../../views/nodes/fleetUpdateText';
import { runMutation, runRead } from '../../runner/actionRunner';
import { chosenNodes, nodeName, type NodeActionContext } from '../nodes/nodeActionSupport';
import { plural } from '../../text/plural';
import { byPanel } from '../shared/byPanel';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/** Spec 4.1 and 8: a fleet update takes 1 to 100 nodes. */
const MAX_FLEET_NODES = 100;

/** Update Fleet on the selected nodes (`POST /fleet/updates {node_ids}`), after one confirmation. */
async function updateFleet(context: NodeActionContext, item: unknown, selected: unknown): Promise<FleetUpdate | undefined> {
  const items = chosenNodes(item, selected);
  if (items.length === 0) return undefined;
  if (items.length > MAX_FLEET_NODES) {
    void context.input.notify('error', vscode.l10n.t('A fleet update takes at most {0} nodes; {1} are selected.', numberText(MAX_FLEET_NODES), numberText(items.length)));
    return undefined;
  }
  // In all-panels mode the selection may span panels: one fleet update per panel, started on that panel.
  const groups = byPanel(items);
  const ask = (ofPanel: readonly NodeItem[], panelId: string) => {
    const engine = engineName(context.session.panel(panelId));
    const names = ofPanel.map((candidate) => nodeName(candidate.node));
    return {
      panelId,
      action: plural(ofPanel.length, { one: 'Update {0} Node', other: 'Update {0} Nodes' }, vscode.l10n.t),
      question: plural(ofPanel.length, { one: 'Update {1} on {0} node?', other: 'Update {1} on {0} nodes?' }, vscode.l10n.t, engine),
      detail: names.join(', '),
      changes: [namesLine(plural(ofPanel.length, { one: 'Update {1} on {0} node', other: 'Update {1} on {0} nodes' }, vscode.l10n.t, engine), names)],
    };
  };
  const confirmedPanels = await confirmSelection(context, [...groups.keys()], ask(items, items[0].panelId), (panelId) => ask(groups.get(panelId) ?? [], panelId));
  let first: FleetUpdate | undefined;
  for (const [panelId, ofPanel] of groups) {
    if (!confirmedPanels.has(panelId)) continue;
    const started = await startFleetUpdate(context, panelId, ofPanel.map((candidate) => candidate.node.id));
    first ??= started;
  }
  return first;
}

/** `POST /fleet/updates {node_ids}` on one panel, through the runner; says it started, with Show Fleet Updates. */
async function startFleetUpdate(context: NodeActionContext, panelId: string, ids: readonly string[]): Promise<FleetUpdate | undefined> {
  const outcome = await runMutation(context, {
    panelId,
    busyLabel: plural(ids.length, { one: 'Starting a fleet update of {0} node…', other: 'Starting a fleet update of {0} nodes…' }, vscode.l10n.t),
    failure: vscode.l10n.t('Could not start the fleet update'),
    run: (api, signal) => api.fleet.updates.start(ids, { signal }),
    // A lost 202: the list of updates says whether one was started; it is never started a second time.
    reconcile: async (api, signal) => {
      const running = fleetUpdatesOf(await api.fleet.updates.list({ signal })).find((update) => update.running && ids.every((id) => update.nodeIds.includes(id)));
      return running
        ? vscode.l10n.t('The panel started the fleet update ({0}).', running.status)
        : vscode.l10n.t('The panel shows no running update of these nodes; nothing was started.');
    },
  });
  if (outcome.kind !== 'done') return undefined;
  const started = fleetUpdatesOf({ items: [outcome.value] })[0];
  const show = vscode.l10n.t('Show Fleet Updates');
  void context.input.notify('info', plural(ids.length, { one: 'Fleet update of {0} node started.', other: 'Fleet update of {0} nodes started.' }, vscode.l10n.t), show).then((choice) => {
    if (choice === show) void vscode.commands.executeCommand('panelOps.fleet.showUpdates');
  });
  return started;
}

/**
 * Fleet Updates: the panel's updates with their status and progress (`GET /fleet/updates`) in a pick;
 * choosing a running one offers Stop (`POST /fleet/updates/{id}/stop`), any other opens its details.
 */
async function showFleetUpdates(context: NodeActionContext): Promise<void> {
  const panelId = context.session.active?.id;
  if (!panelId) return;
  const read = await runRead(context, {
    panelId,
    busyLabel: vscode.l10n.t('Reading the fleet updates…'),
    failure: vscode.l10n.t('Could not read the fleet updates'),
    // Progress comes from the update itself (its figure or its own node states), never from node versions.
    run: (api, signal) => api.fleet.updates.list({ signal }),
  });
  if (read.kind !== 'done') return;
  const updates = read.value;
  const now = Date.now();
  const items = fleetUpdatesOf(updates).map((update) => ({
    label: `${update.running ? '$(sync~spin)' : '$(history)'} ${escapeIcons(quickInputText(nodeList(context, panelId, update), 120))}`,
    description: escapeIcons(quickInputText(fleetUpdateDescription(update, now, vscode.l10n.t), 200)),
    detail: update.running ? vscode.l10n.t('Running: choose it to stop it') : undefined,
    update,
  }));
  if (items.length === 0) {
    void context.input.notify('info', vscode.l10n.t('The panel has no fleet updates.'));
    return;
  }
  const chosen = await context.input.pick({
    title: vscode.l10n.t('Fleet Updates'),
    placeholder: vscode.l10n.t('Updates of the panel, newest first: a running one can be stopped'),
    items,
    matchOnDescription: true,
  });
  if (!chosen || isBack(chosen)) return;
  if (chosen.update.running) await stopUpdate(context, panelId, chosen.update, nodeList(context, panelId, chosen.update));
  else await context.documents.show(vscode.l10n.t('Fleet update {0}.json', plainLabel(chosen.update.id, 40)), prettyJson(chosen.update.raw), 'json');
}

/** "fra-2, hel-3 and 4 more" from the node ids of an update (names from the Nodes view when known). */
function nodeList(context: NodeActionContext, panelId: string, update: FleetUpdate): string {
  const names = update.nodeIds.map((id) => { const node = context.panels.get(panelId)?.nodes.get(id); return node ? nodeName(node) : id.slice(0, 8); });
  if (names.length === 0) return vscode.l10n.t('(no nodes listed)');
  return names.length <= 3 ? names.join(', ') : vscode.l10n.t('{0} and {1} more', names.slice(0, 3).join(', '), numberText(names.length - 3));
}

async function stopUpdate(context: NodeActionContext, panelId: string, update: FleetUpdate, nodes: string): Promise<void> {
  const sure = await confirmChange(context, {
    panelId,
    action: vscode.l10n.t('Stop Update'),
    question: vscode.l10n.t('Stop the fleet update of {0}?', nodes),
    detail: vscode.l10n.t('Nodes already updated keep the new version; the others are not updated.'),
    changes: [vscode.l10n.t('Stop the fleet update of {0}', nodes)],
  });
  if (!sure) return;
  const outcome = await runMutation(context, {
    panelId,
    busyLabel: vscode.l10n.t('Stopping the fleet update…'),
    failure: vscode.l10n.t('Could not stop the fleet update of {0}', nodes),
    run: (api, signal) => api.fleet.updates.stop(update.id, { signal }),
    reconcile: async (api, signal) => {
      const now = fleetUpdatesOf(await api.fleet.updates.list({ signal })).find((candidate) => candidate.id === update.id);
      return vscode.l10n.t('The panel now holds the fleet update as {0}.', plainLabel(now?.status, 20) || vscode.l10n.t('unknown'));
    },
  });
  if (outcome.kind === 'done') {
    const status = plainLabel((outcome.value as { status?: unknown } | undefined)?.status, 20);
    void context.input.notify('info', vscode.l10n.t('The fleet update of {0} is {1}.', nodes, status || vscode.l10n.t('stopped')));
  }
}

/** "Update Fleet…" on a selection of nodes and "Fleet Updates…" (list, progress, Stop). */
export function registerFleetUpdates(context: NodeActionContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.fleet.update', (item?: unknown, selected?: unknown) => updateFleet(context, item, selected)),
    registerPanelCommand('panelOps.fleet.showUpdates', () => showFleetUpdates(context)),
  );
}
