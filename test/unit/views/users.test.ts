import * as assert from 'node:assert/strict';
import type { Key } from '../../../src/api/types';
import {
  bindingDescriptionParts, bindingLabel, expiryText, userNodeBindings, presenceText, syncKind, userDescription,
  userIcon, userTooltipRows,
} from '../../../src/views/shared/userDescription';
import { describeFilter, filterQuery, isFilterActive, sameFilter } from '../../../src/views/users/usersFilterModel';
import { plainLocalize as t } from '../support/plainLocalize';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const DAY = 24 * 3600 * 1000;
const iso = (offset: number) => new Date(NOW + offset).toISOString();


function key(fields: Partial<Key>): Partial<Key> {
  return { id: '5b0e6a52-0000-4000-8000-000000000001', label: 'alice', type: 'PERSONAL', state: 'active', status: 'active', ...fields };
}

describe('views: user description', () => {
  it('says when access ends, ended, or never ends', () => {
    assert.equal(expiryText(iso(3 * DAY + 60_000), NOW, t), 'expires in 3 days');
    assert.equal(expiryText(iso(-2 * DAY), NOW, t), 'expired 2 days ago');
    assert.equal(expiryText(null, NOW, t), 'no expiry');
    assert.equal(expiryText(undefined, NOW, t), 'no expiry');
    assert.equal(expiryText('not a date', NOW, t), 'expiry unknown');
  });

  it('shows type, owner, expiry and live presence in order', () => {
    const text = userDescription(
      key({ type: 'SHARED', owner_label: 'ops team', expires_at: iso(3 * DAY + 60_000), live: { online: true, connections: 3, devices: 1 } }),
      NOW, t,
    );
    assert.equal(text, 'SHARED · owner: ops team · expires in 3 days · ● online · 3 connections · 1 device');
  });

  it('leaves presence out when the panel reports none, and says nothing of zero counts', () => {
    assert.equal(presenceText(undefined, t), '');
    assert.equal(presenceText(null, t), '');
    assert.equal(presenceText({ online: false, connections: 0, devices: 0 }, t), '');
    assert.equal(userDescription(key({ expires_at: null }), NOW, t), 'PERSONAL · no expiry');
  });

  it('renders hostile labels as one short plain line without crashing', () => {
    const hostile = key({
      owner_label: `<img src=x onerror=alert(1)>\u0000\u001b[31m\u202e${'x'.repeat(10_000)}`,
      expires_at: iso(DAY + 60_000),
      type: null as unknown as Key['type'],
      live: null as unknown as Key['live'],
    });
    const text = userDescription(hostile, NOW, t);
    assert.ok(text.length < 150, `description has ${text.length} characters`);
    assert.doesNotMatch(text, /[\u0000-\u001f\u202e]/);
    assert.match(text, /expires in 1 day$/, 'a long owner does not push the expiry out');
  });

  it('never puts the secret, subscription slug or URLs or proxy links in the tooltip', () => {
    const rows = userTooltipRows(key({
      secret: 'ee0123456789abcdef', sub_slug: 'slug-abc', subscription_short_url: 'https://s.example/abc',
      links: [{ tg: 'tg://proxy?secret=ee0123', tme: 'https://t.me/proxy?secret=ee0123' }],
      note: 'VIP', owner_label: 'ops', live: { online: true, connections: 2 },
    }), NOW, t);
    const all = JSON.stringify(rows);
    for (const secretish of ['ee0123', 'slug-abc', 's.example', 't.me', 'tg://']) assert.ok(!all.includes(secretish), secretish);
    assert.deepEqual(rows.find(([name]) => name === 'Note'), ['Note', 'VIP']);
    assert.deepEqual(rows.find(([name]) => name === 'Connections'), ['Connections', '2']);
  });

  it('picks person or organization, green while online', () => {
    assert.deepEqual(userIcon(key({ type: 'PERSONAL' })), { id: 'person' });
    assert.deepEqual(userIcon(key({ type: 'SHARED', live: { online: true } })), { id: 'organization', color: 'charts.green' });
  });

  it('classifies profile_sync and names bound nodes from name, hostname or id', () => {
    assert.deepEqual(['synced', 'pending', 'failed', 'weird', undefined].map(syncKind), ['synced', 'pending', 'failed', 'unknown', 'unknown']);
    assert.equal(bindingLabel({ node_id: 'n1', hostname: 'fra-1.example.net' }, t), 'fra-1.example.net');
    assert.equal(bindingLabel({ node_id: 'n1', node_name: 'fra-1', hostname: 'fra-1.example.net' }, t), 'fra-1');
    assert.deepEqual(bindingDescriptionParts({ node_id: 'n1', node_name: 'fra-1', hostname: 'fra-1.example.net', profile_sync: 'pending' }, t), ['fra-1.example.net', 'pending']);
    assert.deepEqual(userNodeBindings(key({ nodes: null as unknown as Key['nodes'] })), []);
    assert.equal(userNodeBindings(key({ nodes: [{ node_id: 'a' }, null as never] })).length, 1);
  });
});

describe('views: users filter', () => {
  it('describes text, type and node in one line, and nothing without a filter', () => {
    assert.equal(describeFilter({ q: 'alice', type: 'SHARED', node: { id: 'n1', name: 'fra-1' } }, t), 'q: alice · SHARED · node: fra-1');
    assert.equal(describeFilter({}, t), '');
    assert.equal(describeFilter({ q: '   ' }, t), '');
    assert.equal(isFilterActive({ q: '  ' }), false);
    assert.equal(isFilterActive({ type: 'PERSONAL' }), true);
  });

  it('adds the same q, type and node (by id) to every request', () => {
    assert.deepEqual(filterQuery({ q: ' alice ', type: 'PERSONAL', node: { id: 'n1', name: 'fra-1' } }), { q: 'alice', type: 'PERSONAL', node: 'n1' });
    assert.deepEqual(filterQuery({}), {});
  });

  it('keeps a hostile node name or query plain and short in the description', () => {
    const text = describeFilter({ q: `a\u0000b${'q'.repeat(500)}`, node: { id: 'n1', name: '<b>\u202efra</b>' } }, t);
    assert.doesNotMatch(text, /[\u0000\u202e]/);
    assert.ok(text.length < 100);
    assert.match(text, /node: <b>fra<\/b>$/);
  });

  it('compares filters by meaning', () => {
    assert.ok(sameFilter({ q: 'a ' }, { q: 'a' }));
    assert.ok(!sameFilter({ node: { id: 'n1', name: 'x' } }, { node: { id: 'n2', name: 'x' } }));
  });
});
