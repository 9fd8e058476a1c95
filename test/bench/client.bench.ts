/**
 * Client benchmark against the simulated panel's `large` data set (run with `npm run bench`):
 *  - keys.listAll() of 20,000+ keys with 1 page in flight vs the default 6;
 *  - the six per-state count requests one after another vs in parallel;
 *  - what requiring undici costs in a fresh Node process (why the client loads it lazily).
 *  - the log viewer's extension side following a node's log at 2,000 lines/s for a minute
 *    (BENCH_LOG_SECONDS, BENCH_LOG_RATE): lines delivered, heap growth, timer lag (logViewer.ts).
 * The panel runs in its own process (the CLI), so the client's concurrency is not limited by sharing
 * one event loop with the server. Prints a table of medians; nothing is asserted.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { KEY_STATES, createPanelApi, type PanelApi } from '../../src/api';
import { measureLogViewer } from './logViewer';

const ROOT = resolve(__dirname, '../../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function time(runs: number, task: () => Promise<unknown>): Promise<{ median: number; min: number; max: number }> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await task();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
}

/** Milliseconds a fresh Node process spends in `require(module)`, measured inside that process. */
function requireCost(module: string): number {
  const script = `const t = process.hrtime.bigint(); require(${JSON.stringify(module)}); process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
  return Number(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

interface PanelProcess {
  url: string;
  tokens: { owner: string };
  child: ChildProcess;
}

/** Starts `node out/test/panel/cli.js --dataset large` and reads its one line of JSON. */
async function startPanelProcess(): Promise<PanelProcess> {
  const child = spawn(process.execPath, [resolve(ROOT, 'out/test/panel/cli.js'), '--dataset', 'large'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the simulated panel exited (${code}) before it was ready`)));
  });
  lines.close();
  const { url, tokens } = JSON.parse(line) as { url: string; tokens: { owner: string } };
  return { url, tokens, child };
}

async function stopPanelProcess(panel: PanelProcess): Promise<void> {
  if (panel.child.exitCode !== null) return;
  const exited = once(panel.child, 'exit');
  panel.child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const panel = await startPanelProcess();
  const rows: [string, string, string][] = [];
  const add = (what: string, result: { median: number; min: number; max: number }, note = '') =>
    rows.push([what, `${result.median.toFixed(1)} ms (${result.min.toFixed(1)}–${result.max.toFixed(1)})`, note]);
  let api: PanelApi | undefined;
  try {
    api = createPanelApi({ baseUrl: panel.url, token: panel.tokens.owner });
    const client = api;
    const total = (await client.keys.list({ per_page: 1 })).total;
    await client.keys.listAll(); // warm-up: connections, JIT

    for (const concurrency of [1, 6]) {
      let count = 0;
      const result = await time(RUNS, async () => {
        count = (await client.keys.listAll({}, { concurrency })).length;
      });
      add(`keys.listAll(), concurrency ${concurrency}`, result, `${count} keys, ${Math.ceil(total / 200)} pages of 200`);
    }

    add('six per-state counts, one after another', await time(RUNS, async () => {
      for (const state of KEY_STATES) await client.keys.count({ state });
    }));
    let counts: number[] = [];
    add('six per-state counts, in parallel', await time(RUNS, async () => {
      counts = await Promise.all(KEY_STATES.map((state) => client.keys.count({ state })));
    }), KEY_STATES.map((state, i) => `${state} ${counts[i]}`).join(', '));
  } finally {
    await api?.close();
    await stopPanelProcess(panel);
  }

  const undiciCosts = Array.from({ length: RUNS }, () => requireCost('undici'));
  add("require('undici') in a fresh process", { median: median(undiciCosts), min: Math.min(...undiciCosts), max: Math.max(...undiciCosts) }, 'paid on the first request');
  const apiCosts = Array.from({ length: RUNS }, () => requireCost(resolve(ROOT, 'out/src/api/index.js')));
  add('require(API layer) in a fresh process', { median: median(apiCosts), min: Math.min(...apiCosts), max: Math.max(...apiCosts) }, 'undici not evaluated');

  const logSeconds = Number(process.env.BENCH_LOG_SECONDS ?? 60);
  const logRate = Number(process.env.BENCH_LOG_RATE ?? 2000);
  const logs = await measureLogViewer(logSeconds, logRate);
  const mb = (value: number) => `${value.toFixed(1)} MB`;
  rows.push(
    [`log viewer: lines read, ${logRate}/s for ${logSeconds} s`, `${logs.linesRead} lines`, `${Math.round(logs.linesRead / logSeconds)} lines/s; ${logs.linesSent} sent to the page in ${logs.batches} batches (${mb(logs.bytesSent / 1024 / 1024)} serialised)`],
    ['log viewer: extension-host heap', `${mb(logs.heapEndMb - logs.heapStartMb)} growth`, `${mb(logs.heapStartMb)} before, ${mb(logs.heapEndMb)} after, ${mb(logs.heapMaxMb)} at most (buffer of 10,000 lines)`],
    ['log viewer: longest 10 ms timer delay', `${logs.maxTimerLagMs} ms`, 'how long the event loop was busy at once'],
  );

  const header: [string, string, string] = ['measurement', `median of ${RUNS} (min–max)`, 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
