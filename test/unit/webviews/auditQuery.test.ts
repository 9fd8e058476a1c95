// The audit log's filters: RFC 3339 times (with the forms people type), per_page capped at 200, empty
// filters left out, and what the panel does to a monitoring caller's range (spec 4.1) explained.
import * as assert from 'node:assert/strict';
import { auditCsv, auditJson } from '../../../src/webviews/audit/auditExport';
import { auditQuery, isMonitoringCaller, normaliseTime, rangeNote } from '../../../src/webviews/audit/auditQuery';
import { auditColumns, auditRows, entriesOfToken } from '../../../src/webviews/audit/auditTable';

describe('webviews: audit query, table and export', () => {
  it('accepts RFC 3339 times and the shorter forms people type, refuses the rest', () => {
    assert.equal(normaliseTime('2026-11-20T08:00:00Z'), '2026-11-20T08:00:00Z');
    assert.equal(normaliseTime('2026-11-20T08:00:00.5+02:00'), '2026-11-20T08:00:00.5+02:00');
    assert.equal(normaliseTime('2026-11-20'), '2026-11-20T00:00:00Z');
    assert.equal(normaliseTime('2026-11-20 08:00'), '2026-11-20T08:00:00Z');
    for (const bad of ['yesterday', '2026-13-01', '2026-02-30', '20/11/2026', '2026-11-20T25:00:00Z']) assert.equal(normaliseTime(bad), undefined, bad);
  });

  it('builds the query: trimmed filters, empty ones left out, per_page at most 200', () => {
    const { query, problems } = auditQuery({ action: ' keys. ', user: '', from: '2026-11-01', to: '' }, 2, 500);
    assert.deepEqual(problems, []);
    assert.deepEqual(query, { page: 2, per_page: 200, action: 'keys.', user: undefined, from: '2026-11-01T00:00:00Z', to: undefined });
  });

  it('refuses to send a time that is not RFC 3339 or a range that ends before it starts', () => {
    assert.deepEqual(auditQuery({ from: 'last week' }, 1, 50), { problems: ['from'] });
    assert.deepEqual(auditQuery({ from: '2026-11-02', to: '2026-11-01' }, 1, 50), { problems: ['range'] });
  });

  it('knows a monitoring-scope caller: monitoring scopes and nothing else besides audit:read', () => {
    assert.equal(isMonitoringCaller(['monitoring:read', 'audit:read']), true);
    assert.equal(isMonitoringCaller(['monitoring:read', 'monitoring:write', 'audit:read']), true);
    assert.equal(isMonitoringCaller(['monitoring:read', 'users:read', 'audit:read']), false);
    assert.equal(isMonitoringCaller(['audit:read']), false);
  });

  it('explains the defaults and the 31-day cap when the panel applies them, and says nothing otherwise', () => {
    const defaults = rangeNote({ page: 1 }, { from: '2026-11-21T10:00:00Z', to: '2026-11-22T10:00:00Z' }, true);
    assert.deepEqual(defaults, { monitoringCaller: true, fromDefaulted: true, toDefaulted: true, capped: false, appliedFrom: '2026-11-21T10:00:00Z', appliedTo: '2026-11-22T10:00:00Z' });
    const capped = rangeNote({ from: '2026-01-01T00:00:00Z', to: '2026-11-22T00:00:00Z' }, { from: '2026-10-22T00:00:00Z', to: '2026-11-22T00:00:00Z' }, true);
    assert.equal(capped?.capped, true);
    assert.equal(rangeNote({ page: 1 }, { items: [] }, false), undefined);
    // Not known from the scopes: an answer carrying a range nobody asked for shows the panel applied one.
    assert.equal(rangeNote({ page: 1 }, { from: '2026-11-21T10:00:00Z', to: '2026-11-22T10:00:00Z' }, undefined)?.fromDefaulted, true);
    assert.equal(rangeNote({ page: 1 }, { items: [] }, undefined), undefined);
  });

  const entries = [
    { id: 2, created_at: '2026-11-22T09:00:00Z', action: 'keys.create', actor: 'admin', api_token_id: 'tok-1', target: { type: 'key', id: 'k1' }, details: {} },
    { id: 1, created_at: '2026-11-21T09:00:00Z', action: 'settings.update', actor: '=cmd|calc', api_token_id: null, target: { type: 'settings', id: null }, details: { note: 'a "quoted", value' } },
  ];

  it('puts the usual columns first, always shows api_token_id, and filters to one token', () => {
    const columns = auditColumns(entries);
    assert.deepEqual(columns, ['created_at', 'action', 'actor', 'api_token_id', 'target', 'id', 'details']);
    const rows = auditRows(entries, columns);
    assert.deepEqual(rows[0].cells.slice(3, 5), ['tok-1', 'key k1']);
    assert.equal(rows[0].tokenId, 'tok-1');
    assert.equal(rows[1].tokenId, undefined);
    assert.deepEqual(auditColumns([{ action: 'x' }]), ['action', 'api_token_id']);
    assert.deepEqual(entriesOfToken(entries, 'tok-1').map((entry) => entry.id), [2]);
  });

  it('exports CSV with quoting and formula cells defused, and JSON as the panel sent the entries', () => {
    const csv = auditCsv(entries, auditColumns(entries));
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines[0], 'created_at,action,actor,api_token_id,target,id,details');
    assert.match(lines[2], /,'=cmd\|calc,/);
    assert.match(lines[2], /"\{""note"":""a \\""quoted\\"", value""\}"$/);
    assert.deepEqual(JSON.parse(auditJson(entries)), entries);
  });
});
