/** Dashboard, monitoring and status routes: read-only summaries derived from the live data. */
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { deriveKeyState } from '../keyState';
import { stableInt } from '../stableNumbers';
import { carrierRows } from './nodeTelemetry';

const HOUR = 3600_000;

function nodeStatusCounts(ctx: HandlerContext) {
  const counts = { online: 0, offline: 0, degraded: 0, installing: 0 };
  let dirty = 0;
  for (const node of ctx.panel.data.nodes.values()) {
    counts[node.status]++;
    if (node.dirty) dirty++;
  }
  return { total: ctx.panel.data.nodes.size, ...counts, dirty };
}

function summary(ctx: HandlerContext) {
  const nowMs = ctx.panel.now().getTime();
  const keys = { total: 0, active: 0, expiring: 0, online: 0 };
  let connections = 0;
  for (const key of ctx.panel.data.keys.values()) {
    keys.total++;
    const state = deriveKeyState(key, nowMs);
    if (state === 'active') keys.active++;
    if (state === 'expiring') keys.expiring++;
    if (key.live.online) keys.online++;
    connections += key.live.connections;
  }
  return ok({
    nodes: nodeStatusCounts(ctx),
    keys,
    connections,
    alerts: { unresolved: ctx.panel.data.alerts.filter((a) => !a.resolved).length },
    generated_at: new Date(nowMs).toISOString(),
  });
}

function hourlyPoints(seed: string, nowMs: number, hours: number, max: number) {
  const top = Math.floor(nowMs / HOUR) * HOUR;
  return Array.from({ length: hours }, (_, i) => {
    const at = top - (hours - 1 - i) * HOUR;
    return { at: new Date(at).toISOString(), value: stableInt(`${seed}:${at}`, Math.floor(max / 4), max) };
  });
}

function trends(ctx: HandlerContext) {
  const nowMs = ctx.panel.now().getTime();
  const size = Math.max(1, ctx.panel.data.keys.size);
  return ok({
    period: '24h',
    connections: hourlyPoints('connections', nowMs, 24, size * 3),
    keys_online: hourlyPoints('online', nowMs, 24, size),
    traffic_bytes: hourlyPoints('traffic', nowMs, 24, 4_000_000_000),
  });
}

function series(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const nowMs = ctx.panel.now().getTime();
  const offline = node.status === 'offline';
  const points = (metric: string, max: number) => hourlyPoints(`${node.id}:${metric}`, nowMs, 24, max).map((p, i) => (offline && i >= 22 ? { ...p, value: null } : p));
  return ok({ node_id: node.id, period: '24h', step_seconds: 3600, series: { cpu_percent: points('cpu', 100), connections: points('conn', 400), latency_ms: points('lat', 300) } });
}

function overview(ctx: HandlerContext) {
  const nodes = [...ctx.panel.data.nodes.values()].sort((a, b) => a.position - b.position);
  return ok({
    nodes: nodeStatusCounts(ctx),
    items: nodes.map((node) => ({
      node_id: node.id,
      name: node.name,
      status: node.status,
      latency_ms: node.status === 'offline' ? null : stableInt(node.id, 15, node.status === 'degraded' ? 1900 : 240),
      last_seen_at: node.last_seen_at,
    })),
  });
}

function publicStatus(ctx: HandlerContext) {
  const counts = nodeStatusCounts(ctx);
  const status = counts.offline > 0 || counts.degraded > 0 ? 'partial_outage' : 'operational';
  return ok({
    status,
    nodes: [...ctx.panel.data.nodes.values()].map((node) => ({ name: node.name, region: node.region, status: node.status })),
    updated_at: ctx.panel.now().toISOString(),
  });
}

function updateStatus(ctx: HandlerContext) {
  return ok({ current_version: '3.4.1', latest_version: '3.5.0', update_available: true, checked_at: ctx.panel.now().toISOString(), release_notes_url: 'https://example.net/releases/3.5.0' });
}

export const monitoringHandlers: HandlerTable = {
  'GET /dashboard/summary': summary,
  'GET /dashboard/trends': trends,
  'GET /monitoring/nodes/{id}/series': series,
  'GET /monitoring/overview': overview,
  'GET /monitoring/web/carriers': () => ok({ items: carrierRows('fleet') }),
  'GET /status/public': publicStatus,
  'GET /status/update': updateStatus,
};
