/** Fleet engine updates: list, start (202, node_ids 1 to 100), stop (409 once finished or stopped). */
import { conflict, notFound, validationFailed } from '../apiError';
import { FieldErrors, isUuid } from '../fieldChecks';
import { checkNodeIds } from '../nodeIdList';
import { accepted, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { FleetUpdateRecord } from '../types';

const TARGET_VERSION = '2.1.8';

function list(ctx: HandlerContext) {
  const items = [...ctx.panel.data.fleetUpdates.values()].reverse();
  return ok({ items, total: items.length });
}

function start(ctx: HandlerContext) {
  const body = ctx.body.json(['node_ids']);
  const errors = new FieldErrors();
  const nodeIds = checkNodeIds(ctx.panel, body.node_ids, errors, 'node_ids', 100);
  if (errors.any) throw validationFailed(errors.fields);
  const update: FleetUpdateRecord = {
    id: ctx.panel.newId(),
    status: 'running',
    node_ids: nodeIds,
    nodes: nodeIds.map((nodeId) => ({ node_id: nodeId, state: 'pending' })),
    engine: ctx.panel.names.engine,
    target_version: TARGET_VERSION,
    created_at: ctx.panel.now().toISOString(),
    finished_at: null,
    stopped_at: null,
    created_by: ctx.caller.account.username,
  };
  ctx.panel.data.fleetUpdates.set(update.id, update);
  ctx.panel.scheduler.after(ctx.panel.jobStepMs * 2, () => {
    if (update.status !== 'running' && update.status !== 'queued') return;
    update.status = 'finished';
    update.finished_at = ctx.panel.now().toISOString();
    for (const entry of update.nodes) {
      const node = ctx.panel.data.nodes.get(entry.node_id);
      if (node && node.status !== 'offline') node.engine_version = TARGET_VERSION;
      entry.state = node && node.status !== 'offline' ? 'updated' : 'failed';
    }
  });
  ctx.panel.audit.record(ctx.caller, 'fleet.updates.start', { type: 'fleet_update', id: update.id }, { node_ids: nodeIds });
  return accepted(update);
}

function stop(ctx: HandlerContext) {
  ctx.body.json([]);
  const update = isUuid(ctx.params.id) ? ctx.panel.data.fleetUpdates.get(ctx.params.id.toLowerCase()) : undefined;
  if (!update) throw notFound('fleet update');
  if (update.status !== 'running' && update.status !== 'queued') throw conflict(`the fleet update is already ${update.status}`, 'not_running');
  update.status = 'stopped';
  update.stopped_at = ctx.panel.now().toISOString();
  for (const entry of update.nodes) if (entry.state === 'pending') entry.state = 'skipped';
  ctx.panel.audit.record(ctx.caller, 'fleet.updates.stop', { type: 'fleet_update', id: update.id });
  return ok(update);
}

export const fleetUpdateHandlers: HandlerTable = {
  'GET /fleet/updates': list,
  'POST /fleet/updates': start,
  'POST /fleet/updates/{id}/stop': stop,
};
