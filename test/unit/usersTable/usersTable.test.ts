import * as assert from 'node:assert/strict';
import type { Key } from '../../../src/api/types';
import { applyPlan } from '../../../src/usersTable/applyPlan';
import { planRevert } from '../../../src/usersTable/revertPlan';
import { readTable, tableText, TableSyntaxError } from '../../../src/usersTable/tableText';
import { NodeNames, rowOf, userStateOf, type TableRow, type UserState } from '../../../src/usersTable/userRows';
import { planUsers, summarize } from '../../../src/usersTable/usersPlan';
import { usePanel } from '../support/clientPanelHooks';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const names = new NodeNames([{ id: 'n1', name: 'fra-1' }, { id: 'n2', name: 'ams-1' }, { id: 'n3', name: 'dup' }, { id: 'n4', name: 'dup' }]);

function user(id: string, fields: Partial<UserState> = {}): UserState {
  return { id, label: `User ${id}`, note: '', owner: '', type: 'PERSONAL', expiresAt: null, enabled: true, nodeIds: ['n1'], revoked: false, ...fields };
}

function edit(rows: TableRow[], id: string, fields: Partial<TableRow>): TableRow[] {
  return rows.map((row) => (row.id === id ? { ...row, ...fields } : row));
}

describe('users table: text', () => {
  it('reads back what it writes, CSV and JSON, formula guard and quotes included', () => {
    const users = [
      user('u1', { note: '=SUM(A1)', owner: '-ops', label: 'Comma, "quoted"' }),
      user('u3', { label: 'Very long label '.repeat(3), note: '  leading and trailing  ', owner: ' x' }),
      user('u2', { note: "'=already", expiresAt: '2027-01-01T00:00:00.000Z', enabled: false, nodeIds: ['n1', 'n2', 'n3'] }),
    ];
    for (const format of ['csv', 'json'] as const) {
      const text = tableText(format, users.map((entry) => rowOf(entry, names)));
      const rows = readTable(format, text);
      const plan = planUsers(users, rows, names, NOW);
      assert.deepEqual(summarize(plan).update + plan.creates.length + plan.deletes.length + plan.problems.length, 0, `${format}: ${text}`);
      assert.deepEqual(rows.map((row) => row.line), [2, 3, 4]);
    }
    // A node name two nodes share is written as the node's id.
    assert.match(tableText('csv', [rowOf(users[2], names)]), /fra-1; ams-1; n3/);
  });

  it('refuses text that is not a table with the reason and its line (a failed parse leaves the document unsaved)', () => {
    const reason = (format: 'csv' | 'json', text: string) => {
      try {
        readTable(format, text);
      } catch (error) {
        assert.ok(error instanceof TableSyntaxError, String(error));
        return error.problem;
      }
      assert.fail(`read as a table: ${text}`);
    };
    const header = 'id,label,note,owner,type,expiry,enabled,nodes';
    assert.deepEqual(reason('csv', 'id,label,secret\n'), { kind: 'unknownColumn', line: 1, name: 'secret' });
    assert.deepEqual(reason('csv', 'id,label\n'), { kind: 'missingColumn', line: 1, name: 'note' });
    assert.deepEqual(reason('csv', `${header},label\n`), { kind: 'columnTwice', line: 1, name: 'label' });
    assert.deepEqual(reason('csv', ''), { kind: 'noHeader', line: 1 });
    assert.deepEqual(reason('csv', `${header}\n,a,,,PERSONAL,,true,n1\n,b,,,PERSONAL,,true,n1,extra\n`), { kind: 'tooManyValues', line: 3, values: 9, columns: 8 });
    assert.deepEqual(reason('csv', `${header}\n,a,,,PERSONAL,,true,n1\n,"b,,,PERSONAL,,true,n1\n`), { kind: 'unclosedQuote', line: 3 });
    assert.deepEqual(reason('json', '{"id": 1}'), { kind: 'notArray', line: 1 });
    assert.deepEqual(reason('json', '[\n  {"id": "a"},\n  {"id": "b", "links": []}\n]'), { kind: 'unknownField', line: 3, name: 'links' });
    assert.deepEqual(reason('json', '[\n  {"id": "a"},\n  7\n]'), { kind: 'notObject', line: 1, item: 2 });
    const notJson = reason('json', '[{"id": }]');
    assert.ok(notJson.kind === 'notJson' && notJson.line === 1 && notJson.detail.length > 0, JSON.stringify(notJson));
  });
});

describe('users table: the plan', () => {
  const base = Array.from({ length: 6 }, (_, i) => user(`u${i + 1}`));
  const rows = () => base.map((entry, i) => ({ ...rowOf(entry, names), line: i + 2 }));

  it('plans creates, field updates, enable/disable, bindings and deletes, and counts them', () => {
    let edited = edit(rows(), 'u1', { expiry: '2027-01-01T00:00:00Z' });
    edited = edit(edited, 'u2', { enabled: 'false' });
    edited = edit(edited, 'u3', { nodes: ['ams-1'] });
    edited = edit(edited, 'u4', { note: 'hello', label: 'Renamed' });
    edited = edited.filter((row) => row.id !== 'u5');
    edited.push({ line: 9, id: '', label: 'New one', note: '', owner: '', type: 'SHARED', expiry: '', enabled: 'true', nodes: ['fra-1'] });
    const plan = planUsers(base, edited, names, NOW);
    const summary = summarize(plan);
    assert.deepEqual(
      { create: summary.create, update: summary.update, expiry: summary.byField.expiry, label: summary.byField.label, note: summary.byField.note, disable: summary.disable, delete: summary.delete, added: summary.bindingsAdded, removed: summary.bindingsRemoved },
      { create: 1, update: 2, expiry: 1, label: 1, note: 1, disable: 1, delete: 1, added: 1, removed: 1 },
    );
    assert.equal(plan.deletes[0].id, 'u5');
  });

  it('marks the rows the panel would refuse, at their lines, and plans nothing for them', () => {
    let edited = edit(rows(), 'u1', { nodes: ['nowhere'] });
    edited = edit(edited, 'u2', { expiry: '2020-01-01T00:00:00Z' });
    edited = edit(edited, 'u3', { label: '  ' });
    edited = edit(edited, 'u4', { type: 'VIP' });
    edited = edit(edited, 'u6', { nodes: ['dup'] });
    edited.push({ ...edited[4], line: 20 }); // u5 twice
    edited.push({ line: 21, id: 'f00', label: 'x', note: '', owner: '', type: 'PERSONAL', expiry: '', enabled: 'maybe', nodes: ['fra-1'] });
    const plan = planUsers(base, edited, names, NOW);
    assert.deepEqual(plan.problems.map((problem) => `${problem.line}:${problem.code}`).sort(), [
      '2:unknownNode', '20:duplicateId', '21:badEnabled', '21:unknownId', '3:pastExpiry', '4:emptyLabel', '5:badType', '7:ambiguousNode',
    ].sort());
    assert.equal(plan.updates.length, 0);
    assert.equal(plan.deletes.length, 0, 'an edited id holds deletions back');
    assert.equal(plan.deletesHeld, true);
  });

  it('leaves an expired user\'s past expiry alone until the row changes it', () => {
    const expired = [user('e1', { expiresAt: '2020-01-01T00:00:00.000Z' })];
    const edited = edit(expired.map((entry) => ({ ...rowOf(entry, names), line: 2 })), 'e1', { note: 'still here' });
    const plan = planUsers(expired, edited, names, NOW);
    assert.equal(plan.problems.length, 0);
    assert.deepEqual(plan.updates[0].fields, { note: 'still here' });
  });
});

describe('users table: applying against the simulated panel', () => {
  const fixture = usePanel({ dataset: 'demo' });

  async function setUp(count: number) {
    const api = fixture.client();
    const nodes = (await api.nodes.list()).items.map((node) => ({ id: node.id, name: String(node.name) }));
    const keys = (await api.keys.listAll()).filter((key) => !['revoked', 'expired', 'disabled'].includes(key.state)).slice(0, count);
    const base = keys.map(userStateOf);
    const nodeNames = new NodeNames(nodes);
    const rows = base.map((entry, i) => ({ ...rowOf(entry, nodeNames), line: i + 2 }));
    return { api, nodes, base, nodeNames, rows, baseMap: new Map(base.map((entry) => [entry.id.toLowerCase(), entry])) };
  }

  const requests = (method: string, path: RegExp) => fixture.panel.requests.filter((request) => request.method === method && path.test(request.path)).length;

  it('applies exactly the plan with bulk routes where they exist, skips a conflict, and reverts', async () => {
    const { api, nodes, base, nodeNames, rows, baseMap } = await setUp(8);
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    let edited = edit(rows, base[0].id, { expiry: future });
    edited = edit(edited, base[1].id, { expiry: future });
    edited = edit(edited, base[2].id, { enabled: 'false' });
    const other = nodes.find((node) => !base[3].nodeIds.includes(node.id.toLowerCase()));
    assert.ok(other);
    edited = edit(edited, base[3].id, { nodes: [other.name] });
    edited = edit(edited, base[4].id, { note: 'conflicting' });
    edited.push({ line: 99, id: '', label: 'Table created', note: 'from the table', owner: '', type: 'PERSONAL', expiry: '', enabled: 'true', nodes: [nodes[0].name] });
    const plan = planUsers(base, edited, nodeNames, Date.now());
    // Someone changes user 5 on the panel meanwhile.
    const record = fixture.panel.data.keys.get(base[4].id.toLowerCase());
    assert.ok(record);
    record.label = 'Changed meanwhile';
    fixture.panel.resetRequests();

    const result = await applyPlan(api, plan, { base: baseMap, deleteRemoved: false, maxConcurrency: 8 });
    const kinds = result.outcomes.map((outcome) => `${outcome.action}:${outcome.kind}`).sort();
    assert.deepEqual(kinds, ['create:applied', 'update:applied', 'update:applied', 'update:applied', 'update:applied', 'update:conflict'].sort(), JSON.stringify(result.outcomes));
    assert.equal(fixture.panel.data.keys.get(base[4].id.toLowerCase())?.note ?? '', base[4].note, 'the conflict was not overwritten');
    assert.equal(fixture.panel.data.keys.get(base[0].id.toLowerCase())?.expires_at, future);
    assert.ok(fixture.panel.data.keys.get(base[2].id.toLowerCase())?.disabled_at);
    assert.deepEqual(fixture.panel.data.keys.get(base[3].id.toLowerCase())?.bindings.map((binding) => binding.node_id), [other.id.toLowerCase()]);
    assert.equal([...fixture.panel.data.keys.values()].filter((key) => key.label === 'Table created' && key.note === 'from the table').length, 1);
    assert.equal(requests('PATCH', /\/keys\//), 2, 'the two expiries');
    assert.equal(requests('POST', /\/keys\/bulk$/), 1);
    assert.equal(requests('POST', /\/keys\/import$/), 1, 'the create, with its note');
    assert.equal(requests('POST', /\/keys\/[^/]+\/bindings$/), 1);
    assert.equal(requests('DELETE', /\/bindings\//), base[3].nodeIds.length);
    assert.equal(result.requests, fixture.panel.requests.length);

    // Revert: back to what the panel held before, the created user offered for deletion.
    const last = { panelId: 'p', appliedAt: new Date().toISOString(), changes: result.applied, created: result.created, deleted: result.deleted };
    const createdNow = (await Promise.all(result.created.map((entry) => api.keys.get(entry.id)))).map(userStateOf);
    const revert = planRevert(last, createdNow, nodeNames, Date.now());
    assert.equal(revert.plan.updates.length, 4);
    const undone = await applyPlan(api, revert.plan, { base: revert.base, deleteRemoved: true, maxConcurrency: 8 });
    assert.ok(undone.outcomes.every((outcome) => outcome.kind === 'applied'), JSON.stringify(undone.outcomes));
    for (const entry of base.slice(0, 4)) {
      const now = userStateOf(await api.keys.get(entry.id));
      assert.deepEqual(now, entry, `${entry.label} is back`);
    }
    assert.equal([...fixture.panel.data.keys.values()].filter((key) => key.label === 'Table created').length, 0);
  });

  it('reconciles a lost answer to a create without making the user twice', async () => {
    const { api, nodes, base, nodeNames, rows, baseMap } = await setUp(2);
    const edited = [...rows, { line: 9, id: '', label: 'Lost create', note: '', owner: '', type: 'SHARED', expiry: '', enabled: 'true', nodes: [nodes[1].name] } satisfies TableRow];
    const plan = planUsers(base, edited, nodeNames, Date.now());
    fixture.panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: '/keys/import' } });
    const result = await applyPlan(api, plan, { base: baseMap, deleteRemoved: false, maxConcurrency: 4 });
    assert.deepEqual(result.outcomes.map((outcome) => outcome.kind), ['reconciled']);
    assert.equal(requests('POST', /\/keys\/import$/), 1, 'sent once');
    assert.equal([...fixture.panel.data.keys.values()].filter((key) => key.label === 'Lost create').length, 1);
    assert.equal(result.created.length, 1);
  });

  it('reconciles a lost answer to a PATCH by reading the user back', async () => {
    const { api, base, nodeNames, rows, baseMap } = await setUp(1);
    const plan = planUsers(base, edit(rows, base[0].id, { owner: 'Reconciled owner' }), nodeNames, Date.now());
    fixture.panel.inject({ kind: 'drop-after-apply', match: { method: 'PATCH', path: /\/keys\// } });
    const result = await applyPlan(api, plan, { base: baseMap, deleteRemoved: false, maxConcurrency: 4 });
    assert.deepEqual(result.outcomes.map((outcome) => outcome.kind), ['reconciled']);
    assert.equal(requests('PATCH', /\/keys\//), 1);
    assert.equal(fixture.panel.data.keys.get(base[0].id.toLowerCase())?.owner_label, 'Reconciled owner');
  });

  it('re-reads by listing when that is cheaper than one read per user', async () => {
    const { api, base, nodeNames, rows, baseMap } = await setUp(12);
    let edited = rows;
    for (const entry of base) edited = edit(edited, entry.id, { note: `n ${entry.id}` });
    const plan = planUsers(base, edited, nodeNames, Date.now());
    const total = (await api.keys.list({ per_page: 1 })).total;
    fixture.panel.resetRequests();
    await applyPlan(api, plan, { base: baseMap, deleteRemoved: false, maxConcurrency: 8, query: {}, queryTotal: total });
    assert.equal(requests('GET', /\/keys\/[0-9a-f-]{36}$/), 0);
    assert.equal(requests('GET', /\/keys$/), Math.ceil(total / 200));
  });
});

export type { Key };

describe('users table: applying under pressure', () => {
  const fixture = usePanel({ dataset: 'demo', latencyMs: 30, inFlightLimit: { max: 3, retryAfterSeconds: 0 } });

  async function plannedNotes(count: number, prefix: string) {
    const api = fixture.client();
    const nodes = (await api.nodes.list()).items.map((node) => ({ id: node.id, name: String(node.name) }));
    const names = new NodeNames(nodes);
    const base = (await api.keys.listAll()).filter((key) => !['revoked'].includes(key.state)).slice(0, count).map(userStateOf);
    const rows = base.map((entry, i) => ({ ...rowOf(entry, names), line: i + 2, note: `${prefix} ${i}` }));
    return { api, base, plan: planUsers(base, rows, names, Date.now()), baseMap: new Map(base.map((entry) => [entry.id.toLowerCase(), entry])) };
  }

  it('sends a 429\'d single-user request again after the pause, and applies every change once', async function () {
    this.timeout(30_000);
    const { api, base, plan, baseMap } = await plannedNotes(20, 'pressure');
    fixture.panel.resetRequests();
    const result = await applyPlan(api, plan, { base: baseMap, deleteRemoved: false, maxConcurrency: 16 });
    assert.deepEqual(result.outcomes.map((outcome) => outcome.kind), base.map(() => 'applied'));
    for (const [i, entry] of base.entries()) assert.equal(fixture.panel.data.keys.get(entry.id.toLowerCase())?.note, `pressure ${i}`);
    assert.ok(fixture.panel.load.rejected > 0, 'the panel answered 429 to some');
  });

  it('stops between requests when cancelled: nothing more is sent, the rest is reported as not sent', async () => {
    const { api, base, plan, baseMap } = await plannedNotes(10, 'cancelled');
    const stop = new AbortController();
    stop.abort();
    fixture.panel.resetRequests();
    const result = await applyPlan(api, plan, { base: baseMap, deleteRemoved: false, maxConcurrency: 4, stop: stop.signal });
    assert.deepEqual(result.outcomes.map((outcome) => outcome.kind), base.map(() => 'notSent'));
    assert.equal(fixture.panel.requests.filter((request) => request.method === 'PATCH').length, 0);
    assert.equal(result.cancelled, true);
  });
});
