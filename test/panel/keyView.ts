/**
 * The key object of spec 2.1 as one caller sees it. Tokens without users:write get no `secret`, no
 * `subscription_short_url`, no `links` (they hold the secret) and no `sub_slug` (spec 4.1 rule 1, 2.1).
 */
import { deriveKeyState } from './keyState';
import type { KeyRecord, NodeRecord } from './types';

export interface KeyViewer {
  /** Whether the caller holds users:write. */
  readonly seesSecrets: boolean;
  readonly nowMs: number;
}

export function keyView(key: KeyRecord, nodes: ReadonlyMap<string, NodeRecord>, viewer: KeyViewer): Record<string, unknown> {
  const bound = key.bindings.map((binding) => ({ binding, node: nodes.get(binding.node_id) }));
  const view: Record<string, unknown> = {
    id: key.id,
    label: key.label,
    type: key.type,
    note: key.note,
    owner_label: key.owner_label,
    ...(viewer.seesSecrets ? { secret: key.secret } : {}),
    state: deriveKeyState(key, viewer.nowMs),
    status: key.status,
    carrier_mode: key.carrier_mode,
    client_support: key.client_support,
    created_at: key.created_at,
    expires_at: key.expires_at,
    disabled_at: key.disabled_at,
    revoked_at: key.revoked_at,
    last_seen_at: key.last_seen_at,
    limits: key.limits,
    ...(viewer.seesSecrets ? { sub_slug: key.sub_slug } : {}),
    subscription_active: key.subscription_active,
    subscription_legacy: key.subscription_legacy,
    ...(viewer.seesSecrets ? { subscription_short_url: key.subscription_short_url } : {}),
    ...(viewer.seesSecrets ? { links: bound.map(({ node, binding }) => proxyLink(key, binding.node_id, node)) } : {}),
    live: { ...key.live },
    nodes: bound.map(({ binding, node }) => ({
      hostname: node?.hostname ?? '',
      node_id: binding.node_id,
      node_name: node?.name ?? '',
      profile_sync: binding.profile_sync,
    })),
  };
  return view;
}

export function proxyLink(key: KeyRecord, nodeId: string, node: NodeRecord | undefined): Record<string, string> {
  const hostname = node?.hostname ?? '';
  const query = `server=${encodeURIComponent(hostname)}&port=443&secret=${key.secret}`;
  return {
    domain: hostname.split('.').slice(1).join('.'),
    hostname,
    kind: 'faketls',
    node_id: nodeId,
    node_name: node?.name ?? '',
    tg: `tg://proxy?${query}`,
    tme: `https://t.me/proxy?${query}`,
  };
}
