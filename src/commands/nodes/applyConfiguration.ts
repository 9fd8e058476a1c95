import * as vscode from 'vscode';
import type { ApplyJob, PanelNode } from '../../api/types';
import { applyJobText } from '../../editors/applyJobText';
import { ApplyWatch, type ApplyWatchResult, type WatchedStatus } from '../../state/applyWatcher';
import { isNode } from '../../state/nodesStore';
import { BASELINE_JOBS, queueApply } from '../../state/nodeApply';
import { describeError } from '../../text/describeError';
import { inPool } from '../../state/inPool';
import { plainLabel } from '../../text/plainText';
import { nodeContextValue } from '../../views/nodes/nodeDescription';
import { NodeItem } from '../../views/nodes/nodeTreeItems';
import { showBusy } from '../../runner/busyItems';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import { recordNodeOutcome } from '../../runner/nodeProblems';
import { chosenNodes, mutateNode, nodeName, nodesOf, problemsOf, readNodeJobs, type NodeActionContext } from './nodeActionSupport';
import { reReadNodeUsers } from './nodeUsersSync';
import { confirmChange, namesLine } from '../../runner/guard';
import { byPanel } from '../shared/byPanel';
import { plural } from '../../text/plural';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

const JOB_HISTORY_COMMAND = 'panelOps.nodes.showJobHistory';
/** The context value of a node whose apply is being watched: its menus, without Apply. */
const APPLYING_CONTEXT = 'node.applying';
/** Applies watched at once by Apply All Pending (each polls two reads per interval). */
const APPLY_ALL_CONCURRENCY = 6;

/** What an apply came to, as the command returns it (the statuses seen, e.g. queued → running → ok). */
export interface ApplyReport {
  readonly node: string;
  readonly outcome: ApplyWatchResult['kind'] | 'notQueued';
  readonly seen: readonly WatchedStatus[];
  readonly error?: string;
  /** Where a failed or rolled-back job was opened. */
  readonly shownIn?: 'jobHistory' | 'document';
}

/** `panelOps.apply.pollIntervalSeconds` (default 5, at least 1) and `panelOps.apply.timeoutSeconds` (default 300). */
function watchSettings(): { intervalMs: number; timeoutMs: number } {
  const settings = vscode.workspace.getConfiguration('panelOps.apply');
  const interval = settings.get<number>('pollIntervalSeconds', 5);
  const timeout = settings.get<number>('timeoutSeconds', 300);
  return {
    intervalMs: Math.max(1, Number.isFinite(interval) ? interval : 5) * 1000,
    timeoutMs: Math.max(10, Number.isFinite(timeout) ? timeout : 300) * 1000,
  };
}

function statusWord(status: WatchedStatus | undefined): string {
  switch (status) {
    case undefined: return vscode.l10n.t('waiting for the job');
    case 'queued': return vscode.l10n.t('queued');
    case 'running': return vscode.l10n.t('running');
    case 'ok': return vscode.l10n.t('ok');
    case 'failed': return vscode.l10n.t('failed');
    case 'rolled_back': return vscode.l10n.t('rolled back');
    default: return vscode.l10n.t('status unknown');
  }
}

/**
 * Queues an apply on one node (`POST /nodes/{id}/apply`, 202 without a job id) and watches it land: the
 * node and its recent jobs are read every interval while the window is focused, and `report` hears each
 * status. When it lands the node turns clean and its users' sync state follows; a failed or rolled-back
 * job is told with its error and opened. Nothing is ever applied a second time (spec part 8).
 */
async function applyAndWatch(
  context: NodeActionContext,
  item: NodeItem,
  report: (status: WatchedStatus | undefined) => void,
  signal: AbortSignal,
  tellResult: boolean,
): Promise<ApplyReport> {
  // Told here, so the panels watcher does not tell this apply's end a second time.
  const release = context.appliesTold?.watch(item.panelId, item.node.id);
  try {
    return await queueAndWatch(context, item, report, signal, tellResult);
  } finally {
    release?.();
  }
}

async function queueAndWatch(
  context: NodeActionContext,
  item: NodeItem,
  report: (status: WatchedStatus | undefined) => void,
  signal: AbortSignal,
  tellResult: boolean,
): Promise<ApplyReport> {
  const name = nodeName(item.node);
  const before = item.node;
  const queue = queueApply(context.panels, item.panelId, item.node.id, name, vscode.l10n.t, true);
  // The node is taken from the watch below, not read again at once (`queue.apply`): its item shows the job's status meanwhile.
  const queued = await mutateNode(context, item, vscode.l10n.t('apply'), {
    busyLabel: vscode.l10n.t('Queuing apply…'),
    failure: vscode.l10n.t('Could not apply the configuration of "{0}"', name),
    run: queue.run,
    reconcile: queue.reconcile,
  });
  const baseline = queue.baseline();
  if (!(queued.kind === 'done' || queue.queuedAfterLoss()) || baseline === undefined) {
    return { node: name, outcome: 'notQueued', seen: [], error: queued.kind === 'failed' ? describeError(queued.error) : undefined };
  }

  const { result, endBusy } = await watch(context, item, baseline, before, report, signal);
  // The spinner stays until the stores hold what the watch ended with: ending it first would show the
  // node's old copy ("● not applied", with its Apply button) while the node's users are read again.
  try {
    return await settle(context, item, result, tellResult);
  } finally {
    endBusy();
  }
}

/**
 * Runs the watcher with the item showing the job's status and a spinner, paused while the window is
 * unfocused. The caller ends the spinner (`endBusy`) once it has put the result into the stores.
 */
async function watch(
  context: NodeActionContext,
  item: NodeItem,
  baseline: readonly unknown[],
  before: PanelNode,
  report: (status: WatchedStatus | undefined) => void,
  cancel: AbortSignal,
): Promise<{ result: ApplyWatchResult; endBusy: () => void }> {
  const { intervalMs, timeoutMs } = watchSettings();
  const both = (signal: AbortSignal, callSignal: AbortSignal) => ({ signal: AbortSignal.any([signal, callSignal]) });
  // While the apply is watched the node offers no second Apply (a click would queue another apply).
  const endBusy = showBusy({ item, view: context.view }, vscode.l10n.t('Applying: {0}', statusWord(undefined)), { contextValue: APPLYING_CONTEXT });
  const applyWatch = new ApplyWatch({
    reads: {
      node: (signal) => context.panels.require(item.panelId).call((api, callSignal) => api.nodes.get(item.node.id, both(signal, callSignal))),
      jobs: async (signal) => [...await readNodeJobs(context, item.panelId, item.node.id, BASELINE_JOBS, signal)],
    },
    scheduler: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    now: Date.now,
    intervalMs,
    timeoutMs,
    baseline,
    before,
    // The user has just run the command in this window: it has focus even where the host cannot tell.
    focused: true,
    onUpdate: (state) => {
      report(state.status);
      endBusy.relabel(vscode.l10n.t('Applying: {0}', statusWord(state.status)));
    },
  });
  const stop = () => applyWatch.cancel();
  cancel.addEventListener('abort', stop);
  const subscriptions = [
    vscode.window.onDidChangeWindowState((state) => applyWatch.setFocused(state.focused)),
    { dispose: () => cancel.removeEventListener('abort', stop) },
  ];
  if (cancel.aborted) applyWatch.cancel();
  try {
    const result = await applyWatch.start();
    context.log.info(`Apply on ${nodeName(item.node)}: ${result.seen.join(' -> ') || 'no job seen'}; ${result.kind}`);
    return { result, endBusy: () => endBusy() };
  } catch (error) {
    endBusy();
    throw error;
  } finally {
    for (const subscription of subscriptions) subscription.dispose();
  }
}

/** Puts what the watch ended with into the stores and tells it (unless a batch tells it for all). */
async function settle(context: NodeActionContext, item: NodeItem, result: ApplyWatchResult, tell: boolean): Promise<ApplyReport> {
  const name = nodeName(item.node);
  // The store holding the node's panel (the active panel's, or another's in all-panels mode), if connected.
  const nodes = nodesOf(context, item.panelId);
  const node = 'node' in result ? result.node : undefined;
  const base = { node: name, outcome: result.kind, seen: result.seen };
  if (result.kind === 'ok') {
    // The node's users first (one paged read): once the clean node reaches the store, the binding-sync
    // follower finds them synced already instead of reading each of them again.
    await reReadNodeUsers(context, item);
  }
  if (nodes && node && isNode(node)) nodes.update(node);
  switch (result.kind) {
    case 'ok':
      nodes?.clearProblem(item.node.id);
      if (tell) void context.input.notify('info', vscode.l10n.t('The configuration of "{0}" is applied.', name));
      return base;
    case 'failed':
    case 'rolled_back': {
      // Told here (or in the batch's sentence): the panels watcher skips this job.
      context.appliesTold?.tell(item.panelId, item.node.id, result.job);
      await reReadNodeUsers(context, item);
      const error = plainLabel(result.job.error, 1000) || vscode.l10n.t('the panel gave no reason');
      if (tell) {
        const sentence = result.kind === 'failed'
          ? vscode.l10n.t('The apply on "{0}" failed: {1}. Nothing else was queued; inspect the job before applying again.', name, error)
          : vscode.l10n.t('The apply on "{0}" was rolled back: {1}. The node keeps its previous configuration.', name, error);
        void context.input.notify('warning', sentence);
      }
      return { ...base, error, shownIn: await openJob(context, item, result.job) };
    }
    case 'timeout':
      if (tell) void context.input.notify('warning', vscode.l10n.t('The apply on "{0}" had not landed after {1} s (last seen: {2}). The panel may still apply it; its Recent jobs show how it ends.', name, numberText(Math.round(watchSettings().timeoutMs / 1000)), statusWord(result.seen.at(-1))));
      return base;
    case 'unreadable':
      recordNodeOutcome({ id: item.node.id, operation: vscode.l10n.t('apply'), problems: problemsOf(context, item.panelId) }, result);
      if (tell) tellFailure(context, vscode.l10n.t('Stopped watching the apply on "{0}" (it goes on on the panel): the panel could not be read', name), result.error, 'warning');
      return { ...base, error: describeError(result.error) };
    case 'cancelled':
      if (tell) void context.input.notify('info', vscode.l10n.t('Stopped watching the apply on "{0}"; it goes on on the panel.', name));
      return base;
  }
}

/** Opens a failed or rolled-back job in the Job History view; as a read-only document if that fails. */
async function openJob(context: NodeActionContext, item: NodeItem, job: ApplyJob): Promise<'jobHistory' | 'document'> {
  try {
    await vscode.commands.executeCommand(JOB_HISTORY_COMMAND, item, job);
    return 'jobHistory';
  } catch (error) {
    context.log.warn(`Opening the job history failed: ${describeError(error)}`);
  }
  const status = plainLabel(job.status, 20) || vscode.l10n.t('unknown');
  await context.documents.show(vscode.l10n.t('{0} — apply job ({1}).log', nodeName(item.node), status), applyJobText(nodeName(item.node), job, vscode.l10n.t), 'log');
  return 'document';
}

/** Apply Configuration on one node, in a cancellable notification that shows the job's status. */
function applyOne(context: NodeActionContext, item: NodeItem): Promise<ApplyReport> {
  return runWithProgress(vscode.l10n.t('Applying the configuration of "{0}"', nodeName(item.node)),
    (report, signal) => applyAndWatch(context, item, (status) => report(statusWord(status)), signal, true));
}

/**
 * The items of nodes of panel `panelId` as the Nodes view shows them; a node the view has no item for (its
 * panel not shown, its list not drawn) gets an item of its own from the store's copy.
 */
function itemsOf(context: NodeActionContext, panelId: string, nodes: readonly PanelNode[]): NodeItem[] {
  const tree = context.view.treeOf(panelId);
  return nodes.map((node) => tree?.itemOf(node.id) ?? new NodeItem(node, panelId));
}

/**
 * Apply All Pending on panel `panelId` (the active one by default): every dirty node that is not offline,
 * after one confirmation, watched together. The nodes are those its nodes store holds (read first if it
 * holds none yet).
 */
async function applyAllPending(context: NodeActionContext, panelId = context.panels.activeId): Promise<ApplyReport[]> {
  const panel = panelId === undefined ? undefined : context.panels.get(panelId);
  const nodes = panel ? panel.nodes.held ?? await panel.nodes.poll() : [];
  const items = panel ? itemsOf(context, panel.id, nodes.filter((node) => nodeContextValue(node) === 'node.dirty')) : [];
  if (items.length === 0) {
    void context.input.notify('info', vscode.l10n.t('No node has configuration waiting to be applied.'));
    return [];
  }
  const sure = await confirmChange(context, {
    panelId: items[0].panelId,
    action: vscode.l10n.t('Apply to {0} Nodes', numberText(items.length)),
    question: plural(items.length, { one: 'Apply the pending configuration to {0} node?', other: 'Apply the pending configuration to {0} nodes?' }, vscode.l10n.t),
    detail: items.map((item) => nodeName(item.node)).join(', '),
    changes: [applyChange(items)],
  });
  if (!sure) return [];
  const statuses = new Map<string, string>(items.map((item) => [nodeName(item.node), statusWord(undefined)]));
  const reports = await runWithProgress(plural(items.length, { one: 'Applying the configuration of {0} node', other: 'Applying the configuration of {0} nodes' }, vscode.l10n.t),
    // Once cancelled, nodes not started yet are not applied at all.
    (report, signal) => inPool(items, APPLY_ALL_CONCURRENCY, async (item): Promise<ApplyReport> => (signal.aborted
      ? { node: nodeName(item.node), outcome: 'cancelled', seen: [] }
      : applyAndWatch(context, item, (status) => {
        statuses.set(nodeName(item.node), statusWord(status));
        report([...statuses].map(([name, word]) => `${name}: ${word}`).join(' · '));
      }, signal, false))),
  );
  tellBatch(context, reports);
  return reports;
}

/** "Apply the configuration of 2 nodes: "fra-1", "ams-2" (their proxies reload)". */
function applyChange(items: readonly NodeItem[]): string {
  return namesLine(plural(items.length, { one: 'Apply the pending configuration of {0} node (its proxy reloads)', other: 'Apply the pending configuration of {0} nodes (their proxies reload)' }, vscode.l10n.t), items.map((item) => nodeName(item.node)));
}

/**
 * Apply Configuration on the chosen nodes, one after the other; on a protected panel only once its name is
 * typed (an open panel applies at once, as before: the node shows its pending configuration).
 */
async function applyChosen(context: NodeActionContext, chosen: readonly NodeItem[]): Promise<ApplyReport[]> {
  const reports: ApplyReport[] = [];
  for (const [panelId, ofPanel] of byPanel(chosen)) {
    const sure = await confirmChange(context, {
      panelId,
      action: vscode.l10n.t('Apply Configuration'),
      question: plural(ofPanel.length, { one: 'Apply the pending configuration to {0} node?', other: 'Apply the pending configuration to {0} nodes?' }, vscode.l10n.t),
      changes: [applyChange(ofPanel)],
      askOnOpen: false,
    });
    if (!sure) continue;
    for (const node of ofPanel) reports.push(await applyOne(context, node));
  }
  return reports;
}

/** One sentence for a batch: how many landed and which did not, with their errors. */
function tellBatch(context: NodeActionContext, reports: readonly ApplyReport[]): void {
  const landed = reports.filter((report) => report.outcome === 'ok').length;
  const others = reports.filter((report) => report.outcome !== 'ok' && report.outcome !== 'notQueued')
    .map((report) => (report.error ? `${report.node}: ${report.outcome} (${report.error})` : `${report.node}: ${report.outcome}`));
  const sentence = vscode.l10n.t('{0} of {1} nodes applied their configuration.', numberText(landed), numberText(reports.length));
  if (others.length === 0) void context.input.notify('info', sentence);
  else void context.input.notify('warning', `${sentence} ${others.join('; ')}`);
}

/**
 * "Apply Configuration" (inline on a dirty node; each node of a selection; from its key binding, the nodes
 * selected in the Nodes view) and "Apply All Pending".
 */
export function registerApplyConfiguration(context: NodeActionContext, selection: () => readonly unknown[]): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.apply', async (item?: unknown, selected?: unknown) => {
      const chosen = item === undefined ? chosenNodes(selection()[0], selection()) : chosenNodes(item, selected);
      const reports = await applyChosen(context, chosen);
      return reports.length === 1 ? reports[0] : reports;
    }),
    // From the view or the palette: the active panel; given a panel's id (a users-table apply): that panel.
    registerPanelCommand('panelOps.nodes.applyAllPending', (panelId?: unknown) => applyAllPending(context, typeof panelId === 'string' ? panelId : undefined)),
  );
}
