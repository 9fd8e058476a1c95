/**
 * GET /alerts, POST /alerts/{id}/resolve, POST /alerts/resolve {ids}. Alert ids are int64, held as bigint and
 * compared exactly: an id one past 2^53 never matches its rounded neighbour.
 */
import { notFound, validationFailed } from '../apiError';
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { AlertRecord } from '../types';

function list(ctx: HandlerContext) {
  const items = [...ctx.panel.data.alerts].sort((a, b) => Number(a.resolved) - Number(b.resolved) || Date.parse(b.created_at) - Date.parse(a.created_at));
  return ok({ items, total: items.length, unresolved: items.filter((a) => !a.resolved).length });
}

function resolveAlert(ctx: HandlerContext, alert: AlertRecord): void {
  if (alert.resolved) return;
  alert.resolved = true;
  alert.resolved_at = ctx.panel.now().toISOString();
  ctx.panel.audit.record(ctx.caller, 'alerts.resolve', { type: 'alert', id: String(alert.id) });
}

const INT64_MAX = 2n ** 63n - 1n;

/** An int64 alert id from the path or the body: a positive integer no larger than 2^63 - 1. */
function alertId(value: unknown): bigint | undefined {
  const id = typeof value === 'bigint' ? value
    : typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value)
      : typeof value === 'string' && /^\d{1,19}$/.test(value) ? BigInt(value)
        : undefined;
  return id !== undefined && id > 0n && id <= INT64_MAX ? id : undefined;
}

function resolveOne(ctx: HandlerContext) {
  ctx.body.json([]);
  const id = alertId(ctx.params.id);
  const alert = id === undefined ? undefined : ctx.panel.data.alerts.find((a) => a.id === id);
  if (!alert) throw notFound('alert');
  resolveAlert(ctx, alert);
  return ok(alert);
}

function resolveMany(ctx: HandlerContext) {
  const body = ctx.body.json(['ids']);
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0) throw validationFailed({ ids: 'at least one alert id is required' });
  const wanted = ids.map((id) => (typeof id === 'string' ? undefined : alertId(id)));
  if (!wanted.every((id) => id !== undefined)) throw validationFailed({ ids: 'must be an array of int64 alert ids' });
  const resolved: AlertRecord[] = [];
  const missing: bigint[] = [];
  for (const id of new Set(wanted)) {
    const alert = ctx.panel.data.alerts.find((a) => a.id === id);
    if (!alert) missing.push(id);
    else {
      resolveAlert(ctx, alert);
      resolved.push(alert);
    }
  }
  return ok({ resolved: resolved.length, items: resolved, not_found: missing });
}

export const alertHandlers: HandlerTable = {
  'GET /alerts': list,
  'POST /alerts/{id}/resolve': resolveOne,
  'POST /alerts/resolve': resolveMany,
};
