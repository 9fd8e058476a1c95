/** The `node_ids` list of key creation, bindings and fleet updates: known node uuids, at least one. */
import { isUuid, type FieldErrors } from './fieldChecks';
import type { PanelRuntime } from './panelRuntime';

/** Checks `node_ids` (at least one known node uuid) into `errors` under `field`. */
export function checkNodeIds(panel: PanelRuntime, value: unknown, errors: FieldErrors, field: string, max = Infinity): string[] {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    errors.check(field, 'at least one node must be bound');
    return [];
  }
  if (!Array.isArray(value) || !value.every(isUuid)) {
    errors.check(field, 'must be an array of node uuids');
    return [];
  }
  if (value.length > max) {
    errors.check(field, `at most ${max} nodes`);
    return [];
  }
  const ids = [...new Set(value.map((id) => id.toLowerCase()))];
  const unknown = ids.filter((id) => !panel.data.nodes.has(id));
  if (unknown.length > 0) errors.check(field, `unknown node ${unknown[0]}`);
  return ids;
}
