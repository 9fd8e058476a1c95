// The fleet's to-do list: each kind of finding from what the stores hold, odd shapes tolerated, thresholds.
import * as assert from 'node:assert/strict';
import { parseAlerts } from '../../../src/state/alertsModel';
import { computeFindings, DEFAULT_FINDING_SETTINGS, isMuted, OfflineSince, type FindingSettings, type PanelHoldings } from '../../../src/state/fleetFindings';
import { fillPlaceholders, type Localize } from '../../../src/text/localize';

const t = ((message: string, ...args: Array<string | number | boolean>) => fillPlaceholders(message, args)) as Localize;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

function holdings(parts: Partial<PanelHoldings>): PanelHoldings {
  return { panelId: 'https://a.example', panelName: 'Panel A', nodes: [], jobsOf: () => undefined, alerts: [], users: [], offlineSince: () => undefined, ...parts };
}
const summary = (parts: Partial<PanelHoldings>, settings: FindingSettings = DEFAULT_FINDING_SETTINGS) =>
  computeFindings(holdings(parts), settings, NOW, t).map((finding) => `${finding.kind}:${finding.subject.id}:${finding.severity}`);

describe('fleet findings', () => {
  it('a node offline, with since when it was first seen offline when known', () => {
    const findings = computeFindings(holdings({
      nodes: [{ id: 'n1', name: 'ams-1', status: 'offline' }, { id: 'n2', name: 'fra-1', status: 'online' }, { id: 'n3', status: 'OFFLINE' }],
      offlineSince: (id) => (id === 'n1' ? NOW - 60_000 : undefined),
    }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.deepEqual(findings.map((f) => `${f.kind}:${f.subject.name}:${f.severity}`), ['nodeOffline:ams-1:error', 'nodeOffline:n3:error']);
    assert.equal(findings[0].panelId, 'https://a.example');
    assert.equal(findings[0].panelName, 'Panel A');
    assert.match(findings[0].message, /^Node "ams-1" is offline \(status "offline"\), first seen offline /);
    assert.equal(findings[1].message, 'Node "n3" is offline (status "OFFLINE").');
  });

  it('a dirty node whose last apply is older than the threshold; the threshold changes the list', () => {
    const nodes = [
      { id: 'old', name: 'old', dirty: true, last_apply_at: hoursAgo(5) },
      { id: 'recent', name: 'recent', dirty: true, last_apply_at: hoursAgo(1) },
      { id: 'clean', name: 'clean', dirty: false, last_apply_at: hoursAgo(50) },
    ];
    assert.deepEqual(summary({ nodes }), ['nodeUnapplied:old:warning']);
    assert.deepEqual(summary({ nodes }, { ...DEFAULT_FINDING_SETTINGS, unappliedHours: 0.5 }), ['nodeUnapplied:old:warning', 'nodeUnapplied:recent:warning']);
    assert.deepEqual(summary({ nodes }, { ...DEFAULT_FINDING_SETTINGS, unappliedHours: 6 }), []);
    const [finding] = computeFindings(holdings({ nodes }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.equal(finding.message, `Node "old" has configuration not applied: dirty, last applied ${hoursAgo(5)} (5 h ago, over 2 h).`);
  });

  it('a node whose latest job failed, with the job\'s own error; an older failure does not count', () => {
    const jobs: Record<string, unknown[]> = {
      a: [{ status: 'failed', finished_at: '2026-03-10T11:00:00Z', error: 'disk full' }, { status: 'ok' }],
      b: [{ status: 'ok' }, { status: 'failed' }],
      c: [{ status: 'running' }],
    };
    const nodes = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id, status: 'online' }));
    const findings = computeFindings(holdings({ nodes, jobsOf: (id) => jobs[id] }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.deepEqual(findings.map((f) => `${f.kind}:${f.subject.id}`), ['applyFailed:a']);
    assert.equal(findings[0].message, 'The last apply job of node "a" failed (2026-03-10T11:00:00Z): disk full');
    assert.equal(findings[0].severity, 'error');
  });

  it('unresolved alerts with the severity of their own level', () => {
    const { alerts } = parseAlerts({ items: [
      { id: 1, level: 'critical', title: 'Disk', message: 'full' },
      { id: 2, level: 'warning', title: 'Load' },
      { id: 3, level: 'info', title: 'Note' },
      { id: 4, level: 'critical', title: 'Gone', resolved: true },
      { id: 12345678901234567890n, severity: 'minor', title: 'Big' },
    ] });
    assert.deepEqual(summary({ alerts }), ['alertUnresolved:1:error', 'alertUnresolved:2:warning', 'alertUnresolved:12345678901234567890:warning', 'alertUnresolved:3:info']);
    const [disk] = computeFindings(holdings({ alerts }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.equal(disk.message, 'Unresolved alert (critical): Disk: full');
  });

  it('active users expiring within the days set, among the users held; the threshold changes the list', () => {
    const users = [
      { id: 'u1', label: 'alice', state: 'active', expires_at: inDays(1) },
      { id: 'u2', label: 'bob', state: 'expiring', expires_at: inDays(2.5) },
      { id: 'u3', label: 'carol', state: 'active', expires_at: inDays(5) },
      { id: 'u4', label: 'dave', state: 'disabled', expires_at: inDays(1) },
      { id: 'u5', label: 'erin', state: 'active', expires_at: null },
      { id: 'u6', label: 'frank', state: 'expired', expires_at: inDays(-1) },
      { id: 'u7', label: 'gina', status: 'active', expires_at: inDays(1) },
    ];
    assert.deepEqual(summary({ users }), ['userExpiring:u1:info', 'userExpiring:u2:info', 'userExpiring:u7:info']);
    assert.deepEqual(summary({ users }, { ...DEFAULT_FINDING_SETTINGS, expiringDays: 7 }), ['userExpiring:u1:info', 'userExpiring:u2:info', 'userExpiring:u3:info', 'userExpiring:u7:info']);
    assert.deepEqual(summary({ users }, { ...DEFAULT_FINDING_SETTINGS, expiringDays: 2 }), ['userExpiring:u1:info', 'userExpiring:u7:info']);
  });

  it('an active user whose every bound node is offline in the nodes held, naming them; any node not offline or not held gives none', () => {
    const nodes = [
      { id: 'n1', name: 'ams-1', status: 'offline' },
      { id: 'n2', name: 'fra-1', status: 'OFFLINE' },
      { id: 'n3', name: 'lon-1', status: 'online' },
      { id: 'n4', name: 'par-1' },
    ];
    const bound = (...ids: string[]) => ids.map((node_id) => ({ node_id, node_name: node_id }));
    const users = [
      { id: 'u1', label: 'alice', state: 'active', nodes: bound('n1', 'n2') },
      { id: 'u2', label: 'bob', state: 'active', nodes: bound('n1', 'n3') },
      { id: 'u3', label: 'carol', state: 'disabled', nodes: bound('n1') },
      { id: 'u4', label: 'dave', state: 'active', nodes: [] },
      { id: 'u5', label: 'erin', state: 'active', nodes: bound('n1', 'gone') },
      { id: 'u6', label: 'frank', state: 'active', nodes: bound('n4') },
      { id: 'u7', label: 'gina', status: 'active', nodes: bound('n2') },
      { id: 'u8', label: 'hal', state: 'expiring', nodes: bound('n1'), expires_at: inDays(1) },
    ];
    assert.deepEqual(summary({ nodes, users }), ['nodeOffline:n1:error', 'nodeOffline:n2:error', 'userOnOfflineNodes:u1:warning', 'userOnOfflineNodes:u7:warning', 'userOnOfflineNodes:u8:warning', 'userExpiring:u8:info']);
    const [alice] = computeFindings(holdings({ nodes, users }), DEFAULT_FINDING_SETTINGS, NOW, t).filter((f) => f.kind === 'userOnOfflineNodes');
    assert.equal(alice.message, 'User "alice" is active but every node it is bound to is offline: "ams-1", "fra-1".');
    assert.deepEqual(alice.subject, { kind: 'user', id: 'u1', name: 'alice' });
    assert.equal(alice.panelName, 'Panel A');
    assert.deepEqual(summary({ nodes: undefined, users }), ['userExpiring:u8:info'], 'no nodes read: nothing is known offline');
    assert.deepEqual(summary({ nodes, users }, { ...DEFAULT_FINDING_SETTINGS, off: new Set(['userOnOfflineNodes']) }).filter((entry) => entry.startsWith('user')), ['userExpiring:u8:info']);
    assert.deepEqual(summary({ nodes, users }, { ...DEFAULT_FINDING_SETTINGS, off: new Set(['userExpiring']) }).filter((entry) => entry.startsWith('user')), ['userOnOfflineNodes:u1:warning', 'userOnOfflineNodes:u7:warning', 'userOnOfflineNodes:u8:warning']);
    const brought = computeFindings(holdings({ nodes: nodes.map((node) => ({ ...node, status: node.id === 'n2' ? 'online' : node.status })), users }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.deepEqual(brought.filter((f) => f.kind === 'userOnOfflineNodes').map((f) => f.subject.id), ['u8'], 'one node back online clears its users');
  });

  it('bindings of odd shapes give no bound-offline finding and never throw', () => {
    const nodes = [{ id: 'n1', name: 'ams-1', status: 'offline' }, { id: 42, status: 'offline' }];
    const users = [
      { id: 'a', state: 'active', nodes: 'n1' },
      { id: 'b', state: 'active', nodes: [null] },
      { id: 'c', state: 'active', nodes: [{ node_id: 42 }] },
      { id: 'd', state: 'active', nodes: [{ id: 'n1' }] },
      { id: 'e', state: 'active', nodes: [{ node_id: 'n1' }, 'n1'] },
      { id: 'f', state: 'active', nodes: { node_id: 'n1' } },
      { id: 'g', state: 'active' },
      { id: 'h', state: 'active', nodes: [{ node_id: '' }] },
      { id: 'i', state: 'active', nodes: [[{ node_id: 'n1' }]] },
    ];
    assert.deepEqual(summary({ nodes, users }).filter((entry) => entry.startsWith('user')), []);
    assert.deepEqual(summary({ nodes: [null, 'x', { status: 'offline' }], users }), []);
  });

  it('a user bound twice to one offline node names it once; the fingerprint follows the nodes', () => {
    const nodes = [{ id: 'n1', name: 'ams-1', status: 'offline' }, { id: 'n2', name: 'fra-1', status: 'offline' }];
    const one = computeFindings(holdings({ nodes, users: [{ id: 'u', label: 'u', state: 'active', nodes: [{ node_id: 'n1' }, { node_id: 'n1' }] }] }), DEFAULT_FINDING_SETTINGS, NOW, t).find((f) => f.kind === 'userOnOfflineNodes');
    const two = computeFindings(holdings({ nodes, users: [{ id: 'u', label: 'u', state: 'active', nodes: [{ node_id: 'n1' }, { node_id: 'n2' }] }] }), DEFAULT_FINDING_SETTINGS, NOW, t).find((f) => f.kind === 'userOnOfflineNodes');
    assert.equal(one?.message, 'User "u" is active but every node it is bound to is offline: "ams-1".');
    assert.ok(two && one.fingerprint !== two.fingerprint);
  });

  it('a kind turned off gives none', () => {
    const parts = { nodes: [{ id: 'n', status: 'offline' }], alerts: parseAlerts({ items: [{ id: 1, level: 'error', title: 'x' }] }).alerts };
    assert.deepEqual(summary(parts, { ...DEFAULT_FINDING_SETTINGS, off: new Set(['nodeOffline']) }), ['alertUnresolved:1:error']);
    assert.deepEqual(summary(parts, { ...DEFAULT_FINDING_SETTINGS, off: new Set(['alertUnresolved']) }), ['nodeOffline:n:error']);
  });

  it('odd shapes never throw and are never guessed', () => {
    const odd = [null, 7, 'text', [], { name: 'no id' }, { id: 42, status: 'offline' }, { id: 'n', status: 5, dirty: 'yes', last_apply_at: hoursAgo(10) },
      { id: 'm', dirty: true, last_apply_at: 'not a date' }, { id: 'k', dirty: true, last_apply_at: null }, { id: 'j', dirty: true, last_apply_at: { at: 1 } }];
    const users = [null, { id: 'u', state: ['active'], status: 'active', expires_at: 12 }, { id: 'v', state: 'active', expires_at: 'soon' }, { label: 'no id', state: 'active', expires_at: inDays(1) }];
    const jobsOf = (id: string): unknown[] | undefined => (id === 'n' ? [null, { status: 'failed' }] : id === 'm' ? [{ status: 7 }] : id === 'k' ? 'failed' as unknown as unknown[] : undefined);
    assert.deepEqual(summary({ nodes: odd, users, jobsOf, alerts: undefined }), []);
    assert.deepEqual(summary({ nodes: undefined, users: [] }), []);
  });

  it('names from the panel are made one plain line', () => {
    const [finding] = computeFindings(holdings({ nodes: [{ id: 'n', name: 'evil\n<b>x</b>\u202e', status: 'offline' }] }), DEFAULT_FINDING_SETTINGS, NOW, t);
    assert.equal(finding.subject.name, 'evil <b>x</b>');
  });

  it('the fingerprint changes when the subject\'s figures do', () => {
    const a = computeFindings(holdings({ nodes: [{ id: 'n', dirty: true, last_apply_at: hoursAgo(5) }] }), DEFAULT_FINDING_SETTINGS, NOW, t)[0];
    const b = computeFindings(holdings({ nodes: [{ id: 'n', dirty: true, last_apply_at: hoursAgo(4) }] }), DEFAULT_FINDING_SETTINGS, NOW, t)[0];
    assert.notEqual(a.fingerprint, b.fingerprint);
  });
});

describe('offline since', () => {
  it('keeps the first read that saw a node offline until one sees it otherwise', () => {
    const since = new OfflineSince();
    since.observe('p', [{ id: 'a', status: 'offline' }], 100);
    since.observe('p', [{ id: 'a', status: 'offline' }], 200);
    assert.equal(since.since('p', 'a'), 100);
    since.observe('p', undefined, 300);
    assert.equal(since.since('p', 'a'), 100, 'no read: nothing changes');
    since.observe('p', [{ id: 'a', status: 'online' }], 400);
    assert.equal(since.since('p', 'a'), undefined);
    since.observe('p', [{ id: 'a', status: 'offline' }, null], 500);
    assert.equal(since.since('p', 'a'), 500);
    assert.equal(since.since('q', 'a'), undefined, 'each panel its own');
  });
});

describe('muted panels', () => {
  it('mutes a panel by its name or its address, a trailing slash and case aside', () => {
    assert.equal(isMuted(['Production'], 'https://a.example', 'Production'), true);
    assert.equal(isMuted(['production'], 'https://a.example', 'Production'), false, 'a name is exact');
    assert.equal(isMuted(['HTTPS://A.example/'], 'https://a.example', 'Production'), true);
    assert.equal(isMuted(['https://b.example'], 'https://a.example', 'Production'), false);
    assert.equal(isMuted([], 'https://a.example', 'Production'), false);
  });
});
