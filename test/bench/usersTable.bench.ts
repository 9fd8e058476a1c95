/**
 * Users as a document (issue 20), called from client.bench.ts:
 *  - the plan of a 10,000-user table (CSV written and read back, then planned: 1,000 expiries, 500
 *    disabled, 200 rebound, 50 new rows, 10 deleted), and the plan alone;
 *  - applying a 1,000-user expiry change at 150 ms per round trip (test/bench/latencyProxy.ts in front of
 *    the simulated panel's `large` data set, in its own process): requests sent and time, re-read included.
 * Nothing is asserted. Runs alone with `node out/test/bench/usersTable.bench.js`.
 */
import { createPanelApi, type Key } from '../../src/api';
import { applyPlan } from '../../src/usersTable/applyPlan';
import { readTable, tableText } from '../../src/usersTable/tableText';
import { NodeNames, rowOf, userStateOf, type TableRow, type UserState } from '../../src/usersTable/userRows';
import { planUsers, summarize } from '../../src/usersTable/usersPlan';
import { startPanelCli } from '../demo/panel-cli-process';
import { startLatencyProxy } from './latencyProxy';
import { time, timeOnce, type Timing } from './timing';

type Row = [string, string, string];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const timing = (result: Timing) => `${ms(result.median)} (${result.min.toFixed(1)}–${result.max.toFixed(1)})`;
const FUTURE = '2031-01-01T00:00:00.000Z';

function tenThousand(): { base: UserState[]; names: NodeNames; edited: TableRow[] } {
  const nodes = Array.from({ length: 200 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `node-${i + 1}` }));
  const names = new NodeNames(nodes);
  const base: UserState[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`, label: `User ${i + 1}`, note: i % 3 === 0 ? 'vip, "gold"' : '', owner: 'Sales',
    type: i % 2 ? 'PERSONAL' : 'SHARED', expiresAt: null, enabled: true, nodeIds: [nodes[i % 200].id], revoked: false,
  }));
  const rows = base.map((user, i) => ({ ...rowOf(user, names), line: i + 2 }));
  const edited: TableRow[] = rows.flatMap((row, i): TableRow[] => {
    if (i < 1000) return [{ ...row, expiry: FUTURE }];
    if (i < 1500) return [{ ...row, enabled: 'false' }];
    if (i < 1700) return [{ ...row, nodes: [names.textOf(nodes[(i + 1) % 200].id)] }];
    if (i < 1710) return [];
    return [row];
  });
  for (let n = 0; n < 50; n++) edited.push({ line: 20_000 + n, id: '', label: `New ${n}`, note: '', owner: '', type: 'PERSONAL', expiry: '', enabled: 'true', nodes: ['node-1'] });
  return { base, names, edited };
}

export async function usersTableBench(runs: number): Promise<Row[]> {
  const { base, names, edited } = tenThousand();
  const text = tableText('csv', edited);
  let summary = '';
  const whole = await time(runs, async () => {
    const rows = readTable('csv', tableText('csv', edited));
    const plan = planUsers(base, rows, names, Date.now());
    const counts = summarize(plan);
    summary = `create ${counts.create}, update ${counts.update} (expiry ${counts.byField.expiry}), disable ${counts.disable}, delete ${counts.delete}, bindings ${counts.bindings}`;
  });
  const planOnly = await time(runs, async () => planUsers(base, readTable('csv', text), names, Date.now()));
  const rows: Row[] = [
    ['users table: write, read and plan 10,000 users', timing(whole), `${(text.length / 1024 / 1024).toFixed(1)} MB of CSV; ${summary}`],
    ['users table: read and plan 10,000 users (the save)', timing(planOnly), 'target under one second'],
  ];

  const latencyMs = 150;
  const panel = await startPanelCli(['--dataset', 'large']);
  const proxy = await startLatencyProxy(Number(new URL(panel.url).port), latencyMs);
  const api = createPanelApi({ baseUrl: `http://${proxy.host}`, token: panel.ownerToken });
  try {
    // A thousand users of a filter (`q=Ada`: about 2,000 of the 20,000), re-read by listing the filter.
    const query = { q: 'Ada' };
    const listed: Key[] = await api.keys.listAll(query);
    const keys = listed.filter((key) => key.state !== 'revoked').slice(0, 1000);
    const nodeNames = new NodeNames((await api.nodes.list()).items.map((node) => ({ id: node.id, name: String(node.name ?? node.id) })));
    const states = keys.map(userStateOf);
    const tableRows = states.map((user, i) => ({ ...rowOf(user, nodeNames), line: i + 2, expiry: FUTURE }));
    const plan = planUsers(states, tableRows, nodeNames, Date.now());
    let requests = 0;
    let applied = 0;
    const elapsed = await timeOnce(async () => {
      const result = await applyPlan(api, plan, { base: new Map(states.map((user) => [user.id.toLowerCase(), user])), deleteRemoved: false, maxConcurrency: 16, query, queryTotal: listed.length });
      requests = result.requests;
      applied = result.outcomes.filter((outcome) => outcome.kind === 'applied').length;
      if (plan.problems.length > 0) throw new Error(`${plan.problems.length} invalid rows`);
    });
    const rereadPages = Math.ceil(listed.length / 200);
    rows.push([`users table: apply a ${plan.updates.length}-user expiry change at ${latencyMs} ms`, ms(elapsed),
      `${requests} requests (${rereadPages} pages re-read the filter's ${listed.length} users, ${plan.updates.length} PATCH); ${applied} applied; one at a time would wait ${((requests * latencyMs) / 1000).toFixed(0)} s for latency alone`]);
  } finally {
    await api.close();
    await proxy.close();
    await panel.stop();
  }
  return rows;
}

if (require.main === module) {
  void usersTableBench(Number(process.env.BENCH_RUNS ?? 5)).then((rows) => {
    for (const row of rows) console.log(row.join(' | '));
  });
}
