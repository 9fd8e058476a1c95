/** Builds node, key and job records for the seeded data sets. */
import type { SeededRandom } from '../seededRandom';
import type { JobRecord, JobStatus, KeyBinding, KeyRecord, KeyState, KeyType, NodeFailure, NodeRecord, NodeStatus } from '../types';

const DAY = 86_400_000;

export interface NodeSeed {
  name: string;
  region: string;
  status: NodeStatus;
  dirty?: boolean;
  failure?: NodeFailure;
  position: number;
}

export function makeNode(rng: SeededRandom, now: number, seed: NodeSeed): NodeRecord {
  const lastApply = seed.status === 'installing' ? null : new Date(now - rng.int(2, 72) * 3600_000).toISOString();
  return {
    id: rng.uuid(),
    name: seed.name,
    hostname: `${seed.name}.proxy.example.net`,
    ip: `198.51.100.${rng.int(2, 254)}`,
    region: seed.region,
    status: seed.status,
    dirty: seed.dirty ?? false,
    last_apply_at: lastApply,
    last_seen_at: new Date(now - (seed.status === 'offline' ? rng.int(2, 9) * 3600_000 : rng.int(5, 55) * 1000)).toISOString(),
    created_at: new Date(now - rng.int(30, 400) * DAY).toISOString(),
    engine_version: rng.pick(['2.1.7', '2.1.7', '2.1.6']),
    agent_version: '1.14.2',
    position: seed.position,
    note: null,
    ...(seed.failure ? { failure: seed.failure } : {}),
    blocklist: rng.chance(0.3) ? ['192.0.2.0/24'] : [],
    reliability: { auto_restart: true, max_restarts_per_hour: 3, health_check_interval_seconds: 30 },
    web_policy: { mode: 'cover', redirect_url: null, allow_countries: [] },
    site: { template_id: null, enabled: false, upstream: null, variables: {} },
    registration_secret: `reg_${rng.hex(32)}`,
  };
}

export interface KeySeed {
  label: string;
  state: KeyState;
  type?: KeyType;
  note?: string | null;
  ownerLabel?: string;
  bindings: KeyBinding[];
  online?: boolean;
  subscription?: 'active' | 'legacy';
}

/** A key whose dates and status give it `seed.state` at `now`. */
export function makeKey(rng: SeededRandom, now: number, seed: KeySeed): KeyRecord {
  const createdAt = now - rng.int(8, 300) * DAY - rng.int(0, 86_399) * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  let expires: number | null = rng.chance(0.5) ? now + rng.int(10, 365) * DAY : null;
  let status: KeyRecord['status'] = 'active';
  let disabledAt: string | null = null;
  let revokedAt: string | null = null;
  switch (seed.state) {
    case 'pending':
      status = 'pending';
      break;
    case 'expiring':
      expires = now + rng.int(2, 6 * 24) * 3600_000;
      break;
    case 'expired':
      expires = now - rng.int(1, 60) * DAY;
      break;
    case 'disabled':
      disabledAt = iso(now - rng.int(1, 30) * DAY);
      break;
    case 'revoked':
      status = 'revoked';
      revokedAt = iso(now - rng.int(1, 60) * DAY);
      break;
    case 'active':
      break;
  }
  const online = (seed.online ?? false) && (seed.state === 'active' || seed.state === 'expiring');
  const devices = online ? rng.int(1, 4) : 0;
  const slug = seed.subscription ? rng.hex(10) : null;
  return {
    id: rng.uuid(),
    label: seed.label,
    type: seed.type ?? (rng.chance(0.75) ? 'PERSONAL' : 'SHARED'),
    note: seed.note === undefined ? '' : seed.note,
    owner_label: seed.ownerLabel ?? '',
    secret: `ee${rng.hex(32)}`,
    status,
    carrier_mode: rng.pick(['auto', 'auto', 'direct', 'relay']),
    client_support: { android: '>=10.0', ios: '>=10.2', desktop: '>=4.8' },
    created_at: iso(createdAt),
    expires_at: expires === null ? null : iso(expires),
    disabled_at: disabledAt,
    revoked_at: revokedAt,
    last_seen_at: online ? iso(now - rng.int(1, 120) * 1000) : rng.chance(0.7) ? iso(now - rng.int(1, 20) * DAY) : null,
    limits: rng.chance(0.3) ? { max_devices: rng.int(1, 5), traffic_gb_month: rng.pick([50, 100, 500]) } : null,
    sub_slug: slug,
    subscription_active: seed.subscription === 'active',
    subscription_legacy: seed.subscription === 'legacy',
    subscription_short_url: slug ? `https://panel.example.net/s/${slug}` : null,
    live: { connections: online ? rng.int(1, 12) : 0, devices, devices_15m: devices, ips: online ? rng.int(1, devices) : 0, online },
    bindings: seed.bindings,
  };
}

export function makeJob(rng: SeededRandom, node: NodeRecord, status: JobStatus, queuedAt: number): JobRecord {
  const iso = (ms: number) => new Date(ms).toISOString();
  const started = status === 'queued' ? null : queuedAt + 1500;
  const finished = status === 'queued' || status === 'running' ? null : queuedAt + rng.int(3, 20) * 1000;
  const logs = [`${iso(queuedAt)} apply queued for ${node.name}`];
  if (started) logs.push(`${iso(started)} rendering profiles`, `${iso(started)} uploading configuration to ${node.hostname}`);
  let error: string | null = null;
  if (status === 'failed') {
    error = 'engine reload failed: exit status 1 (config check: bind: address already in use)';
    logs.push(`${iso(finished ?? queuedAt)} ERROR ${error}`);
  } else if (status === 'rolled_back') {
    error = 'health check failed after reload; previous configuration restored';
    logs.push(`${iso(finished ?? queuedAt)} health check failed`, `${iso(finished ?? queuedAt)} rolled back to previous configuration`);
  } else if (status === 'ok') {
    logs.push(`${iso(finished ?? queuedAt)} health check passed`, `${iso(finished ?? queuedAt)} apply finished`);
  }
  return {
    id: rng.uuid(),
    node_id: node.id,
    kind: 'apply',
    status,
    queued_at: iso(queuedAt),
    started_at: started === null ? null : iso(started),
    finished_at: finished === null ? null : iso(finished),
    error,
    logs,
  };
}
