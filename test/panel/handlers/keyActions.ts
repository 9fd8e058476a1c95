/** Key state changes (spec 3): disable, enable, revoke, rotate, and node bindings. */
import { conflict, notFound, validationFailed } from '../apiError';
import { FieldErrors, isUuid } from '../fieldChecks';
import { checkNodeIds } from '../nodeIdList';
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { KeyRecord } from '../types';
import { viewKey } from './keys';

function liveKey(ctx: HandlerContext, action: string): KeyRecord {
  ctx.body.json([]);
  const key = ctx.panel.key(ctx.params.id);
  if (key.status === 'revoked') throw conflict(`cannot ${action} a revoked key`, 'key_revoked');
  return key;
}

function changed(ctx: HandlerContext, key: KeyRecord, action: string, details: Record<string, unknown> = {}) {
  ctx.panel.markKeyChanged(key);
  ctx.panel.audit.record(ctx.caller, action, { type: 'key', id: key.id }, details);
  return ok(viewKey(ctx, key));
}

function disable(ctx: HandlerContext) {
  const key = liveKey(ctx, 'disable');
  key.disabled_at ??= ctx.panel.now().toISOString();
  key.live = { ...key.live, online: false, connections: 0 };
  return changed(ctx, key, 'keys.disable');
}

/** Enabling clears the disable only: an expired access date stays, a revocation is a 409. */
function enable(ctx: HandlerContext) {
  const key = liveKey(ctx, 'enable');
  key.disabled_at = null;
  return changed(ctx, key, 'keys.enable');
}

function revoke(ctx: HandlerContext) {
  const key = liveKey(ctx, 'revoke');
  key.status = 'revoked';
  key.revoked_at = ctx.panel.now().toISOString();
  key.live = { ...key.live, online: false, connections: 0 };
  return changed(ctx, key, 'keys.revoke');
}

function rotate(ctx: HandlerContext) {
  const key = liveKey(ctx, 'rotate');
  key.secret = `ee${ctx.panel.newHex(16)}`;
  return changed(ctx, key, 'keys.rotate');
}

function addBindings(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  const body = ctx.body.json(['node_ids']);
  const errors = new FieldErrors();
  const nodeIds = checkNodeIds(ctx.panel, body.node_ids, errors, 'node_ids');
  if (errors.any) throw validationFailed(errors.fields);
  if (key.status === 'revoked') throw conflict('cannot bind a revoked key', 'key_revoked');
  const added = nodeIds.filter((id) => !key.bindings.some((b) => b.node_id === id));
  key.bindings.push(...added.map((node_id) => ({ node_id, profile_sync: 'pending' as const })));
  return changed(ctx, key, 'keys.bindings.add', { node_ids: added });
}

function removeBinding(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  const nodeId = ctx.params.node.toLowerCase();
  const index = isUuid(nodeId) ? key.bindings.findIndex((b) => b.node_id === nodeId) : -1;
  if (index < 0) throw notFound('binding');
  if (key.bindings.length === 1) throw conflict('a key must stay bound to at least one node', 'last_binding');
  ctx.panel.markKeyChanged(key);
  key.bindings.splice(index, 1);
  const node = ctx.panel.data.nodes.get(nodeId);
  if (node) node.dirty = true;
  ctx.panel.audit.record(ctx.caller, 'keys.bindings.remove', { type: 'key', id: key.id }, { node_id: nodeId });
  return ok(viewKey(ctx, key));
}

export const keyActionHandlers: HandlerTable = {
  'POST /keys/{id}/disable': disable,
  'POST /keys/{id}/enable': enable,
  'POST /keys/{id}/revoke': revoke,
  'POST /keys/{id}/rotate': rotate,
  'POST /keys/{id}/bindings': addBindings,
  'DELETE /keys/{id}/bindings/{node}': removeBinding,
};
