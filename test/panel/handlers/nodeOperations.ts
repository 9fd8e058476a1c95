/** Live node operations: restart, check, diagnostics, health, engine update, web lifecycle (503 when offline, 502 on failure). */
import { ApiError, validationFailed } from '../apiError';
import { oneOf } from '../fieldChecks';
import { accepted, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { secondReadingBody } from '../readings';
import { stableInt } from '../stableNumbers';
import type { NodeRecord } from '../types';

const LATEST_ENGINE_VERSION = '2.1.8';

function nodeFailure(node: NodeRecord, operation: string): ApiError {
  return new ApiError(502, 'node_operation_failed', `${operation} failed on ${node.name}: the node agent answered with exit status 1`);
}

function restart(ctx: HandlerContext) {
  ctx.body.json([]);
  const node = ctx.panel.onlineNode(ctx.params.id);
  if (node.failure === 'apply-fails') throw nodeFailure(node, 'restart');
  ctx.panel.audit.record(ctx.caller, 'nodes.restart', { type: 'node', id: node.id });
  return ok({ node_id: node.id, restarted: true, at: ctx.panel.now().toISOString() });
}

function checks(node: NodeRecord) {
  const degraded = node.status === 'degraded';
  return [
    { name: 'agent', ok: true, detail: `agent ${node.agent_version} answered` },
    { name: 'engine', ok: node.failure !== 'apply-fails', detail: node.failure === 'apply-fails' ? 'engine not running' : 'engine running' },
    { name: 'tls', ok: true, detail: 'certificate valid for 61 days' },
    { name: 'latency', ok: !degraded, detail: degraded ? 'p95 1840 ms' : `p95 ${stableInt(node.id, 20, 90)} ms` },
  ];
}

function check(ctx: HandlerContext) {
  ctx.body.json([]);
  const node = ctx.panel.onlineNode(ctx.params.id);
  const results = checks(node);
  ctx.panel.audit.record(ctx.caller, 'nodes.check', { type: 'node', id: node.id });
  return ok({ node_id: node.id, ok: results.every((r) => r.ok), checked_at: ctx.panel.now().toISOString(), checks: results });
}

function diagnostics(ctx: HandlerContext) {
  const node = ctx.panel.onlineNode(ctx.params.id);
  const lastFailed = ctx.panel.data.jobs.filter((j) => j.node_id === node.id && j.status === 'failed').pop();
  return ok({
    node_id: node.id,
    ran_at: ctx.panel.now().toISOString(),
    checks: checks(node),
    last_error: lastFailed?.error ?? null,
    system: { kernel: '6.1.0-27-amd64', uptime_seconds: stableInt(node.id, 3600, 9_000_000), open_files: stableInt(node.id, 200, 4000) },
  });
}

function webDiagnostics(ctx: HandlerContext) {
  // The second reading takes no body fields (it tests the node's own cover site); `url` is refused.
  const body = ctx.panel.readings.of('POST /nodes/{id}/diagnostics/web') === 'second' ? secondReadingBody(ctx.body, []) : ctx.body.json(['url']);
  const node = ctx.panel.onlineNode(ctx.params.id);
  return ok({
    node_id: node.id,
    url: typeof body.url === 'string' ? body.url : `https://${node.hostname}/`,
    ok: node.status === 'online',
    status: node.status === 'online' ? 200 : 504,
    tls: { valid: true, issuer: 'R11', expires_at: new Date(ctx.panel.now().getTime() + 61 * 86_400_000).toISOString() },
    timing_ms: { dns: 4, connect: stableInt(node.id, 10, 80), tls: 22, first_byte: stableInt(node.hostname, 30, 300) },
  });
}

function health(ctx: HandlerContext) {
  const node = ctx.panel.onlineNode(ctx.params.id);
  return ok({
    node_id: node.id,
    status: node.status,
    healthy: node.status === 'online' && node.failure !== 'apply-fails',
    uptime_seconds: stableInt(node.id, 3600, 9_000_000),
    cpu_percent: node.status === 'degraded' ? 93 : stableInt(node.id, 3, 60),
    memory_percent: stableInt(node.hostname, 20, 80),
    disk_percent: node.status === 'degraded' ? 91 : stableInt(node.name, 10, 70),
    engine: { name: ctx.panel.names.engine, version: node.engine_version, running: node.failure !== 'apply-fails' },
    checked_at: ctx.panel.now().toISOString(),
  });
}

function engineUpdateStatus(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  return ok({
    node_id: node.id,
    engine: ctx.panel.names.engine,
    current_version: node.engine_version,
    latest_version: LATEST_ENGINE_VERSION,
    update_available: node.engine_version !== LATEST_ENGINE_VERSION,
    status: 'idle',
  });
}

function engineUpdateStart(ctx: HandlerContext) {
  const body = ctx.body.json(['version']);
  const node = ctx.panel.onlineNode(ctx.params.id);
  if (body.version !== undefined && typeof body.version !== 'string') throw validationFailed({ version: 'must be a string' });
  const target = typeof body.version === 'string' ? body.version : LATEST_ENGINE_VERSION;
  ctx.panel.audit.record(ctx.caller, 'nodes.engine_update', { type: 'node', id: node.id }, { version: target });
  ctx.panel.scheduler.after(ctx.panel.jobStepMs * 2, () => (node.engine_version = target));
  return accepted({ node_id: node.id, engine: ctx.panel.names.engine, status: 'updating', target_version: target });
}

function webLifecycle(ctx: HandlerContext) {
  const body = ctx.body.json(['action']);
  const problem = oneOf(body.action, ['start', 'stop', 'reload']);
  if (problem) throw validationFailed({ action: problem });
  const node = ctx.panel.onlineNode(ctx.params.id);
  node.site.enabled = body.action !== 'stop';
  ctx.panel.audit.record(ctx.caller, 'nodes.web.lifecycle', { type: 'node', id: node.id }, { action: body.action });
  return ok({ node_id: node.id, action: body.action, state: node.site.enabled ? 'running' : 'stopped' });
}

export const nodeOperationHandlers: HandlerTable = {
  'POST /nodes/{id}/restart': restart,
  'POST /nodes/{id}/check': check,
  'GET /nodes/{id}/diagnostics': diagnostics,
  'POST /nodes/{id}/diagnostics/web': webDiagnostics,
  'GET /nodes/{id}/health': health,
  'GET /nodes/{id}/<engine>-update': engineUpdateStatus,
  'POST /nodes/{id}/<engine>-update': engineUpdateStart,
  'POST /nodes/{id}/web/lifecycle': webLifecycle,
};
