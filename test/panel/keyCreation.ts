/** The create-key request of spec 2.2, shared by POST /keys, /keys/batch and /keys/import. */
import { FieldErrors, futureDateOrNull, oneOf, requiredString } from './fieldChecks';
import { checkNodeIds } from './nodeIdList';
import type { PanelRuntime } from './panelRuntime';
import type { Caller } from './tokenAuthority';
import type { KeyRecord, KeyType } from './types';

export const CREATE_KEY_FIELDS = ['label', 'type', 'node_ids', 'expires_at'] as const;
export const KEY_TYPES: readonly KeyType[] = ['PERSONAL', 'SHARED'];

/** Validates one create request; field names are prefixed (e.g. `items[2].label`) for batch bodies. */
export function checkCreateRequest(panel: PanelRuntime, body: Record<string, unknown>, errors: FieldErrors, prefix = ''): string[] {
  errors.check(`${prefix}label`, requiredString(body.label));
  errors.check(`${prefix}type`, oneOf(body.type, KEY_TYPES));
  const nodeIds = checkNodeIds(panel, body.node_ids, errors, `${prefix}node_ids`);
  errors.check(`${prefix}expires_at`, futureDateOrNull(body.expires_at, panel.now()));
  return nodeIds;
}

export interface NewKey {
  label: string;
  type: KeyType;
  nodeIds: readonly string[];
  expiresAt: string | null;
  note?: string | null;
  ownerLabel?: string;
}

/** Stores a new key (status pending until its nodes apply it) and marks its nodes dirty. */
export function createKey(panel: PanelRuntime, caller: Caller, input: NewKey): KeyRecord {
  const key: KeyRecord = {
    id: panel.newId(),
    label: input.label,
    type: input.type,
    note: input.note ?? null,
    owner_label: input.ownerLabel ?? '',
    secret: `ee${panel.newHex(16)}`,
    status: 'pending',
    carrier_mode: 'auto',
    client_support: {},
    created_at: panel.now().toISOString(),
    expires_at: input.expiresAt === null ? null : new Date(Date.parse(input.expiresAt)).toISOString(),
    disabled_at: null,
    revoked_at: null,
    last_seen_at: null,
    limits: null,
    sub_slug: null,
    subscription_active: false,
    subscription_legacy: false,
    subscription_short_url: null,
    live: { connections: 0, devices: 0, devices_15m: 0, ips: 0, online: false },
    bindings: input.nodeIds.map((node_id) => ({ node_id, profile_sync: 'pending' as const })),
  };
  panel.data.keys.set(key.id, key);
  panel.markKeyChanged(key);
  panel.audit.record(caller, 'keys.create', { type: 'key', id: key.id }, { label: key.label });
  return key;
}
