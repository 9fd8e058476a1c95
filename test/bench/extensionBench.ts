/**
 * The extension's own figures for `npm run bench`: activation in fresh processes (activation.bench.ts),
 * bundle and VSIX sizes, idle requests per hour (idle.bench.ts), the Users view's cold open behind 40 ms
 * of latency, and an export of 100,000 keys streamed into text the way Export Users appends it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { KEY_STATES, createPanelApi } from '../../src/api';
import { exportEnd, exportPage, exportStart } from '../../src/commands/users/exportFormat';
import { startPanelCli } from '../demo/panel-cli-process';
import { repoRoot } from '../launch/repo-paths';
import { summary, time, timeOnce, type Timing } from './timing';

export interface ActivationResult {
  readonly load: Timing;
  readonly activate: Timing;
  /** Load plus activate, per sample. */
  readonly total: Timing;
  /** The same for the empty extension, sampled alternately with ours in the same run. */
  readonly empty: Timing;
  /** Median of the paired differences (ours minus empty), in ms. */
  readonly overEmpty: number;
  readonly requests: number;
  /** JavaScript loaded while loading and activating (KiB), and which files. */
  readonly evaluatedKb: number;
  readonly evaluatedFiles: readonly string[];
  /** dist/extension.js */
  readonly bundleKb: number;
  /** Every .js file of dist/ but the webview scripts (the bundles loaded on first use included). */
  readonly bundles: Readonly<Record<string, number>>;
  readonly webviewKb: number;
  readonly vsixKb: number | undefined;
}

const kb = (path: string) => statSync(path).size / 1024;

type ActivationSample = { loadMs: number; activateMs: number; requests: number; evaluatedKb: number; files: string[] };

/** Activation of dist/extension.js and of the empty extension, alternately, `runs` fresh processes each. */
export function measureActivation(runs: number): ActivationResult {
  const sample = (...args: string[]) => JSON.parse(execFileSync(process.execPath, [join(repoRoot, 'out/test/bench/activation.bench.js'), ...args], { cwd: repoRoot, encoding: 'utf8' })) as ActivationSample;
  const pairs = Array.from({ length: runs }, () => ({ empty: sample('empty'), ours: sample() }));
  const samples = pairs.map((pair) => pair.ours);
  const totalOf = (one: ActivationSample) => one.loadMs + one.activateMs;
  const distDir = join(repoRoot, 'dist');
  const webviewDir = join(repoRoot, 'dist/webview');
  const vsix = join(repoRoot, 'panel-ops.vsix');
  return {
    load: summary(samples.map((one) => one.loadMs)),
    activate: summary(samples.map((one) => one.activateMs)),
    total: summary(samples.map(totalOf)),
    empty: summary(pairs.map((pair) => totalOf(pair.empty))),
    overEmpty: summary(pairs.map((pair) => totalOf(pair.ours) - totalOf(pair.empty))).median,
    requests: Math.max(...samples.map((one) => one.requests)),
    evaluatedKb: Math.max(...samples.map((one) => one.evaluatedKb)),
    evaluatedFiles: samples[0].files,
    bundleKb: kb(join(repoRoot, 'dist/extension.js')),
    bundles: Object.fromEntries((readdirSync(distDir, { recursive: true, encoding: 'utf8' }))
      .filter((name) => name.endsWith('.js') && !name.startsWith('webview'))
      .map((name) => [name, Math.round(kb(join(distDir, name)))])),
    webviewKb: existsSync(webviewDir) ? readdirSync(webviewDir).filter((name) => /\.(js|css)$/.test(name)).reduce((total, name) => total + kb(join(webviewDir, name)), 0) : 0,
    vsixKb: existsSync(vsix) ? kb(vsix) : undefined,
  };
}

export interface IdleResult {
  readonly focusedPerHour: number;
  readonly unfocusedPerHour: number;
  readonly seconds: number;
}

export function measureIdle(seconds: number): IdleResult {
  const run = (mode: string) =>
    JSON.parse(execFileSync(process.execPath, [join(repoRoot, 'out/test/bench/idle.bench.js'), mode, String(seconds)], { cwd: repoRoot, encoding: 'utf8' })) as { perHourAtDefault: number };
  return { focusedPerHour: run('focused').perHourAtDefault, unfocusedPerHour: run('unfocused').perHourAtDefault, seconds };
}

export interface ColdOpenResult {
  readonly latencyMs: number;
  readonly requests: number;
  readonly roundTrips: number;
  readonly shown: Timing;
}

/** The Users view's first display: the six group counts, sent at once (one round trip). */
export async function measureUsersColdOpen(latencyMs: number, runs: number): Promise<ColdOpenResult> {
  const panel = await startPanelCli(['--dataset', 'large', '--latency-ms', String(latencyMs)]);
  try {
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      // A fresh client each time: a cold open also pays for the connections.
      const api = createPanelApi({ baseUrl: panel.url, token: panel.ownerToken });
      samples.push(await timeOnce(() => Promise.all(KEY_STATES.map((state) => api.keys.count({ state })))));
      await api.close();
    }
    const shown = summary(samples);
    return { latencyMs, requests: KEY_STATES.length, roundTrips: Math.max(1, Math.round(shown.median / latencyMs)), shown };
  } finally {
    await panel.stop();
  }
}

export interface ExportResult {
  readonly latencyMs: number;
  readonly keys: number;
  readonly timing: Timing;
  readonly heapGrowthMb: number;
  readonly textMb: number;
}

/**
 * An export of every key of the `huge` data set (100,000) as CSV, the way Export Users reads it: pages of
 * 200 read ahead with adaptive concurrency (keys.allPages), each formatted and appended to the text in
 * order as it arrives. The heap growth is measured after a full collection, with the exported text still
 * held (as a document is).
 */
export async function measureExport(runs: number, latencyMs = 0): Promise<ExportResult> {
  const panel = await startPanelCli(['--dataset', 'huge', '--latency-ms', String(latencyMs)]);
  const gc = (globalThis as { gc?: () => void }).gc;
  try {
    const api = createPanelApi({ baseUrl: panel.url, token: panel.ownerToken });
    let keys = 0;
    let textBytes = 0;
    let growth = 0;
    const timing = await time(runs, async () => {
      gc?.();
      const before = process.memoryUsage().heapUsed;
      const chunks: string[] = [exportStart('csv')];
      keys = 0;
      for await (const page of api.keys.allPages({ per_page: 200 })) {
        chunks.push(exportPage('csv', page.items, keys === 0));
        keys += page.items.length;
      }
      chunks.push(exportEnd('csv'));
      gc?.();
      growth = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
      textBytes = chunks.reduce((total, chunk) => total + Buffer.byteLength(chunk), 0);
    });
    await api.close();
    return { latencyMs, keys, timing, heapGrowthMb: growth, textMb: textBytes / 1024 / 1024 };
  } finally {
    await panel.stop();
  }
}
