/** The large fleet: 200 nodes and 20,000 keys (every state, both types), for paging and speed. */
import { SeededRandom } from '../seededRandom';
import type { AlertRecord, AuditEntry, JobStatus, KeyState, NodeStatus, PanelData } from '../types';
import { emptyData } from './baseline';
import { brandingProfiles, siteTemplates } from './catalogue';
import { makeJob, makeKey, makeNode } from './recordFactory';

const NODE_COUNT = 200;
const KEY_COUNT = 20_000;
const REGIONS = ['Amsterdam', 'Frankfurt', 'Helsinki', 'Warsaw', 'New York', 'Singapore', 'Tokyo', 'São Paulo', 'Sydney', 'Toronto'];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Ines', 'Jon', 'Kai', 'Lia', 'Max', 'Nia', 'Oto', 'Pia', 'Rex', 'Sol', 'Tom', 'Uli', 'Vik'];
const LAST = ['Adams', 'Brown', 'Cruz', 'Diaz', 'Evans', 'Fox', 'Gray', 'Hall', 'Ito', 'Jung', 'King', 'Lopez', 'Moss', 'Nash', 'Ortiz', 'Park'];
const STATES: readonly KeyState[] = ['active', 'active', 'active', 'active', 'active', 'active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'];

export function largeData(now: number, messenger: string, keyCount = KEY_COUNT): PanelData {
  const rng = new SeededRandom(4_242);
  const data = emptyData(messenger);
  const nodes = Array.from({ length: NODE_COUNT }, (_, i) => {
    const status: NodeStatus = i % 50 === 7 ? 'offline' : i % 40 === 3 ? 'degraded' : 'online';
    const region = REGIONS[i % REGIONS.length];
    return makeNode(rng, now, {
      name: `${region.slice(0, 3).toLowerCase().replace('ã', 'a')}-${String(i + 1).padStart(3, '0')}`,
      region,
      status,
      dirty: i % 25 === 5,
      failure: i % 100 === 11 ? 'apply-fails' : undefined,
      position: i + 1,
    });
  });
  for (const node of nodes) data.nodes.set(node.id, node);

  for (let i = 0; i < keyCount; i++) {
    const state = STATES[rng.int(0, STATES.length - 1)];
    const first = nodes[rng.int(0, NODE_COUNT - 1)];
    const second = rng.chance(0.3) ? nodes[rng.int(0, NODE_COUNT - 1)] : undefined;
    const bound = second && second !== first ? [first, second] : [first];
    const key = makeKey(rng, now, {
      label: `${rng.pick(FIRST)} ${rng.pick(LAST)} ${i + 1}`,
      state,
      ownerLabel: rng.pick(['Engineering', 'Sales', 'Operations', 'Support', 'Partners']),
      note: i % 7 === 0 ? `Ticket #${10_000 + i}` : '',
      bindings: bound.map((node) => ({ node_id: node.id, profile_sync: state === 'pending' || node.dirty ? 'pending' : 'synced' })),
      online: rng.chance(0.4),
      subscription: i % 9 === 0 ? 'active' : undefined,
    });
    data.keys.set(key.id, key);
  }

  const outcomes: JobStatus[] = ['ok', 'ok', 'ok', 'failed', 'rolled_back'];
  nodes.forEach((node, i) => {
    for (let j = 0; j < 3; j++) data.jobs.push(makeJob(rng, node, outcomes[(i + j) % outcomes.length], now - (j + 1) * 6 * 3600_000));
  });

  data.alerts = Array.from({ length: 60 }, (_, i): AlertRecord => {
    const resolved = i % 3 !== 0;
    const node = nodes[i * 3];
    return {
      id: BigInt(1000 + i),
      severity: (['critical', 'warning', 'info'] as const)[i % 3],
      title: ['Node offline', 'Apply failed', 'High CPU', 'Probe failed'][i % 4],
      message: `${node.name}: condition ${i}`,
      node_id: node.id,
      created_at: new Date(now - (i + 1) * 3600_000).toISOString(),
      resolved,
      resolved_at: resolved ? new Date(now - i * 3600_000).toISOString() : null,
    };
  });
  data.siteTemplates = siteTemplates(rng, now);
  data.brandingProfiles = brandingProfiles(rng, now);
  const actions = ['keys.create', 'keys.update', 'keys.disable', 'nodes.apply', 'alerts.resolve', 'settings.update'];
  data.audit = Array.from({ length: 1000 }, (_, i): AuditEntry => ({
    id: i + 1,
    created_at: new Date(now - (1000 - i) * 45 * 60_000).toISOString(),
    action: actions[i % actions.length],
    actor: i % 2 === 0 ? 'owner' : 'admin',
    api_token_id: i % 3 === 0 ? null : '5b1f9a52-7c1e-4d2b-9f0e-2a6c8e4d1b37',
    target: { type: actions[i % actions.length].split('.')[0].replace(/s$/, ''), id: null },
    details: {},
  }));
  return data;
}
