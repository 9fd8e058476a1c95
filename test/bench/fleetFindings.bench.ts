// The fleet's to-do list recomputed after a store change: one panel of 20,000 users and 200 nodes (with
// their recent jobs and 50 alerts), as the stores hold them. Target under 50 ms. And its own pass over a
// panel of 20,000 users (the simulator's `large` data set, in its own process) 150 ms away: requests and
// wall time of one pass, the heap the pass's holdings keep, and the recompute with them. Nothing is asserted.
import { createPanelApi } from '../../src/api';
import { parseAlerts } from '../../src/state/alertsModel';
import { computeFindings, DEFAULT_FINDING_SETTINGS, type PanelHoldings } from '../../src/state/fleetFindings';
import { readPass, type PassResult } from '../../src/state/fleetTodoPass';
import type { StoreSession } from '../../src/state/storeSession';
import { startPanelCli } from '../demo/panel-cli-process';
import { fillPlaceholders, type Localize } from '../../src/text/localize';
import { summary, timeOnce, type Timing } from './timing';

const USERS = 20_000;
const NODES = 200;
const t = ((message: string, ...args: Array<string | number | boolean>) => fillPlaceholders(message, args)) as Localize;

function largePanel(now: number): PanelHoldings {
  const day = 86_400_000;
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    id: `node-${i}`, name: `node ${i}`, status: i % 20 === 0 ? 'offline' : 'online',
    dirty: i % 7 === 0, last_apply_at: new Date(now - (i % 10) * 3_600_000).toISOString(),
  }));
  const jobs = new Map(nodes.map((node, i) => [node.id, Array.from({ length: 10 }, (_, j) => ({ status: i % 13 === 0 && j === 0 ? 'failed' : 'ok', finished_at: new Date(now - j * day).toISOString() }))]));
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: `user-${i}`, label: `user ${i}`, state: ['active', 'expiring', 'disabled', 'expired'][i % 4], status: 'active',
    expires_at: i % 3 === 0 ? null : new Date(now + (i % 30) * day).toISOString(),
  }));
  const { alerts } = parseAlerts({ items: Array.from({ length: 50 }, (_, i) => ({ id: i + 1, level: ['critical', 'warning', 'info'][i % 3], title: `alert ${i}`, resolved: i % 2 === 0 })) });
  return { panelId: 'https://bench.example', panelName: 'bench', nodes, jobsOf: (id) => jobs.get(id), alerts, users, offlineSince: () => now - 60_000 };
}

export function fleetFindingsBench(runs: number): { recompute: Timing; findings: number; users: number; nodes: number } {
  const now = Date.now();
  const panel = largePanel(now);
  let findings = computeFindings(panel, DEFAULT_FINDING_SETTINGS, now, t).length; // warm-up
  const samples: number[] = [];
  for (let run = 0; run < Math.max(runs, 5); run++) {
    const started = performance.now();
    findings = computeFindings(panel, DEFAULT_FINDING_SETTINGS, now, t).length;
    samples.push(performance.now() - started);
  }
  return { recompute: summary(samples), findings, users: USERS, nodes: NODES };
}

export interface PassBench {
  readonly latencyMs: number;
  readonly users: number;
  readonly nodes: number;
  readonly requests: number;
  readonly pass: Timing;
  readonly kept: number;
  readonly heapMb: number;
  readonly recompute: Timing;
  readonly findings: number;
}

/** One pass (users at 200 a page, fleet updates) over the `large` panel `latencyMs` away, `runs` times on a new client. */
export async function fleetTodoPassBench(latencyMs: number, runs: number): Promise<PassBench> {
  const panel = await startPanelCli(['--dataset', 'large', '--latency-ms', String(latencyMs)]);
  const gc = (globalThis as { gc?: () => void }).gc;
  try {
    const samples: number[] = [];
    let result: PassResult | undefined;
    let heapMb = 0;
    let users = 0;
    let nodes = 0;
    for (let run = 0; run < Math.max(1, runs); run++) {
      const api = createPanelApi({ baseUrl: panel.url, token: panel.ownerToken });
      const call: StoreSession['call'] = (fn, signal) => fn(api, signal ?? new AbortController().signal);
      if (run === 0) {
        users = (await api.keys.list({ per_page: 1 })).total;
        nodes = (await api.nodes.list()).items.length;
      }
      result = undefined;
      gc?.();
      const before = process.memoryUsage().heapUsed;
      samples.push(await timeOnce(async () => {
        result = await readPass(call, { users: true, fleetUpdates: true }, undefined, new AbortController().signal);
      }));
      gc?.();
      heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
      await api.close();
    }
    const pass = (result as PassResult | undefined)?.holdings;
    const now = Date.now();
    const holdings = { ...largePanel(now), pass };
    const recompute: number[] = [];
    let findings = computeFindings(holdings, DEFAULT_FINDING_SETTINGS, now, t).length; // warm-up
    for (let run = 0; run < Math.max(runs, 5); run++) {
      const started = performance.now();
      findings = computeFindings(holdings, DEFAULT_FINDING_SETTINGS, now, t).length;
      recompute.push(performance.now() - started);
    }
    return {
      latencyMs, users, nodes, requests: (result as PassResult | undefined)?.requests ?? 0, pass: summary(samples),
      kept: pass?.users.length ?? 0, heapMb, recompute: summary(recompute), findings,
    };
  } finally {
    await panel.stop();
  }
}
