/**
 * What the Fleet Updates pick says about one update of the panel's `GET /fleet/updates` answer, whose
 * shape the spec does not give: read defensively (id, status, node_ids, target_version, created_at, and a
 * progress figure when the panel sends one). No `vscode` import: words go through the caller's `Localize`.
 */
import type { JsonObject } from '../../api/types';
import type { Localize } from '../shared/localize';
import { relativeTime } from '../../text/relativeTime';
import { joinParts } from '../users/userDescription';
import { plural } from '../../text/plural';

export interface FleetUpdate {
  readonly id: string;
  readonly status: string;
  readonly running: boolean;
  readonly nodeIds: readonly string[];
  readonly raw: JsonObject;
}

/** The updates of the answer (an array under `items`, or the answer itself), those with an id. */
export function fleetUpdatesOf(answer: unknown): FleetUpdate[] {
  const items = Array.isArray(answer) ? answer : typeof answer === 'object' && answer !== null ? (answer as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return [];
  return items.filter((item): item is JsonObject => typeof item === 'object' && item !== null && (typeof item.id === 'string' || typeof item.id === 'number'))
    .map((raw) => {
      const status = typeof raw.status === 'string' ? raw.status : '';
      const nodeIds = Array.isArray(raw.node_ids) ? raw.node_ids.filter((id): id is string => typeof id === 'string') : [];
      return { id: String(raw.id), status, running: ['running', 'queued', 'in_progress', 'pending'].includes(status.toLowerCase()), nodeIds, raw };
    });
}

/**
 * "42%" or "3/5 nodes" when the panel says how far it is; else, for a running update, how many of its
 * nodes already run the target version (`engineVersionOf` reads a node's version from a fresh node list).
 */
export function fleetProgress(raw: JsonObject, t: Localize, engineVersionOf?: (nodeId: string) => unknown): string {
  const percent = raw.progress ?? raw.percent ?? raw.progress_percent;
  if (typeof percent === 'number' && Number.isFinite(percent)) return t('{0}%', Math.round(percent <= 1 && percent > 0 && !Number.isInteger(percent) ? percent * 100 : percent));
  const done = raw.done ?? raw.completed ?? raw.nodes_done;
  const total = raw.total ?? (Array.isArray(raw.node_ids) ? raw.node_ids.length : undefined);
  if (typeof done === 'number' && typeof total === 'number') return t('{0}/{1} nodes', done, total);
  const ids = Array.isArray(raw.node_ids) ? raw.node_ids.filter((id): id is string => typeof id === 'string') : [];
  if (!engineVersionOf || typeof raw.target_version !== 'string' || ids.length === 0) return '';
  const updated = ids.filter((id) => engineVersionOf(id) === raw.target_version).length;
  return t('{0}/{1} nodes updated', updated, ids.length);
}

/** "running · 3 nodes → 2.1.8 · 42% · started 2 minutes ago" */
export function fleetUpdateDescription(update: FleetUpdate, now: number, t: Localize, engineVersionOf?: (nodeId: string) => unknown): string {
  const raw = update.raw;
  const nodes = plural(update.nodeIds.length, { one: '{0} node', other: '{0} nodes' }, t);
  const target = typeof raw.target_version === 'string' ? `${nodes} → ${raw.target_version}` : nodes;
  const started = typeof raw.created_at === 'string' ? t('started {0}', relativeTime(raw.created_at, now, t)) : '';
  const progress = fleetProgress(raw, t, update.running ? engineVersionOf : undefined);
  return joinParts([update.status || t('status unknown'), target, progress, started], 60);
}
