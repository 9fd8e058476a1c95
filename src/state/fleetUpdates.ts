/**
 * The updates of the panel's `GET /fleet/updates` answer, whose shape the spec does not give: read
 * defensively (id, status, node_ids, and the raw object). What the Fleet Updates pick and the fleet to-do
 * read. No `vscode` import.
 */
import { listFromResponse } from '../api/listFromResponse';
import type { JsonObject } from '../api/types';
import { textOf } from '../text/plainText';

export interface FleetUpdate {
  readonly id: string;
  readonly status: string;
  readonly running: boolean;
  readonly nodeIds: readonly string[];
  readonly raw: JsonObject;
}

/**
 * The updates of the answer (an array under `items`, `updates` or `data`, or the answer itself), those with an
 * id (a string, or a number: an int64 beyond 2^53 keeps its digits). The nodes are `node_ids`, else the
 * `node_id`s of the update's own per-node states.
 */
export function fleetUpdatesOf(answer: unknown): FleetUpdate[] {
  return listFromResponse(answer, ['items', 'updates', 'data'])
    .filter((item): item is JsonObject => typeof item === 'object' && item !== null && !Array.isArray(item) && ['string', 'number', 'bigint'].includes(typeof (item as JsonObject).id))
    .map((raw) => {
      const status = typeof raw.status === 'string' ? raw.status : '';
      return { id: textOf(raw.id), status, running: ['running', 'queued', 'in_progress', 'pending'].includes(status.toLowerCase()), nodeIds: nodeIdsOf(raw), raw };
    });
}

function nodeIdsOf(raw: JsonObject): string[] {
  if (Array.isArray(raw.node_ids)) return raw.node_ids.filter((id): id is string => typeof id === 'string');
  if (!Array.isArray(raw.nodes)) return [];
  return raw.nodes.flatMap((entry) => (typeof entry === 'object' && entry !== null && !Array.isArray(entry) && typeof entry.node_id === 'string' ? [entry.node_id] : []));
}
