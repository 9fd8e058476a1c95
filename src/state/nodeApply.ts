/**
 * Queuing an apply of a node's configuration (`POST /nodes/{id}/apply`, 202 without a job id), written once
 * beside the panel's nodes store: Apply Configuration (each node, Apply All Pending, the one offered after a
 * users-table apply) and the chat tool run `queueApply` through the action runner. Before sending it reads
 * the node's recent jobs (through the panel's node-details store, so Recent jobs follow) as the baseline; a
 * lost answer is settled by reading them again: a new job says the apply was queued, and it is never sent
 * a second time (spec part 8). After a queued apply the node is read again (`apply`); a caller that watches
 * the apply land (the command) takes the node from its watch instead. No `vscode` import.
 */
import type { PanelApi } from '../api/index';
import type { ApplyJob } from '../api/types';
import type { Localize } from '../text/localize';
import { newJob } from './applyWatcher';
import type { PanelStoresLookup } from './panelStores';

/** How many recent jobs make the baseline a new apply job is told from. */
export const BASELINE_JOBS = 20;

/** An apply as the action runner runs it, and what it learnt: the jobs before it, and whether a lost answer had queued it. */
export interface ApplyQueue {
  readonly run: (api: PanelApi, signal: AbortSignal) => Promise<unknown>;
  /** Reads the node again into its panel's nodes store (it shows the apply's effect as the panel holds it). */
  readonly apply: () => void;
  readonly reconcile: (api: PanelApi, signal: AbortSignal) => Promise<string>;
  /** The node's recent jobs read before sending; undefined when the request was never sent. */
  readonly baseline: () => readonly ApplyJob[] | undefined;
  /** After a lost answer: whether the panel shows a new job, i.e. the apply was queued. */
  readonly queuedAfterLoss: () => boolean;
}

/** The node's latest jobs through its panel's node-details store; throws once the panel is signed out. */
function jobsOf(panels: Pick<PanelStoresLookup, 'require'>, panelId: string, nodeId: string, signal: AbortSignal): Promise<readonly ApplyJob[]> {
  return panels.require(panelId).nodeDetails.readJobs(nodeId, BASELINE_JOBS, signal);
}

/**
 * Queues an apply on node `nodeId` of panel `panelId`; `name` is the node's name as sentences show it.
 * `watching` says what the reconciliation tells when the apply was queued (the command goes on watching it).
 */
export function queueApply(panels: Pick<PanelStoresLookup, 'get' | 'require'>, panelId: string, nodeId: string, name: string, t: Localize, watching = false): ApplyQueue {
  let baseline: readonly ApplyJob[] | undefined;
  let queuedAfterLoss = false;
  return {
    run: async (api, signal) => {
      baseline = await jobsOf(panels, panelId, nodeId, signal);
      return api.nodes.apply(nodeId, { signal });
    },
    apply: () => {
      void panels.get(panelId)?.nodes.refresh(nodeId).catch(() => undefined);
    },
    reconcile: async (_api, signal) => {
      const jobs = await jobsOf(panels, panelId, nodeId, signal);
      queuedAfterLoss = baseline !== undefined && newJob(baseline, jobs) !== undefined;
      if (!queuedAfterLoss) return t('The panel shows no new apply job on "{0}" yet. Look at its Recent jobs before applying again: a late apply may still appear.', name);
      return watching ? t('The panel queued the apply on "{0}"; watching it now.', name) : t('The panel queued the apply on "{0}".', name);
    },
    baseline: () => baseline,
    queuedAfterLoss: () => queuedAfterLoss,
  };
}
