/** GET /alerts, POST /alerts/{id}/resolve, POST /alerts/resolve {ids}. Alert ids are int64. */
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

function resolveOne(ctx: HandlerContext) {
  ctx.body.json([]);
  const raw = ctx.params.id;
  const alert = /^\d{1,18}$/.test(raw) ? ctx.panel.data.alerts.find((a) => a.id === Number(raw)) : undefined;
  if (!alert) throw notFound('alert');
  resolveAlert(ctx, alert);
  return ok(alert);
}

function resolveMany(ctx: HandlerContext) {
  const body = ctx.body.json(['ids']);
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0) throw validationFailed({ ids: 'at least one alert id is required' });
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw validationFailed({ ids: 'must be an array of int64 alert ids' });
  const resolved: AlertRecord[] = [];
  const missing: number[] = [];
  for (const id of new Set(ids as number[])) {
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
