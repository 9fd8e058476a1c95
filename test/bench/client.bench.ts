/**
 * Client benchmark against the simulated panel's `large` data set (run with `npm run bench`):
 *  - keys.listAll() of 20,000+ keys with 1 page in flight vs the default (adaptive, cap 16);
 *  - the six per-state count requests one after another vs in parallel;
 *  - a full inventory behind 40 and 150 ms of added latency: sequential pager, listAll, the limit;
 *  - a panel that answers 429 above 4 requests in flight: pages lost, 429s seen;
 *  - requests per connection and the HTTPS inventory at 150 ms per round trip, before (undici request) and
 *    after (fetch), in plain Node and as inside VS Code (the host's fetch patch), see networkBench.ts;
 *  - in the real workbench of VS Code 1.100.3 and 1.117.0: Refresh All through http.proxy to an HTTPS panel
 *    150 ms away, with and without a keep-alive hint, back to back and after a pause, through Panel Ops'
 *    pool and through VS Code's: handshakes per refresh and the time until the rows are back
 *    (workbenchNetwork.ts; BENCH_SKIP_WORKBENCH=1 leaves it out);
 *  - what requiring undici costs in a fresh Node process (why the client loads it lazily);
 *  - the fleet's to-do list recomputed for a panel of 20,000 users and 200 nodes (target under 50 ms), and
 *    its own pass over such a panel at 150 ms: requests, time, heap held, recompute with what it read;
 *  - the log viewer's extension side following a node's log at 2,000 lines/s for a minute
 *    (BENCH_LOG_SECONDS, BENCH_LOG_RATE): lines delivered, heap growth, timer lag (logViewer.ts).
 * The panel runs in its own process (the CLI), so the client's concurrency is not limited by sharing
 * one event loop with the server. Prints a table of medians and one line `BENCH_JSON {...}`; nothing is asserted.
 */
import { resolve } from 'node:path';
import { KEY_STATES, createPanelApi, type PanelApi } from '../../src/api';
import { startPanelCli } from '../demo/panel-cli-process';
import { repoRoot } from '../launch/repo-paths';
import { measureActivation, measureExport, measureIdle, measureUsersColdOpen } from './extensionBench';
import { measureLogViewer } from './logViewer';
import { measureAllPanelsUsersFirstPage } from './allPanelsUsersBench';
import { networkBench, type NetworkResult } from './networkBench';
import { workbenchNetworkBench, workbenchNetworkRows } from './workbenchNetwork';
import { latencyBench, rateLimitBench, type LatencyResult, type RateLimitResult } from './pagingBench';
import { requireCost, summary, time, type Timing } from './timing';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The 429 runs take seconds each (each 429 waits out Retry-After: 1 s). */
const LATENCY_RUNS = Math.min(RUNS, 3);

type Row = [string, string, string];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const timing = (result: Timing) => `${ms(result.median)} (${result.min.toFixed(1)}–${result.max.toFixed(1)})`;

async function withoutLatency(add: (what: string, result: Timing, note?: string) => void): Promise<Record<string, number>> {
  const panel = await startPanelCli(['--dataset', 'large']);
  let api: PanelApi | undefined;
  const medians: Record<string, number> = {};
  try {
    api = createPanelApi({ baseUrl: panel.url, token: panel.ownerToken });
    const client = api;
    const total = (await client.keys.list({ per_page: 1 })).total;
    await client.keys.listAll(); // warm-up: connections, JIT
    for (const [name, options] of [['maxConcurrency 1', { maxConcurrency: 1 }], ['adaptive, cap 16', {}]] as const) {
      let count = 0;
      const result = await time(RUNS, async () => {
        count = (await client.keys.listAll({}, options)).length;
      });
      add(`keys.listAll(), ${name}`, result, `${count} keys, ${Math.ceil(total / 200)} pages of 200`);
      medians[`listAll ${name}`] = result.median;
    }
    add('six per-state counts, one after another', await time(RUNS, async () => {
      for (const state of KEY_STATES) await client.keys.count({ state });
    }));
    let counts: number[] = [];
    const parallel = await time(RUNS, async () => {
      counts = await Promise.all(KEY_STATES.map((state) => client.keys.count({ state })));
    });
    add('six per-state counts, in parallel', parallel, KEY_STATES.map((state, i) => `${state} ${counts[i]}`).join(', '));
    medians['counts in parallel'] = parallel.median;
  } finally {
    await api?.close();
    await panel.stop();
  }
  return medians;
}

function latencyRows(result: LatencyResult): Row[] {
  const at = `${result.latencyMs} ms latency`;
  const ofLimit = (value: Timing) => `${(value.median / result.limit.median).toFixed(2)}x the limit`;
  return [
    [`inventory at ${at}: sequential pager`, timing(result.sequential), `${result.pages} pages one after another`],
    [`inventory at ${at}: keys.listAll()`, timing(result.listAll), `${result.ratioToLimit.toFixed(2)}x the limit, ${result.ratioToBestUnderCap.toFixed(2)}x the best under the cap (medians of paired runs), ${result.speedup.toFixed(1)}x faster than sequential`],
    [`inventory at ${at}: keys.listAll(), new client`, timing(result.listAllNewClient), `${ofLimit(result.listAllNewClient)}; first listing: new connections, starts at 4 in flight`],
    [`inventory at ${at}: keys.listAll(), cap 64`, timing(result.listAllCap64), ofLimit(result.listAllCap64)],
    [`inventory at ${at}: best under the cap of 16`, timing(result.bestUnderCap), `${result.capCost.toFixed(2)}x the limit: page 1, then 16 in flight from the start; latency alone is ${result.capFloorMs} ms (${1 + Math.ceil((result.pages - 1) / 16)} round trips)`],
    [`inventory at ${at}: the limit`, timing(result.limit), 'page 1, then every other page at once'],
  ];
}

function networkRows(result: NetworkResult): Row[] {
  const at = `HTTPS inventory at ${result.roundTripMs} ms`;
  const perConnection = (row: NetworkResult['raw'][number]) =>
    row.connectionsPerListing < 1
      ? `${row.requestsPerListing.toFixed(0)} requests, all on kept-alive connections (${row.connectionsPerListing.toFixed(1)} new per listing)`
      : `${row.requestsPerListing.toFixed(0)} requests on ${row.connectionsPerListing.toFixed(1)} new connections (${(row.requestsPerListing / row.connectionsPerListing).toFixed(1)} per connection)`;
  return [
    ...result.raw.map((row): Row => [`${at}, raw pages (16 in flight): ${row.mode}`, timing(row.timing), perConnection(row)]),
    ...result.listAll.map((row): Row => [`${at}, keys.listAll(): ${row.mode}`, timing(row.timing), perConnection(row)]),
    ['  (how "as inside VS Code" was reproduced)', result.hostFetch, `remote panel reached on ${result.remoteHost}; a new connection costs 3 round trips`],
  ];
}

function rateLimitRow(result: RateLimitResult): Row {
  return [
    `keys.listAll(), 429 above ${result.maxInFlight} in flight (40 ms)`,
    timing(result.listAll),
    `${result.keys} keys, ${result.pagesLost} pages lost, ${result.duplicates} duplicates, ${result.inOrder ? 'in order' : 'OUT OF ORDER'}, ${result.answers429} answers 429 per listing`,
  ];
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const add = (what: string, result: Timing, note = '') => rows.push([what, timing(result), note]);
  const activation = measureActivation(RUNS);
  add('activation: load dist/extension.js', activation.load, 'fresh Node process, vscode stand-in (vscodeStub.ts)');
  add('activation: activate()', activation.activate, `nothing stored; ${activation.requests} requests sent`);
  add('activation: load + activate', activation.total, `${activation.overEmpty.toFixed(1)} ms over the empty extension (median of paired differences; budget 10 ms)`);
  add('activation: the empty extension, same way', activation.empty, 'emptyExtension.ts: registers nothing');
  rows.push(['JavaScript evaluated at activation', `${activation.evaluatedKb.toFixed(0)} KiB`, `budget 250 KiB; ${activation.evaluatedFiles.join(', ')}`]);
  rows.push(['bundles (KiB)', Object.entries(activation.bundles).map(([name, size]) => `${name} ${size}`).join(', '), 'dist/ but the webview scripts']);
  rows.push(['sizes', `${activation.bundleKb.toFixed(0)} KiB bundle`, `webview scripts and styles ${activation.webviewKb.toFixed(0)} KiB; VSIX ${activation.vsixKb === undefined ? 'not built' : `${activation.vsixKb.toFixed(0)} KiB`}`]);
  const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
  const idle = measureIdle(idleSeconds);
  rows.push(['idle requests per hour, default settings', `${idle.focusedPerHour} focused, ${idle.unfocusedPerHour} unfocused`, `one connected panel, no view open; measured over ${idleSeconds} s at a 1 s poll, scaled to the 60 s default`]);
  rows.push(...await (await import('./panelsWatch.bench')).panelsWatchBenchRows());
  const coldOpen = await measureUsersColdOpen(40, RUNS);
  add(`Users view cold open at ${coldOpen.latencyMs} ms: groups and counts shown`, coldOpen.shown, `${coldOpen.requests} requests in ${coldOpen.roundTrips} round trip(s), new connections`);
  for (const allPanels of [await measureAllPanelsUsersFirstPage(0, RUNS), await measureAllPanelsUsersFirstPage(40, RUNS)]) add(`Users view, all panels: ${allPanels.panels} panels of ${allPanels.usersPerPanel} users at ${allPanels.latencyMs} ms, first page of each`, allPanels.firstPage, `${allPanels.requests} requests (six counts and one page per panel), each panel on its own client and store, new connections`);
  const exported = await measureExport(Math.min(RUNS, 3));
  add(`export of ${exported.keys} keys to CSV`, exported.timing, `heap growth ${exported.heapGrowthMb.toFixed(1)} MB holding the ${exported.textMb.toFixed(1)} MB of text (target under 100 MB)`);
  const exportedFar = await measureExport(1, 150);
  const sequentialFloorS = (Math.ceil(exportedFar.keys / 200) * exportedFar.latencyMs) / 1000;
  add(`export of ${exportedFar.keys} keys to CSV at ${exportedFar.latencyMs} ms latency`, exportedFar.timing, `heap growth ${exportedFar.heapGrowthMb.toFixed(1)} MB; one page after another would wait ${sequentialFloorS.toFixed(0)} s for latency alone`);
  const plain = await withoutLatency(add);
  const latency = [await latencyBench(40, RUNS), await latencyBench(150, RUNS)];
  for (const result of latency) rows.push(...latencyRows(result));
  const rateLimited = await rateLimitBench(LATENCY_RUNS);
  rows.push(rateLimitRow(rateLimited));
  const network = await networkBench(150, LATENCY_RUNS);
  rows.push(...networkRows(network));
  rows.push(...await (await import('./goToBench')).goToRows(150, LATENCY_RUNS, timing));
  // In the real workbench of each VS Code the suite runs in (code-server, Chromium): minutes, not seconds.
  const workbench = process.env.BENCH_SKIP_WORKBENCH ? [] : await workbenchNetworkBench();
  rows.push(...workbenchNetworkRows(workbench, timing));
  rows.push(...(await (await import('./usersTable.bench')).usersTableBench(RUNS)));
  rows.push(...(await (await import('./panelFolder.bench')).panelFolderBench(LATENCY_RUNS)));
  const todo = (await import('./fleetFindings.bench')).fleetFindingsBench(RUNS);
  add(`fleet to-do: findings recomputed, ${todo.users} users and ${todo.nodes} nodes`, todo.recompute, `${todo.findings} findings; target under 50 ms`);
  const pass = await (await import('./fleetFindings.bench')).fleetTodoPassBench(150, LATENCY_RUNS);
  add(`fleet to-do: one pass at ${pass.latencyMs} ms, ${pass.users} users and ${pass.nodes} nodes`, pass.pass, `${pass.requests} requests (pages of 200 and the fleet updates), under the paging cap`);
  rows.push([`fleet to-do: heap the pass's holdings keep`, `${pass.heapMb.toFixed(1)} MB`, `${pass.kept} of ${pass.users} users kept (live figures not all zero), compacted`]);
  add(`fleet to-do: findings recomputed with the pass's holdings`, pass.recompute, `${pass.findings} findings over the synthetic ${pass.nodes}-node panel and the pass's users; target under 50 ms`);

  const undici = summary(Array.from({ length: RUNS }, () => requireCost('undici')));
  add("require('undici') in a fresh process", undici, 'paid on the first request');
  const apiLayer = summary(Array.from({ length: RUNS }, () => requireCost(resolve(repoRoot, 'out/src/api/index.js'))));
  add('require(API layer) in a fresh process', apiLayer, 'undici not evaluated');

  const logSeconds = Number(process.env.BENCH_LOG_SECONDS ?? 60);
  const logRate = Number(process.env.BENCH_LOG_RATE ?? 2000);
  const logs = await measureLogViewer(logSeconds, logRate);
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  rows.push(
    [`log viewer: lines read, ${logRate}/s for ${logSeconds} s`, `${logs.linesRead} lines`, `${Math.round(logs.linesRead / logSeconds)} lines/s; ${logs.linesSent} sent to the page in ${logs.batches} batches (${mb(logs.bytesSent / 1024 / 1024)} serialised)`],
    ['log viewer: extension-host heap', `${mb(logs.heapEndMb - logs.heapStartMb)} growth`, `${mb(logs.heapStartMb)} before, ${mb(logs.heapEndMb)} after, ${mb(logs.heapMaxMb)} at most (buffer of 10,000 lines)`],
    ['log viewer: longest 10 ms timer delay', `${logs.maxTimerLagMs} ms`, 'how long the event loop was busy at once'],
  );

  const header: Row = ['measurement', `median (min–max); ${RUNS} runs (sequential 2, 429 panel ${LATENCY_RUNS})`, 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  const json = {
    node: process.version,
    runs: RUNS,
    withoutLatencyMs: plain,
    inventory: latency.map((r) => ({
      latencyMs: r.latencyMs,
      pages: r.pages,
      sequentialMs: r.sequential.median,
      listAllMs: r.listAll.median,
      listAllNewClientMs: r.listAllNewClient.median,
      listAllCap64Ms: r.listAllCap64.median,
      bestUnderCapMs: r.bestUnderCap.median,
      limitMs: r.limit.median,
      ratioToLimit: Number(r.ratioToLimit.toFixed(3)),
      ratioToBestUnderCap: Number(r.ratioToBestUnderCap.toFixed(3)),
      capCost: Number(r.capCost.toFixed(3)),
      capFloorMs: r.capFloorMs,
      speedupOverSequential: Number(r.speedup.toFixed(2)),
    })),
    network: {
      roundTripMs: network.roundTripMs,
      pages: network.pages,
      hostFetch: network.hostFetch,
      ...Object.fromEntries((['raw', 'listAll'] as const).map((kind) => [kind, network[kind].map((row) => ({
        mode: row.mode,
        ms: Math.round(row.timing.median),
        requests: row.requestsPerListing,
        newConnections: row.connectionsPerListing,
      }))])),
    },
    workbenchNetwork: workbench.map((result) => ({
      vscode: result.vscode,
      node: result.node,
      roundTripMs: result.roundTripMs,
      rows: result.rows.map((row) => ({ pool: row.pool, hint: row.hint, pause: row.pause, rowsBackMs: Math.round(row.rowsBack.median), handshakesPerRefresh: row.handshakesPerRefresh, requestsPerRefresh: row.requestsPerRefresh })),
    })),
    rateLimited: {
      maxInFlight: rateLimited.maxInFlight,
      pagesLost: rateLimited.pagesLost,
      duplicates: rateLimited.duplicates,
      inOrder: rateLimited.inOrder,
      answers429PerListing: rateLimited.answers429,
      listAllMs: rateLimited.listAll.median,
    },
    requireMs: { undici: undici.median, apiLayer: apiLayer.median },
    activation: { loadMs: activation.load.median, activateMs: activation.activate.median, totalMs: activation.total.median, emptyMs: activation.empty.median, overEmptyMs: Number(activation.overEmpty.toFixed(1)), evaluatedKb: Math.round(activation.evaluatedKb), bundles: activation.bundles, requests: activation.requests, bundleKb: Math.round(activation.bundleKb), webviewKb: Math.round(activation.webviewKb), vsixKb: activation.vsixKb === undefined ? null : Math.round(activation.vsixKb) },
    fleetTodo: { users: todo.users, nodes: todo.nodes, findings: todo.findings, recomputeMs: Number(todo.recompute.median.toFixed(2)) },
    idleRequestsPerHour: { focused: idle.focusedPerHour, unfocused: idle.unfocusedPerHour },
    usersColdOpen: { latencyMs: coldOpen.latencyMs, requests: coldOpen.requests, roundTrips: coldOpen.roundTrips, shownMs: coldOpen.shown.median },
    export: { keys: exported.keys, ms: exported.timing.median, heapGrowthMb: Number(exported.heapGrowthMb.toFixed(1)), textMb: Number(exported.textMb.toFixed(1)) },
    exportAt150Ms: { keys: exportedFar.keys, ms: exportedFar.timing.median, heapGrowthMb: Number(exportedFar.heapGrowthMb.toFixed(1)) },
    logViewer: { seconds: logSeconds, rate: logRate, linesRead: logs.linesRead, heapGrowthMb: Number((logs.heapEndMb - logs.heapStartMb).toFixed(1)), maxTimerLagMs: logs.maxTimerLagMs },
  };
  console.log(`BENCH_JSON ${JSON.stringify(json)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
