// The panel event detector: baseline, once-only, recovery, jobs, alerts by id, users expiring today.
import * as assert from 'node:assert/strict';
import type { ApplyJob, PanelNode } from '../../../src/api/types';
import { parseAlerts } from '../../../src/state/alertsModel';
import { expiringToday, PanelEventDetector, localDay } from '../../../src/state/panelEvents';

const node = (id: string, status: string, extra: Partial<PanelNode> = {}): PanelNode => ({ id, name: id, status, ...extra });
const kinds = (events: readonly { kind: string; name: string }[]) => events.map((event) => `${event.kind}:${event.name}`);

describe('panel event detector', () => {
  it('takes the first snapshot of a panel as a baseline', () => {
    const detector = new PanelEventDetector();
    assert.deepEqual(detector.observe('p', { nodes: [node('a', 'offline'), node('b', 'degraded')] }), []);
    assert.deepEqual(detector.observe('q', { nodes: [node('a', 'offline')] }), [], 'another panel has its own baseline');
  });

  it('tells a node going offline once; recovering and failing again is told again', () => {
    const detector = new PanelEventDetector();
    detector.observe('p', { nodes: [node('a', 'online'), node('b', 'online')] });
    assert.deepEqual(kinds(detector.observe('p', { nodes: [node('a', 'offline'), node('b', 'online')] })), ['nodeOffline:a']);
    assert.deepEqual(detector.observe('p', { nodes: [node('a', 'offline'), node('b', 'online')] }), [], 'still offline: not told again');
    assert.deepEqual(detector.observe('p', {}), [], 'a poll that did not read nodes changes nothing');
    assert.deepEqual(detector.observe('p', { nodes: [node('a', 'online'), node('b', 'degraded')] }).map((e) => e.kind), ['nodeDegraded']);
    assert.deepEqual(kinds(detector.observe('p', { nodes: [node('a', 'offline'), node('b', 'degraded')] })), ['nodeOffline:a']);
  });

  it('a node added to the fleet is its own baseline', () => {
    const detector = new PanelEventDetector();
    detector.observe('p', { nodes: [node('a', 'online')] });
    assert.deepEqual(detector.observe('p', { nodes: [node('a', 'online'), node('new', 'offline')] }), []);
  });

  it('tells an apply job failing or rolling back once, after the node\'s first jobs read', () => {
    const detector = new PanelEventDetector();
    const job = (id: string, status: string, error?: string): ApplyJob => ({ id, status, error });
    const nodes = [node('h', 'online', { dirty: true })];
    detector.observe('p', { nodes, jobs: new Map([['h', [job('old', 'failed')]]]) });
    assert.equal(detector.hasJobUnderWay('p', 'h'), false);
    assert.deepEqual(detector.observe('p', { nodes, jobs: new Map([['h', [job('j1', 'running'), job('old', 'failed')]]]) }), []);
    assert.equal(detector.hasJobUnderWay('p', 'h'), true);
    const failed = detector.observe('p', { nodes, jobs: new Map([['h', [job('j1', 'failed', 'boom'), job('old', 'failed')]]]) });
    assert.deepEqual(kinds(failed), ['applyFailed:h']);
    assert.equal(failed[0].job?.error, 'boom');
    assert.deepEqual(detector.observe('p', { nodes, jobs: new Map([['h', [job('j1', 'failed'), job('old', 'failed')]]]) }), [], 'told once');
    assert.deepEqual(kinds(detector.observe('p', { nodes, jobs: new Map([['h', [job('j2', 'rolled_back'), job('j1', 'failed')]]]) })), ['applyRolledBack:h']);
  });

  it('tells new critical alerts by id, not warnings, resolved ones or those of the baseline', () => {
    const detector = new PanelEventDetector();
    const list = (...items: object[]) => parseAlerts({ items }).alerts;
    const first = { id: 9007199254740993n, severity: 'critical', title: 'Node offline', resolved: false };
    detector.observe('p', { alerts: list(first) });
    const events = detector.observe('p', { alerts: list(first,
      { id: 5, severity: 'critical', title: '<b>Disk</b> full', resolved: false },
      { id: 6, severity: 'warning', title: 'Slow', resolved: false },
      { id: 7, severity: 'critical', title: 'Old news', resolved: true },
      { severity: 'critical', title: 'no id' }) });
    assert.deepEqual(kinds(events), ['criticalAlert:<b>Disk</b> full', 'criticalAlert:no id']);
    assert.deepEqual(detector.observe('p', { alerts: list(first, { id: 5, severity: 'critical', title: '<b>Disk</b> full' }, { severity: 'critical', title: 'no id' }) }), []);
  });

  it('tells each user expiring today once a day, from the first read on', () => {
    const detector = new PanelEventDetector();
    const users = [{ id: 'u1', label: 'Ann', expiresAt: '' }, { id: 'u2', label: 'Bob', expiresAt: '' }];
    assert.deepEqual(kinds(detector.observe('p', { expiringToday: users, day: '2026-11-24' })), ['usersExpiring:Ann', 'usersExpiring:Bob']);
    assert.deepEqual(detector.observe('p', { expiringToday: users, day: '2026-11-24' }), []);
    assert.equal(detector.observe('p', { expiringToday: users.slice(1), day: '2026-11-25' }).length, 1, 'a new day tells again');
  });

  it('reads users expiring today from an expiring page, in local time, defensively', () => {
    const now = new Date(2026, 10, 24, 9, 0).getTime();
    const today = new Date(2026, 10, 24, 23, 30).toISOString();
    const tomorrow = new Date(2026, 10, 25, 0, 30).toISOString();
    const page = { items: [{ id: 'a', label: 'Ann', expires_at: today }, { id: 'b', label: 'Bob', expires_at: tomorrow }, { id: 'c', expires_at: today }, 'junk', { id: 3, expires_at: today }, { id: 'd', expires_at: null }] };
    assert.deepEqual(expiringToday(page, now).map((user) => `${user.id}:${user.label}`), ['a:Ann', 'c:c']);
    assert.deepEqual(expiringToday({ nope: true }, now), []);
    assert.equal(localDay(now), '2026-11-24');
  });
});
