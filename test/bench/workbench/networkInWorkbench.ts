/**
 * The network bench inside a real VS Code (run as an extension-tests entry by ../workbenchNetwork.ts):
 * an HTTPS panel 150 ms away (latencyProxy.ts: one round trip per request on a kept connection, three on
 * a new one) reached through `http.proxy` (countingProxy.ts, a name only it resolves), with and without
 * the panel saying how long it keeps a connection (`Keep-Alive: timeout=75`, or nginx's silence). For
 * each way of sending, Refresh All is timed until the Nodes view has its rows back, and the TLS
 * handshakes with the panel counted, back to back and after a 6 s pause (longer than the 4 s undici keeps
 * a connection the panel said nothing about):
 *  - Panel Ops' pool: `http.proxy` as operators set it, the route VS Code's settings decide (route.ts);
 *  - VS Code's pool: the same proxy given with a login in its URL (`http://bench:bench@…`), a route this
 *    client leaves to VS Code (the proxy ignores the login), i.e. how every request was sent before.
 * Prints one line `WORKBENCH_BENCH {...}`; nothing is asserted.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel } from '../../panel';
import { startCountingProxy } from '../../support/countingProxy';
import { children, connect, signOut, testApi, type TestApi } from '../../vscode/support';
import { startLatencyProxy } from '../latencyProxy';
import { summary, timeOnce, type Timing } from '../timing';

const NAME = 'bench.internal.test';
const ROUND_TRIP_MS = Number(process.env.BENCH_ROUND_TRIP_MS ?? 150);
const RUNS = Number(process.env.BENCH_WORKBENCH_RUNS ?? 3);
const PAUSE_MS = 6_000;

export interface WorkbenchNetworkRow {
  readonly pool: 'Panel Ops' | 'VS Code';
  readonly hint: boolean;
  readonly pause: boolean;
  readonly rowsBack: Timing;
  /** New TLS connections to the panel per Refresh All (each a tunnel through the proxy). */
  readonly handshakesPerRefresh: number;
  readonly requestsPerRefresh: number;
}

export interface WorkbenchNetworkResult {
  readonly vscode: string;
  readonly node: string;
  readonly roundTripMs: number;
  readonly rows: WorkbenchNetworkRow[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function setting(section: string, name: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(section).update(name, value, vscode.ConfigurationTarget.Global);
}

async function measure(api: TestApi, hint: boolean): Promise<WorkbenchNetworkRow[]> {
  const panel = await startPanel({ https: { names: [NAME] }, dataset: 'demo', keepAlive: { idleSeconds: 75, hint } });
  const far = await startLatencyProxy(Number(new URL(panel.url).port), ROUND_TRIP_MS);
  const proxy = await startCountingProxy({ [NAME]: '127.0.0.1' });
  const folder = mkdtempSync(join(tmpdir(), 'panel-ops-bench-ca-'));
  const target = { url: `https://${NAME}:${far.host.split(':')[1]}` };
  const rows: WorkbenchNetworkRow[] = [];
  try {
    writeFileSync(join(folder, 'ca.pem'), panel.ca ?? '');
    await setting('panelOps', 'caCertificatePath', join(folder, 'ca.pem'));
    for (const pool of ['Panel Ops', 'VS Code'] as const) {
      const proxyUrl = new URL(proxy.url);
      if (pool === 'VS Code') [proxyUrl.username, proxyUrl.password] = ['bench', 'bench'];
      await setting('http', 'proxy', proxyUrl.toString().replace(/\/$/, ''));
      await connect(target, panel.tokens.owner, { name: `Bench (${pool})` });
      try {
        // The Panel Ops side bar open, as the operator has it: Refresh All reloads the views it shows.
        await vscode.commands.executeCommand('workbench.view.extension.panelOps');
        await Promise.all([api.nodes, api.users, api.alerts, api.siteTemplates, api.branding].map((view) => children(view)));
        const refresh = async () => {
          await vscode.commands.executeCommand('panelOps.refreshAll');
          const rows = await children(api.nodes);
          assert.equal(rows.length, panel.data.nodes.size, 'the Nodes view shows every node');
        };
        // Until no request has reached the panel for a while: the reads a refresh starts in views it does
        // not wait for are counted with it, not with the next one.
        const settle = async () => {
          for (let seen = -1; seen !== panel.requests.length; ) {
            seen = panel.requests.length;
            await sleep(3 * ROUND_TRIP_MS + 200);
          }
        };
        for (let warm = 0; warm < 2; warm++) {
          await refresh(); // warm-up: connections, JIT, the pool that trusts the panel's CA
          await settle();
        }
        for (const pause of [false, true]) {
          const samples: number[] = [];
          const [connections, requests] = [far.connections, panel.requests.length];
          for (let run = 0; run < RUNS; run++) {
            if (pause) await sleep(PAUSE_MS);
            samples.push(await timeOnce(refresh));
            await settle();
          }
          rows.push({
            pool,
            hint,
            pause,
            rowsBack: summary(samples),
            handshakesPerRefresh: (far.connections - connections) / RUNS,
            requestsPerRefresh: (panel.requests.length - requests) / RUNS,
          });
        }
      } finally {
        await signOut(target);
      }
    }
  } finally {
    await setting('http', 'proxy', undefined);
    await setting('panelOps', 'caCertificatePath', undefined);
    rmSync(folder, { recursive: true, force: true });
    await proxy.close();
    await far.close();
    await panel.close();
  }
  return rows;
}

export async function run(): Promise<void> {
  const api = await testApi();
  // Refresh All's reads only: the panels watcher's, beside them, would open connections of their own.
  await api.panelsWatching.setWindowFocused(false);
  const rows = [...(await measure(api, true)), ...(await measure(api, false))];
  const result: WorkbenchNetworkResult = { vscode: vscode.version, node: process.version, roundTripMs: ROUND_TRIP_MS, rows };
  console.log(`WORKBENCH_BENCH ${JSON.stringify(result)}`);
}
