/** GET/POST /keys, GET/PATCH/DELETE /keys/{id}, GET /keys/summary (spec 2.1, 2.2, 4.1). */
import { conflict, validationFailed } from '../apiError';
import { FieldErrors, futureDateOrNull, isUuid, oneOf, optionalString } from '../fieldChecks';
import { checkCreateRequest, CREATE_KEY_FIELDS, createKey, KEY_TYPES } from '../keyCreation';
import { deriveKeyState } from '../keyState';
import { keyView, type KeyViewer } from '../keyView';
import { created, noContent, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { intParam } from '../queryParams';
import type { KeyRecord, KeyState } from '../types';

const KEY_STATUSES = ['pending', 'active', 'revoked'];
const KEY_STATES: readonly KeyState[] = ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'];
const UPDATE_KEY_FIELDS = ['label', 'note', 'owner_label', 'expires_at', 'carrier_mode', 'limits'];
const CARRIER_MODES = ['auto', 'direct', 'relay'];

function viewerOf(ctx: HandlerContext): KeyViewer {
  return { seesSecrets: ctx.caller.scopes.has('users:write'), nowMs: ctx.panel.now().getTime() };
}

export function viewKey(ctx: HandlerContext, key: KeyRecord): Record<string, unknown> {
  return keyView(key, ctx.panel.data.nodes, viewerOf(ctx));
}

function listKeys(ctx: HandlerContext) {
  const { query } = ctx;
  const page = intParam(query.get('page'), 1, Number.MAX_SAFE_INTEGER, 1);
  const perPage = intParam(query.get('per_page'), 1, 200, 50);
  const errors = new FieldErrors();
  const type = query.get('type') ?? undefined;
  const status = query.get('status') ?? undefined;
  const state = query.get('state') ?? undefined;
  const node = query.get('node') ?? undefined;
  errors.check('type', oneOf(type, KEY_TYPES, false));
  errors.check('status', oneOf(status, KEY_STATUSES, false));
  errors.check('state', oneOf(state, KEY_STATES, false));
  if (node !== undefined && !isUuid(node)) errors.check('node', 'must be a node uuid');
  if (errors.any) throw validationFailed(errors.fields);

  const viewer = viewerOf(ctx);
  const q = (query.get('q') ?? '').trim().toLowerCase();
  const nodeId = node?.toLowerCase();
  const all = Array.from(ctx.panel.data.keys.values());
  const start = (page - 1) * perPage;
  const items: Record<string, unknown>[] = [];
  let total = 0;
  // Newest first.
  for (let i = all.length - 1; i >= 0; i--) {
    const key = all[i];
    if (type && key.type !== type) continue;
    if (status && key.status !== status) continue;
    if (nodeId && !key.bindings.some((b) => b.node_id === nodeId)) continue;
    if (q && !matchesQuery(key, q, viewer.seesSecrets)) continue;
    if (state && deriveKeyState(key, viewer.nowMs) !== state) continue;
    if (total >= start && items.length < perPage) items.push(keyView(key, ctx.panel.data.nodes, viewer));
    total++;
  }
  return ok({ items, total, page, per_page: perPage });
}

/** Rule 4.1.2: label, owner_label and note; subscription slugs only for tokens with users:write. */
function matchesQuery(key: KeyRecord, q: string, withSlugs: boolean): boolean {
  return (
    key.label.toLowerCase().includes(q) ||
    key.owner_label.toLowerCase().includes(q) ||
    (key.note ?? '').toLowerCase().includes(q) ||
    (withSlugs && (key.sub_slug ?? '').toLowerCase().includes(q))
  );
}

function postKey(ctx: HandlerContext) {
  const body = ctx.body.json(CREATE_KEY_FIELDS);
  const errors = new FieldErrors();
  const nodeIds = checkCreateRequest(ctx.panel, body, errors);
  if (errors.any) throw validationFailed(errors.fields);
  const key = createKey(ctx.panel, ctx.caller, {
    label: body.label as string,
    type: body.type as KeyRecord['type'],
    nodeIds,
    expiresAt: (body.expires_at as string | null | undefined) ?? null,
  });
  return created(viewKey(ctx, key));
}

function patchKey(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  const body = ctx.body.json(UPDATE_KEY_FIELDS);
  const errors = new FieldErrors();
  if ('label' in body) errors.check('label', typeof body.label === 'string' && body.label.trim() !== '' ? undefined : 'must be a non-empty string');
  if (body.note !== null) errors.check('note', optionalString(body.note));
  errors.check('owner_label', optionalString(body.owner_label));
  errors.check('expires_at', futureDateOrNull(body.expires_at, ctx.panel.now()));
  errors.check('carrier_mode', oneOf(body.carrier_mode, CARRIER_MODES, false));
  if ('limits' in body && body.limits !== null && (typeof body.limits !== 'object' || Array.isArray(body.limits))) {
    errors.check('limits', 'must be an object or null');
  }
  if (errors.any) throw validationFailed(errors.fields);
  if (key.status === 'revoked') throw conflict('the key is revoked', 'key_revoked');
  if (typeof body.label === 'string') key.label = body.label;
  if ('note' in body) key.note = body.note as string | null;
  if (typeof body.owner_label === 'string') key.owner_label = body.owner_label;
  if ('expires_at' in body) key.expires_at = body.expires_at === null ? null : new Date(Date.parse(body.expires_at as string)).toISOString();
  if (typeof body.carrier_mode === 'string') key.carrier_mode = body.carrier_mode;
  if ('limits' in body) key.limits = body.limits as KeyRecord['limits'];
  ctx.panel.markKeyChanged(key);
  ctx.panel.audit.record(ctx.caller, 'keys.update', { type: 'key', id: key.id }, { fields: Object.keys(body) });
  return ok(viewKey(ctx, key));
}

function deleteKey(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  ctx.panel.markKeyChanged(key);
  ctx.panel.data.keys.delete(key.id);
  ctx.panel.audit.record(ctx.caller, 'keys.delete', { type: 'key', id: key.id }, { label: key.label });
  return noContent;
}

function summary(ctx: HandlerContext) {
  const nowMs = ctx.panel.now().getTime();
  const byState: Record<string, number> = Object.fromEntries(KEY_STATES.map((s) => [s, 0]));
  const byType: Record<string, number> = { PERSONAL: 0, SHARED: 0 };
  let online = 0;
  let devices = 0;
  for (const key of ctx.panel.data.keys.values()) {
    byState[deriveKeyState(key, nowMs)]++;
    byType[key.type]++;
    if (key.live.online) online++;
    devices += key.live.devices;
  }
  return ok({ total: ctx.panel.data.keys.size, by_state: byState, by_type: byType, online, devices });
}

export const keyHandlers: HandlerTable = {
  'GET /keys': listKeys,
  'POST /keys': postKey,
  'GET /keys/summary': summary,
  'GET /keys/{id}': (ctx) => ok(viewKey(ctx, ctx.panel.key(ctx.params.id))),
  'PATCH /keys/{id}': patchKey,
  'DELETE /keys/{id}': deleteKey,
};
