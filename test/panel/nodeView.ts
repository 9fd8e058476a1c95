/** The node object as clients see it (spec 2.3 names name, status, dirty, last_apply_at; the rest is ours). */
import type { NodeRecord, PanelData } from './types';

export function keyCountsByNode(data: PanelData): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of data.keys.values()) {
    for (const binding of key.bindings) counts.set(binding.node_id, (counts.get(binding.node_id) ?? 0) + 1);
  }
  return counts;
}

export function nodeView(node: NodeRecord, engine: string, keysBound: number): Record<string, unknown> {
  return {
    id: node.id,
    name: node.name,
    hostname: node.hostname,
    ip: node.ip,
    region: node.region,
    status: node.status,
    dirty: node.dirty,
    last_apply_at: node.last_apply_at,
    last_seen_at: node.last_seen_at,
    created_at: node.created_at,
    engine,
    engine_version: node.engine_version,
    agent_version: node.agent_version,
    position: node.position,
    note: node.note,
    keys_bound: keysBound,
  };
}
