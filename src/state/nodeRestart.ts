/**
 * Restarting a node's engine (`POST /nodes/{id}/restart`), written once beside the panel's nodes store:
 * the node's Restart command and the fleet to-do's Restart Node run `restartNode` through the action
 * runner, after the guard of the node's panel asked what it lists here. A restart leaves nothing to read
 * back: a lost answer is told like any failure, and the node's status at the next read of the nodes shows
 * whether it is up again. No `vscode` import: sentences take the caller's `t`.
 */
import type { PanelApi } from '../api/index';
import type { JsonObject } from '../api/types';
import type { Localize } from '../text/localize';

/** A restart as the guard asks it and the action runner runs it. */
export interface NodeRestart {
  /** The guard's words: its button, its question, what follows, and the one change listed. */
  readonly action: string;
  readonly question: string;
  readonly detail: string;
  readonly change: string;
  readonly busyLabel: string;
  readonly failure: string;
  readonly run: (api: PanelApi, signal: AbortSignal) => Promise<JsonObject | undefined>;
  readonly reconcile: { readonly nothingToReconcile: string };
}

/** Restarts node `nodeId`; `name` is the node's name as sentences show it. */
export function restartNode(nodeId: string, name: string, t: Localize): NodeRestart {
  return {
    action: t('Restart'),
    question: t('Restart "{0}"?', name),
    detail: t('Connections through the node drop while its engine restarts.'),
    change: t('Restart the engine of node "{0}": its connections drop meanwhile', name),
    busyLabel: t('Restarting…'),
    failure: t('Could not restart "{0}"', name),
    run: (api, signal) => api.nodes.restart(nodeId, { signal }),
    reconcile: { nothingToReconcile: 'a restart leaves nothing to read back: the node\'s status in the Nodes view shows whether it is up again' },
  };
}
