import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import { engineName } from '../../connection/clientOptions';
import { prettyJson } from '../../editors/readOnlyDocuments';
import { withoutBack } from '../../prompts/userInput';
import { confirmChange } from '../../runner/guard';
import { plainLabel } from '../../text/plainText';
import { nothingToReconcile } from '../../runner/actionRunner';
import { restartNode } from '../../state/nodeRestart';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';
import { mutateNode, nodeName, onNodeItem, readNode, type NodeActionContext } from './nodeActionSupport';
import { registerPanelCommand } from '../registerPanelCommand';

/** Restart after a modal confirmation (`POST /nodes/{id}/restart`: state/nodeRestart.ts). */
async function restart(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  const { action, question, detail, change, ...restartOf } = restartNode(item.node.id, name, vscode.l10n.t);
  if (!await confirmChange(context, { panelId: item.panelId, action, question, detail, changes: [change] })) return;
  const outcome = await mutateNode(context, item, vscode.l10n.t('restart'), restartOf);
  if (outcome.kind === 'done') void context.input.notify('info', vscode.l10n.t('"{0}" restarted.', name));
}

/** The checks of a `POST /nodes/{id}/check` answer that did not pass, by name (shape read defensively). */
function failedChecks(answer: JsonObject | undefined): string[] {
  const checks = Array.isArray(answer?.checks) ? answer.checks : [];
  return checks.filter((check): check is JsonObject => typeof check === 'object' && check !== null && !Array.isArray(check) && check.ok === false)
    .map((check) => plainLabel(check.name, 60) || vscode.l10n.t('(unnamed check)'));
}

/**
 * Check (`POST /nodes/{id}/check`): says whether every check passed, and opens what the panel returned
 * (check names, latencies, time) in a read-only tab either way.
 */
async function check(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  const outcome = await mutateNode(context, item, vscode.l10n.t('check'), {
    busyLabel: vscode.l10n.t('Checking…'),
    failure: vscode.l10n.t('Could not check "{0}"', name),
    run: (api, signal) => api.nodes.check(item.node.id, { signal }),
    reconcile: nothingToReconcile('a check changes nothing on the node: its answer is the result, and checking again is harmless'),
  });
  if (outcome.kind !== 'done') return;
  const failed = failedChecks(outcome.value);
  await context.documents.show(vscode.l10n.t('{0} — check.json', name), prettyJson(outcome.value), 'json');
  if (failed.length === 0 && outcome.value?.ok !== false) void context.input.notify('info', vscode.l10n.t('Every check of "{0}" passed.', name));
  else void context.input.notify('warning', vscode.l10n.t('Checks of "{0}" failed: {1}', name, failed.join(', ') || vscode.l10n.t('see the details')));
}

/** Web Lifecycle: start, stop or reload the node's web server (`POST /nodes/{id}/web/lifecycle {action}`). */
async function webLifecycle(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  const choices = [
    { label: 'start', description: vscode.l10n.t('Start the cover web server') },
    { label: 'reload', description: vscode.l10n.t('Reload its configuration') },
    { label: 'stop', description: vscode.l10n.t('Stop it (the cover site goes offline)') },
  ];
  const chosen = withoutBack(await context.input.pick({ title: vscode.l10n.t('Web Lifecycle of "{0}"', name), items: choices }));
  if (!chosen) return;
  const outcome = await mutateNode(context, item, vscode.l10n.t('web {0}', chosen.label), {
    busyLabel: vscode.l10n.t('Web {0}…', chosen.label),
    failure: vscode.l10n.t('Could not {0} the web server of "{1}"', chosen.label, name),
    run: (api, signal) => api.nodes.web.lifecycle(item.node.id, { action: chosen.label }, { signal }),
    reconcile: nothingToReconcile('start, stop and reload end in the same state when sent again, and the panel offers no read of the web server\'s state'),
  });
  if (outcome.kind !== 'done') return;
  const state = plainLabel(outcome.value?.state, 20);
  void context.input.notify('info', state
    ? vscode.l10n.t('The web server of "{0}" is {1}.', name, state)
    : vscode.l10n.t('The panel accepted "{0}" for the web server of "{1}".', chosen.label, name));
}

/** Engine Update: reads the engine's update status (`GET /nodes/{id}/<engine>-update`), then offers to start one. */
async function engineUpdate(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  const engine = engineName(context.panels.get(item.panelId)?.ref);
  const status = await readNode(context, item, vscode.l10n.t('{0} update', engine), {
    busyLabel: vscode.l10n.t('Reading the {0} version…', engine),
    failure: vscode.l10n.t('Could not read the {0} update status of "{1}"', engine, name),
    run: (api, signal) => api.nodes.engineUpdate.get(item.node.id, { signal }),
  });
  if (status.kind !== 'done') return;
  const current = plainLabel(status.value.current_version, 40) || vscode.l10n.t('unknown');
  const latest = plainLabel(status.value.latest_version, 40);
  const state = plainLabel(status.value.status, 20);
  const available = status.value.update_available === true;
  if (!available) {
    void context.input.notify('info', vscode.l10n.t('{0} on "{1}" runs {2}, the latest version the panel knows.', engine, name, current));
    return;
  }
  const sure = await confirmChange(context, {
    panelId: item.panelId,
    action: latest ? vscode.l10n.t('Update to {0}', latest) : vscode.l10n.t('Update'),
    question: vscode.l10n.t('{0} on "{1}": {2} runs, {3} is available. Update it?', engine, name, current, latest || vscode.l10n.t('a newer version')),
    detail: state ? vscode.l10n.t('Update status: {0}', state) : undefined,
    changes: [vscode.l10n.t('Update {0} on node "{1}" from {2} to {3}', engine, name, current, latest || vscode.l10n.t('a newer version'))],
  });
  if (!sure) return;
  const started = await mutateNode(context, item, vscode.l10n.t('{0} update', engine), {
    busyLabel: vscode.l10n.t('Starting the {0} update…', engine),
    failure: vscode.l10n.t('Could not start the {0} update of "{1}"', engine, name),
    run: (api, signal) => api.nodes.engineUpdate.start(item.node.id, undefined, { signal }),
    reconcile: nothingToReconcile('running Engine Update again reads the update status first, which shows whether this update started'),
  });
  if (started.kind === 'done') {
    const target = plainLabel(started.value?.target_version, 40) || latest;
    void context.input.notify('info', vscode.l10n.t('{0} on "{1}" is updating to {2}.', engine, name, target || vscode.l10n.t('the latest version')));
  }
}

/** Restart, Check, Web Lifecycle and Engine Update on a node item. */
export function registerNodeOperations(context: NodeActionContext): vscode.Disposable {
  const on = (run: (context: NodeActionContext, item: NodeItem) => Promise<void>) => onNodeItem(context, run);
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.restart', on(restart)),
    registerPanelCommand('panelOps.nodes.check', on(check)),
    registerPanelCommand('panelOps.nodes.webLifecycle', on(webLifecycle)),
    registerPanelCommand('panelOps.nodes.engineUpdate', on(engineUpdate)),
  );
}
