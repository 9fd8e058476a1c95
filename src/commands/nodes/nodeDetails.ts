import * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import type { PanelApi } from '../../api/index';
import { prettyJson } from '../../editors/readOnlyDocuments';
import { readablePrometheus } from '../../text/prometheus';
import { withoutBack } from '../../prompts/userInput';
import { plainLabel } from '../../text/plainText';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';
import { runRead } from '../../runner/actionRunner';
import { nodeName, onNodeItem, readNode, type NodeActionContext } from './nodeActionSupport';
import { registerPanelCommand } from '../registerPanelCommand';

interface DetailKind {
  readonly label: string;
  readonly description: string;
  readonly route: RouteId;
  readonly file: string;
  readonly read: (api: PanelApi, id: string, signal: AbortSignal) => Promise<string>;
  readonly language: string;
}

const json = (read: (api: PanelApi, id: string, signal: AbortSignal) => Promise<unknown>) =>
  async (api: PanelApi, id: string, signal: AbortSignal) => prettyJson(await read(api, id, signal));

/** The read-only details of a node, each one GET (all nodes:read). */
function detailKinds(): DetailKind[] {
  return [
    { label: vscode.l10n.t('Stats'), description: 'GET /nodes/{id}/stats', route: 'nodes.stats', file: 'stats.json', language: 'json', read: json((api, id, signal) => api.nodes.stats(id, { signal })) },
    { label: vscode.l10n.t('Metrics'), description: 'GET /nodes/{id}/metrics', route: 'nodes.metrics', file: 'metrics.txt', language: 'plaintext', read: async (api, id, signal) => readablePrometheus(await api.nodes.metrics(id, { signal }), vscode.l10n.t) },
    { label: vscode.l10n.t('Probes'), description: 'GET /nodes/{id}/probes', route: 'nodes.probes', file: 'probes.json', language: 'json', read: json((api, id, signal) => api.nodes.probes(id, { signal })) },
    { label: vscode.l10n.t('Profiles'), description: 'GET /nodes/{id}/profiles', route: 'nodes.profiles', file: 'profiles.json', language: 'json', read: json((api, id, signal) => api.nodes.profiles(id, { signal })) },
    { label: vscode.l10n.t('Web carriers'), description: 'GET /nodes/{id}/web/carriers', route: 'nodes.web.carriers', file: 'web carriers.json', language: 'json', read: json((api, id, signal) => api.nodes.web.carriers(id, { signal })) },
  ];
}

/** Show Details…: pick stats, metrics (Prometheus text made readable), probes, profiles or web carriers. */
async function showDetails(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  // What the token of the node's own panel may read, whichever panel is active.
  const scopes = context.panels.require(item.panelId).scopes;
  const kinds = detailKinds().filter((kind) => scopes.can(kind.route));
  const chosen = withoutBack(await context.input.pick({ title: vscode.l10n.t('Details of "{0}"', name), items: kinds }));
  if (!chosen) return;
  const outcome = await readNode(context, item, chosen.label.toLowerCase(), {
    busyLabel: vscode.l10n.t('Reading {0}…', chosen.label.toLowerCase()),
    failure: vscode.l10n.t('Could not read the {0} of "{1}"', chosen.label.toLowerCase(), name),
    run: (api, signal) => chosen.read(api, item.node.id, signal),
  });
  if (outcome.kind === 'done') await context.documents.show(`${name} — ${chosen.file}`, outcome.value, chosen.language);
}

/** Panel Update Status (`GET /status/update`): whether the panel itself has an update, in a read-only tab. */
async function panelUpdateStatus(context: NodeActionContext): Promise<void> {
  const panel = context.panels.active;
  if (!panel) return;
  const outcome = await runRead(context, {
    panelId: panel.id,
    busyLabel: vscode.l10n.t('Reading the panel\'s update status…'),
    failure: vscode.l10n.t('Could not read the update status of "{0}"', panel.name),
    run: (api, signal) => api.status.update({ signal }),
  });
  if (outcome.kind !== 'done') return;
  // The answer's shape is not shown (spec 4.1 rule 4): anything but an object says nothing about versions.
  const answer: Record<string, unknown> = typeof outcome.value === 'object' && outcome.value !== null && !Array.isArray(outcome.value) ? outcome.value : {};
  const current = plainLabel(answer.current_version, 40);
  const latest = plainLabel(answer.latest_version, 40);
  void context.input.notify('info', answer.update_available === true
    ? vscode.l10n.t('"{0}" runs {1}; {2} is available.', panel.name, current || vscode.l10n.t('an older version'), latest || vscode.l10n.t('a newer version'))
    : vscode.l10n.t('"{0}" runs {1}, with no update available.', panel.name, current || vscode.l10n.t('its current version')));
  await context.documents.show(vscode.l10n.t('{0} — update status.json', panel.name), prettyJson(outcome.value), 'json');
}

/** "Show Node Details…" on a node item and "Panel Update Status" on the Nodes view. */
export function registerNodeDetails(context: NodeActionContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.showDetails', onNodeItem(context, showDetails)),
    registerPanelCommand('panelOps.nodes.panelUpdateStatus', () => panelUpdateStatus(context)),
  );
}
