/**
 * Many keys at once: POST /keys/batch (create), /keys/bulk (state change), /keys/import (from a list). The
 * third reading (SHAPES.md "Readings") takes other bodies and answers otherwise: import entries carry their
 * own `node_ids`, batch answers a bare array, bulk is `{operation, key_ids}`.
 */
import { validationFailed } from '../apiError';
import { FieldErrors, futureDateOrNull, isUuid, oneOf, optionalString, requiredString } from '../fieldChecks';
import { checkCreateRequest, CREATE_KEY_FIELDS, createKey, KEY_TYPES } from '../keyCreation';
import { checkNodeIds } from '../nodeIdList';
import { created, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { ReadingRoute } from '../readings';
import type { KeyRecord } from '../types';
import { viewKey } from './keys';

const MAX_ITEMS = 100;
const BULK_ACTIONS = ['disable', 'enable', 'revoke', 'delete'];
const IMPORT_FIELDS = ['label', 'type', 'note', 'owner_label', 'expires_at'];

const isThird = (ctx: HandlerContext, route: ReadingRoute) => ctx.panel.readings.of(route) === 'third';

function itemsOf(body: Record<string, unknown>, errors: FieldErrors): Record<string, unknown>[] {
  const items = body.items;
  if (!Array.isArray(items) || items.length === 0) errors.check('items', 'at least one item is required');
  else if (items.length > MAX_ITEMS) errors.check('items', `at most ${MAX_ITEMS} items`);
  else if (!items.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) errors.check('items', 'must be an array of objects');
  else return items as Record<string, unknown>[];
  return [];
}

function unknownFields(items: Record<string, unknown>[], allowed: readonly string[], errors: FieldErrors): void {
  items.forEach((item, i) => {
    const extra = Object.keys(item).find((field) => !allowed.includes(field));
    if (extra) errors.check(`items[${i}].${extra}`, 'unknown field');
  });
}

function batch(ctx: HandlerContext) {
  const body = ctx.body.json(['items']);
  const errors = new FieldErrors();
  const items = itemsOf(body, errors);
  unknownFields(items, CREATE_KEY_FIELDS, errors);
  const nodeIds = items.map((item, i) => checkCreateRequest(ctx.panel, item, errors, `items[${i}].`));
  if (errors.any) throw validationFailed(errors.fields);
  const keys = items.map((item, i) =>
    createKey(ctx.panel, ctx.caller, { label: String(item.label), type: item.type as KeyRecord['type'], nodeIds: nodeIds[i], expiresAt: (item.expires_at as string | null | undefined) ?? null }),
  );
  const views = keys.map((key) => viewKey(ctx, key));
  // The third reading answers the keys as a bare array.
  return created(isThird(ctx, 'POST /keys/batch') ? views : { items: views, total: keys.length });
}

function bulk(ctx: HandlerContext) {
  // First reading `{action, ids}`; third `{operation, key_ids}` (each refuses the other's names with a 400).
  const third = isThird(ctx, 'POST /keys/bulk');
  const [actionField, idsField] = third ? ['operation', 'key_ids'] : ['action', 'ids'];
  const body = ctx.body.json([actionField, idsField]);
  const errors = new FieldErrors();
  errors.check(actionField, oneOf(body[actionField], BULK_ACTIONS));
  const ids = body[idsField];
  if (!Array.isArray(ids) || ids.length === 0) errors.check(idsField, 'at least one key id is required');
  else if (ids.length > 1000) errors.check(idsField, 'at most 1000 ids');
  else if (!ids.every(isUuid)) errors.check(idsField, 'must be an array of key uuids');
  if (errors.any) throw validationFailed(errors.fields);
  const action = String(body[actionField]);
  const now = ctx.panel.now().toISOString();
  const skipped: { id: string; reason: string }[] = [];
  const done: string[] = [];
  for (const id of ids as string[]) {
    const key = ctx.panel.data.keys.get(id.toLowerCase());
    if (!key) {
      skipped.push({ id, reason: 'not_found' });
      continue;
    }
    if (key.status === 'revoked' && action !== 'delete') {
      skipped.push({ id, reason: 'key_revoked' });
      continue;
    }
    ctx.panel.markKeyChanged(key);
    if (action === 'disable') key.disabled_at ??= now;
    else if (action === 'enable') key.disabled_at = null;
    else if (action === 'revoke') Object.assign(key, { status: 'revoked', revoked_at: now });
    else ctx.panel.data.keys.delete(key.id);
    ctx.panel.audit.record(ctx.caller, `keys.${action}`, { type: 'key', id: key.id }, { bulk: true });
    done.push(id);
  }
  if (third) return ok({ operation: action, done, failed: skipped.map(({ id, reason }) => ({ key_id: id, error: reason })) });
  return ok({ action, updated: done.length, skipped });
}

function importKeys(ctx: HandlerContext) {
  if (isThird(ctx, 'POST /keys/import')) return importKeysWithNodes(ctx);
  const body = ctx.body.json(['items', 'node_ids']);
  const errors = new FieldErrors();
  const items = itemsOf(body, errors);
  unknownFields(items, IMPORT_FIELDS, errors);
  const nodeIds = checkNodeIds(ctx.panel, body.node_ids, errors, 'node_ids');
  items.forEach((item, i) => checkImportItem(ctx, item, `items[${i}].`, errors));
  if (errors.any) throw validationFailed(errors.fields);
  const keys = items.map((item) => importKey(ctx, item, nodeIds));
  return created({ imported: keys.length, items: keys.map((key) => viewKey(ctx, key)) });
}

function checkImportItem(ctx: HandlerContext, item: Record<string, unknown>, prefix: string, errors: FieldErrors): void {
  errors.check(`${prefix}label`, requiredString(item.label));
  errors.check(`${prefix}type`, oneOf(item.type, KEY_TYPES));
  errors.check(`${prefix}note`, optionalString(item.note));
  errors.check(`${prefix}owner_label`, optionalString(item.owner_label));
  errors.check(`${prefix}expires_at`, futureDateOrNull(item.expires_at, ctx.panel.now()));
}

function importKey(ctx: HandlerContext, item: Record<string, unknown>, nodeIds: readonly string[]): KeyRecord {
  return createKey(ctx.panel, ctx.caller, {
    label: String(item.label),
    type: item.type as KeyRecord['type'],
    nodeIds,
    expiresAt: (item.expires_at as string | null | undefined) ?? null,
    note: typeof item.note === 'string' ? item.note : null,
    ownerLabel: typeof item.owner_label === 'string' ? item.owner_label : '',
  });
}

/**
 * Third reading of import: `{items}` only (a top-level `node_ids` is 400 `unknown field: node_ids`), each
 * entry with its own `node_ids` under the rules of create (2.2); 201 `{data: [key], count}`.
 */
function importKeysWithNodes(ctx: HandlerContext) {
  const body = ctx.body.json(['items']);
  const errors = new FieldErrors();
  const items = itemsOf(body, errors);
  unknownFields(items, [...IMPORT_FIELDS, 'node_ids'], errors);
  const nodeIds = items.map((item, i) => {
    checkImportItem(ctx, item, `items[${i}].`, errors);
    return checkNodeIds(ctx.panel, item.node_ids, errors, `items[${i}].node_ids`);
  });
  if (errors.any) throw validationFailed(errors.fields);
  const keys = items.map((item, i) => importKey(ctx, item, nodeIds[i]));
  return created({ data: keys.map((key) => viewKey(ctx, key)), count: keys.length });
}

export const keyBatchHandlers: HandlerTable = {
  'POST /keys/batch': batch,
  'POST /keys/bulk': bulk,
  'POST /keys/import': importKeys,
};
