// The fleet to-do's findings from its own pass (users' live figures, fleet updates, the certificate) and
// from the site the node details store holds: each kind, its threshold, and other shapes giving nothing.
import * as assert from 'node:assert/strict';
import { computeFindings, DEFAULT_FINDING_SETTINGS, type FindingSettings, type PanelHoldings } from '../../../src/state/fleetFindings';
import type { User } from '../../../src/api/types';
import { liveUserOf, siteFinding, type PassHoldings } from '../../../src/state/passFindings';
import { fillPlaceholders, type Localize } from '../../../src/text/localize';

const t = ((message: string, ...args: Array<string | number | boolean>) => fillPlaceholders(message, args)) as Localize;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const DAY = 86_400_000;

function holdings(pass: PassHoldings | undefined, parts: Partial<PanelHoldings> = {}): PanelHoldings {
  return { panelId: 'https://a.example', panelName: 'Panel A', nodes: [], jobsOf: () => undefined, alerts: [], users: [], offlineSince: () => undefined, pass, ...parts };
}
const summary = (pass: PassHoldings | undefined, settings: FindingSettings = DEFAULT_FINDING_SETTINGS, parts: Partial<PanelHoldings> = {}) =>
  computeFindings(holdings(pass, parts), settings, NOW, t).map((finding) => `${finding.kind}:${finding.subject.id}:${finding.severity}`);
/** Users as the pass keeps them: of any shape the panel sends. */
const asUsers = (users: readonly Record<string, unknown>[]) => users as unknown as User[];
const live = (figures: Record<string, unknown>) => ({ connections: 0, devices: 0, devices_15m: 0, ips: 0, online: false, ...figures });

describe('fleet findings of the pass', () => {
  it('keeps only users whose live figures say something, without their secret or links', () => {
    assert.equal(liveUserOf({ id: 'u1', live: live({}) }), undefined);
    assert.equal(liveUserOf({ id: 'u1' }), undefined);
    assert.equal(liveUserOf({ id: 'u1', live: 'online' }), undefined);
    assert.equal(liveUserOf('u1'), undefined);
    const kept = liveUserOf({ id: 'u1', label: 'Ann', state: 'active', secret: 's3cret', links: [{ url: 'x' }], sub_slug: 'abc', live: live({ ips: 1 }) });
    assert.deepEqual(kept, { id: 'u1', label: 'Ann', state: 'active', live: live({ ips: 1 }) });
  });

  it('a shared active user: devices in 15 minutes or IP addresses above the threshold, with the values', () => {
    const users = asUsers([
      { id: 'u1', label: 'Ann', state: 'active', live: live({ devices_15m: 4, ips: 1, online: true }) },
      { id: 'u2', label: 'Bob', state: 'expiring', live: live({ devices_15m: 1, ips: 5 }) },
      { id: 'u3', label: 'Cid', state: 'active', live: live({ devices_15m: 3, ips: 3 }) },
      { id: 'u4', label: 'Dan', state: 'disabled', live: live({ devices_15m: 9, ips: 9 }) },
      { id: 'u5', label: 'Eve', state: 'active', live: live({ devices_15m: '9', ips: null }) },
    ]);
    assert.deepEqual(summary({ users }), ['userSharing:u1:warning', 'userSharing:u2:warning']);
    const [ann] = computeFindings(holdings({ users }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.equal(ann.message, 'User "Ann" is shared beyond 3: devices in the last 15 minutes: 4; IP addresses: 1.');
    assert.deepEqual(summary({ users }, { ...DEFAULT_FINDING_SETTINGS, sharingThreshold: 4 }), ['userSharing:u2:warning']);
    assert.deepEqual(summary({ users }, { ...DEFAULT_FINDING_SETTINGS, sharingThreshold: 2 }), ['userSharing:u1:warning', 'userSharing:u2:warning', 'userSharing:u3:warning']);
    assert.deepEqual(summary({ users }, { ...DEFAULT_FINDING_SETTINGS, off: new Set(['userSharing']) }), []);
  });

  it('an expired or revoked user the panel still shows online or connected', () => {
    const users = asUsers([
      { id: 'u1', label: 'Ann', state: 'expired', live: live({ online: true }) },
      { id: 'u2', label: 'Bob', state: 'revoked', live: live({ connections: 2 }) },
      { id: 'u3', label: 'Cid', state: 'expired', live: live({ devices: 4 }) },
      { id: 'u4', label: 'Dan', state: 'active', live: live({ online: true, connections: 1 }) },
      { id: 'u5', label: 'Eve', status: 'active', expires_at: ago(5), live: live({ online: true }) },
      { id: 'u6', label: 'Fay', state: 'expired', live: live({ online: 'yes', connections: '3' }) },
    ]);
    assert.deepEqual(summary({ users }), ['userOnlineExpired:u1:error', 'userOnlineExpired:u2:error', 'userOnlineExpired:u5:error']);
    const messages = computeFindings(holdings({ users }), DEFAULT_FINDING_SETTINGS, NOW, t).map((finding) => finding.message);
    assert.equal(messages[1], 'User "Bob" is revoked but the panel still shows it online (2 connections, online: false).');
  });

  it('a fleet update running longer than its minutes, read tolerantly', () => {
    const answer = { items: [
      { id: 'f1', status: 'running', started_at: ago(45), target_version: '2.1' },
      { id: 'f2', status: 'running', created_at: ago(10) },
      { id: 'f3', status: 'finished', started_at: ago(300) },
      { id: 'f4', status: 'running' },
      { id: 'f5', status: 'running', started_at: 'yesterday' },
      { status: 'running', started_at: ago(300) },
    ] };
    assert.deepEqual(summary({ users: [], fleetUpdates: answer }), ['fleetUpdateLong:f1:warning']);
    const [finding] = computeFindings(holdings({ users: [], fleetUpdates: answer }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.equal(finding.message, `Fleet update "f1 → 2.1" is running since ${ago(45)} (45 minutes, over 30).`);
    assert.deepEqual(summary({ users: [], fleetUpdates: answer }, { ...DEFAULT_FINDING_SETTINGS, fleetUpdateMinutes: 5 }), ['fleetUpdateLong:f1:warning', 'fleetUpdateLong:f2:warning']);
    for (const odd of [null, 'running', 42, [], { items: 'x' }]) assert.deepEqual(summary({ users: [], fleetUpdates: odd }), []);
  });

  it('a certificate that ends within 14 days, has ended, or is not the trusted self-signed one', () => {
    const ends = (days: number) => new Date(NOW + days * DAY).toUTCString();
    assert.deepEqual(summary({ users: [], certificate: { validTo: ends(20), sha256: 'AA' } }), []);
    assert.deepEqual(summary({ users: [], certificate: { validTo: ends(10), sha256: 'AA' } }), ['certificateExpiring:panel:warning']);
    assert.deepEqual(summary({ users: [], certificate: { validTo: ends(-1), sha256: 'AA' } }), ['certificateExpiring:panel:error']);
    assert.deepEqual(summary({ users: [], certificate: { validTo: ends(200), sha256: 'AA', trustedSha256: 'AA' } }), []);
    assert.deepEqual(summary({ users: [], certificate: { validTo: ends(200), sha256: 'BB', trustedSha256: 'AA' } }), ['certificateExpiring:panel:error']);
    assert.deepEqual(summary({ users: [], certificate: { validTo: 'not a date', sha256: 'AA' } }), []);
    assert.deepEqual(summary({ users: [], certificate: { validTo: ends(1), sha256: 'AA' } }, { ...DEFAULT_FINDING_SETTINGS, off: new Set(['certificateExpiring']) }), []);
  });

  it('a node\'s site deployment failed only where the site says so in a recognisable member', () => {
    assert.equal(siteFinding({ status: 'failed' }, 'ams-1', t)?.message, 'The site deployment of node "ams-1" failed (status "failed").');
    assert.equal(siteFinding({ deploy_status: 'ERROR', error: 'certbot: rate limited' }, 'ams-1', t)?.message, 'The site deployment of node "ams-1" failed (status "ERROR"): certbot: rate limited');
    assert.equal(siteFinding({ error: { message: 'no DNS' } }, 'ams-1', t)?.message, 'The site deployment of node "ams-1" failed: no DNS');
    assert.equal(siteFinding({ deployment: 'failed' }, 'ams-1', t)?.message, 'The site deployment of node "ams-1" failed (status "failed").');
    for (const odd of [undefined, null, 'failed', [], { status: 'deployed' }, { deployment: 'pending_apply' }, { state: 7 }, { error: '' }, { error: 42 }]) assert.equal(siteFinding(odd, 'ams-1', t), undefined, JSON.stringify(odd));
    const sites: Record<string, unknown> = { n1: { status: 'failed' }, n2: { status: 'ok' } };
    assert.deepEqual(summary(undefined, DEFAULT_FINDING_SETTINGS, { nodes: [{ id: 'n1', name: 'ams-1', status: 'online' }, { id: 'n2', status: 'online' }], siteOf: (id) => sites[id] }), ['siteFailed:n1:error']);
  });
});
