/** Node numbers: Prometheus metrics, stats, probes, profiles (keys on the node) and web carriers. */
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { stableInt } from '../stableNumbers';
import type { NodeRecord } from '../types';

const CARRIERS = ['Vodafone', 'Orange', 'T-Mobile', 'Telia', 'Verizon', 'Singtel'];

function nodeCounters(ctx: HandlerContext, node: NodeRecord) {
  let bound = 0;
  let online = 0;
  let connections = 0;
  for (const key of ctx.panel.data.keys.values()) {
    if (!key.bindings.some((b) => b.node_id === node.id)) continue;
    bound++;
    if (key.live.online && key.bindings[0].node_id === node.id) {
      online++;
      connections += key.live.connections;
    }
  }
  return { bound, online, connections };
}

function metrics(ctx: HandlerContext) {
  const node = ctx.panel.onlineNode(ctx.params.id);
  const { bound, online, connections } = nodeCounters(ctx, node);
  const labels = `node="${node.name}"`;
  const text = [
    '# HELP proxy_connections Open client connections.',
    '# TYPE proxy_connections gauge',
    `proxy_connections{${labels}} ${connections}`,
    '# HELP proxy_keys_bound Keys bound to the node.',
    '# TYPE proxy_keys_bound gauge',
    `proxy_keys_bound{${labels}} ${bound}`,
    '# HELP proxy_keys_online Keys with a live connection.',
    '# TYPE proxy_keys_online gauge',
    `proxy_keys_online{${labels}} ${online}`,
    '# HELP proxy_traffic_bytes_total Bytes relayed.',
    '# TYPE proxy_traffic_bytes_total counter',
    `proxy_traffic_bytes_total{${labels},direction="in"} ${stableInt(`${node.id}:in`, 1e6, 2e9)}`,
    `proxy_traffic_bytes_total{${labels},direction="out"} ${stableInt(`${node.id}:out`, 1e6, 2e9)}`,
    '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
    '# TYPE process_cpu_seconds_total counter',
    `process_cpu_seconds_total{${labels}} ${stableInt(node.id, 100, 90_000)}.25`,
    '',
  ].join('\n');
  return { status: 200, bytes: text, contentType: 'text/plain; version=0.0.4; charset=utf-8' };
}

function stats(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const { bound, online, connections } = nodeCounters(ctx, node);
  return ok({
    node_id: node.id,
    keys_bound: bound,
    keys_online: online,
    connections,
    traffic_in_bytes_24h: node.status === 'offline' ? 0 : stableInt(`${node.id}:in`, 1e6, 2e9),
    traffic_out_bytes_24h: node.status === 'offline' ? 0 : stableInt(`${node.id}:out`, 1e6, 2e9),
  });
}

function probes(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const at = ctx.panel.now().toISOString();
  const items = ['eu-west', 'us-east', 'ap-southeast'].map((region) => ({
    region,
    ok: node.status === 'online' || (node.status === 'degraded' && region !== 'us-east'),
    latency_ms: node.status === 'offline' ? null : stableInt(`${node.id}:${region}`, 15, node.status === 'degraded' ? 1900 : 240),
    checked_at: at,
  }));
  return ok({ node_id: node.id, items });
}

function profiles(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const items = [];
  for (const key of ctx.panel.data.keys.values()) {
    const binding = key.bindings.find((b) => b.node_id === node.id);
    if (binding) items.push({ key_id: key.id, label: key.label, profile_sync: binding.profile_sync });
  }
  return ok({ node_id: node.id, items, total: items.length });
}

export function carrierRows(seed: string) {
  return CARRIERS.map((carrier) => ({
    carrier,
    country: { Vodafone: 'DE', Orange: 'FR', 'T-Mobile': 'PL', Telia: 'FI', Verizon: 'US', Singtel: 'SG' }[carrier],
    success_rate: stableInt(`${seed}:${carrier}`, 70, 100) / 100,
    samples: stableInt(`${seed}:${carrier}:n`, 20, 5000),
  }));
}

export const nodeTelemetryHandlers: HandlerTable = {
  'GET /nodes/{id}/metrics': metrics,
  'GET /nodes/{id}/stats': stats,
  'GET /nodes/{id}/probes': probes,
  'GET /nodes/{id}/profiles': profiles,
  'GET /nodes/{id}/web/carriers': (ctx) => {
    const node = ctx.panel.node(ctx.params.id);
    return ok({ node_id: node.id, items: carrierRows(node.id) });
  },
};
