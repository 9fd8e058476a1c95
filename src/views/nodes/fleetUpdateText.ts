/**
 * What the Fleet Updates pick says about one update of the panel's `GET /fleet/updates` answer, whose
 * shape the spec does not give: read defensively (id, status, node_ids, target_version, created_at, and a
 * progress figure when the panel sends one). No `vscode` import: words go through the caller's `Localize`.
 */
import type { JsonObject } from '../../api/types';
import type { Localize } from '../../text/localize';
import { relativeTime } from '../../text/relativeTime';
import { joinParts } from '../../text/plainText';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';
import type { FleetUpdate } from '../../state/fleetUpdates';
export { fleetUpdatesOf, type FleetUpdate } from '../../state/fleetUpdates';

/** A node state of an update that means the update is done with that node (whatever the outcome). */
const NODE_DONE = new Set(['updated', 'done', 'finished', 'succeeded', 'success', 'completed', 'complete', 'ok']);

/**
 * The update's own per-node states, when the panel sends them: `nodes` (or `node_states`) as an array of
 * `{node_id, state|status}` or as an object mapping a node id to its state. Own fields only.
 */
function nodeStatesOf(raw: JsonObject): string[] | undefined {
  const own = (name: string): unknown => (Object.prototype.hasOwnProperty.call(raw, name) ? raw[name] : undefined);
  const states = own('nodes') ?? own('node_states');
  if (Array.isArray(states)) {
    const found = states.map((entry) => {
      if (typeof entry !== 'object' || entry === null) return undefined;
      const record = entry as Record<string, unknown>;
      const state = Object.prototype.hasOwnProperty.call(record, 'state') ? record.state : Object.prototype.hasOwnProperty.call(record, 'status') ? record.status : undefined;
      return typeof state === 'string' ? state : undefined;
    });
    return found.every((state): state is string => state !== undefined) && found.length > 0 ? found : undefined;
  }
  if (typeof states === 'object' && states !== null) {
    const values = Object.keys(states).map((id) => (states as Record<string, unknown>)[id]);
    return values.length > 0 && values.every((state): state is string => typeof state === 'string') ? values : undefined;
  }
  return undefined;
}

/**
 * "42%" or "3/5 nodes" when the panel says how far it is; else "0/2 nodes updated" counted from the
 * update's own node states. Never guessed from the nodes' versions: a node that already ran the target
 * version before the update is not a node this update has updated.
 */
export function fleetProgress(raw: JsonObject, t: Localize): string {
  const percent = raw.progress ?? raw.percent ?? raw.progress_percent;
  if (typeof percent === 'number' && Number.isFinite(percent)) return t('{0}%', numberText(Math.round(percent <= 1 && percent > 0 && !Number.isInteger(percent) ? percent * 100 : percent)));
  const done = raw.done ?? raw.completed ?? raw.nodes_done;
  const total = raw.total ?? (Array.isArray(raw.node_ids) ? raw.node_ids.length : undefined);
  if (typeof done === 'number' && typeof total === 'number') return t('{0}/{1} nodes', numberText(done), numberText(total));
  const states = nodeStatesOf(raw);
  if (!states) return '';
  const updated = states.filter((state) => NODE_DONE.has(state.toLowerCase())).length;
  return t('{0}/{1} nodes updated', numberText(updated), numberText(states.length));
}

/** "running · 3 nodes → 2.1.8 · 42% · started 2 minutes ago" */
export function fleetUpdateDescription(update: FleetUpdate, now: number, t: Localize): string {
  const raw = update.raw;
  const nodes = plural(update.nodeIds.length, { one: '{0} node', other: '{0} nodes' }, t);
  const target = typeof raw.target_version === 'string' ? `${nodes} → ${raw.target_version}` : nodes;
  const started = typeof raw.created_at === 'string' ? t('started {0}', relativeTime(raw.created_at, now, t)) : '';
  const progress = fleetProgress(raw, t);
  return joinParts([update.status || t('status unknown'), target, progress, started], 60);
}
