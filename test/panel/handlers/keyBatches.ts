/** Many keys at once: POST /keys/batch (create), /keys/bulk (state change), /keys/import (from a list). */
import { validationFailed } from '../apiError';
import { FieldErrors, futureDateOrNull, isUuid, oneOf, optionalString, requiredString } from '../fieldChecks';
import { checkCreateRequest, CREATE_KEY_FIELDS, createKey, KEY_TYPES } from '../keyCreation';
import { checkNodeIds } from '../nodeIdList';
import { created, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { KeyRecord } from '../types';
import { viewKey } from './keys';

const MAX_ITEMS = 100;
const BULK_ACTIONS = ['disable', 'enable', 'revoke', 'delete'];
const IMPORT_FIELDS = ['label', 'type', 'note', 'owner_label', 'expires_at'];

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
  return created({ items: keys.map((key) => viewKey(ctx, key)), total: keys.length });
}

function bulk(ctx: HandlerContext) {
  const body = ctx.body.json(['action', 'ids']);
  const errors = new FieldErrors();
  errors.check('action', oneOf(body.action, BULK_ACTIONS));
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length === 0) errors.check('ids', 'at least one key id is required');
  else if (ids.length > 1000) errors.check('ids', 'at most 1000 ids');
  else if (!ids.every(isUuid)) errors.check('ids', 'must be an array of key uuids');
  if (errors.any) throw validationFailed(errors.fields);
  const now = ctx.panel.now().toISOString();
  const skipped: { id: string; reason: string }[] = [];
  let updated = 0;
  for (const id of ids as string[]) {
    const key = ctx.panel.data.keys.get(id.toLowerCase());
    if (!key) {
      skipped.push({ id, reason: 'not_found' });
      continue;
    }
    if (key.status === 'revoked' && body.action !== 'delete') {
      skipped.push({ id, reason: 'key_revoked' });
      continue;
    }
    ctx.panel.markKeyChanged(key);
    if (body.action === 'disable') key.disabled_at ??= now;
    else if (body.action === 'enable') key.disabled_at = null;
    else if (body.action === 'revoke') Object.assign(key, { status: 'revoked', revoked_at: now });
    else ctx.panel.data.keys.delete(key.id);
    ctx.panel.audit.record(ctx.caller, `keys.${String(body.action)}`, { type: 'key', id: key.id }, { bulk: true });
    updated++;
  }
  return ok({ action: body.action, updated, skipped });
}

function importKeys(ctx: HandlerContext) {
  const body = ctx.body.json(['items', 'node_ids']);
  const errors = new FieldErrors();
  const items = itemsOf(body, errors);
  unknownFields(items, IMPORT_FIELDS, errors);
  const nodeIds = checkNodeIds(ctx.panel, body.node_ids, errors, 'node_ids');
  items.forEach((item, i) => {
    errors.check(`items[${i}].label`, requiredString(item.label));
    errors.check(`items[${i}].type`, oneOf(item.type, KEY_TYPES));
    errors.check(`items[${i}].note`, optionalString(item.note));
    errors.check(`items[${i}].owner_label`, optionalString(item.owner_label));
    errors.check(`items[${i}].expires_at`, futureDateOrNull(item.expires_at, ctx.panel.now()));
  });
  if (errors.any) throw validationFailed(errors.fields);
  const keys = items.map((item) =>
    createKey(ctx.panel, ctx.caller, {
      label: String(item.label),
      type: item.type as KeyRecord['type'],
      nodeIds,
      expiresAt: (item.expires_at as string | null | undefined) ?? null,
      note: typeof item.note === 'string' ? item.note : null,
      ownerLabel: typeof item.owner_label === 'string' ? item.owner_label : '',
    }),
  );
  return created({ imported: keys.length, items: keys.map((key) => viewKey(ctx, key)) });
}

export const keyBatchHandlers: HandlerTable = {
  'POST /keys/batch': batch,
  'POST /keys/bulk': bulk,
  'POST /keys/import': importKeys,
};
