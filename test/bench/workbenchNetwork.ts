/**
 * Runs workbench/networkInWorkbench.ts inside each VS Code the suite runs in (install-code-server.ts: the
 * oldest `engines.vscode` accepts, and a current one), in a code-server of its own with Chromium showing the
 * workbench, and reads back its `WORKBENCH_BENCH` line: Refresh All through `http.proxy` to an HTTPS panel
 * 150 ms away, with and without a keep-alive hint, through Panel Ops' pool and through VS Code's.
 * Part of `npm run bench` (client.bench.ts); alone: `node out/test/bench/workbenchNetwork.js` after
 * `npm run build && npm run compile-tests`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { launchChromium } from '../launch/chromium-browser';
import { startCodeServer } from '../launch/code-server-process';
import { installCodeServer, SUITE_BUILDS, type CodeServerBuild } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { runExtensionTests } from '../launch/workbench-tests';
import type { Timing } from './timing';
import type { WorkbenchNetworkResult } from './workbench/networkInWorkbench';

const ENTRY = join(repoRoot, 'out', 'test', 'bench', 'workbench', 'networkInWorkbench.js');
const MARK = 'WORKBENCH_BENCH ';

export async function workbenchNetworkBench(builds: readonly CodeServerBuild[] = SUITE_BUILDS): Promise<WorkbenchNetworkResult[]> {
  const results: WorkbenchNetworkResult[] = [];
  const browser = await launchChromium();
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-bench-'));
  try {
    for (const build of builds) {
      installCodeServer(build);
      const runDir = join(vscodeTestDir, 'bench-run', build.version);
      rmSync(runDir, { recursive: true, force: true });
      const server = await startCodeServer({ build, userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions'), workspace });
      let found: WorkbenchNetworkResult | undefined;
      const errors: string[] = [];
      try {
        const code = await runExtensionTests(server, browser, workspace, ENTRY, {
          name: `workbench bench, VS Code ${build.vscodeVersion}`,
          timeoutMs: 10 * 60_000,
          log: (type, args) => {
            const text = format(...args);
            if (text.startsWith(MARK)) found = JSON.parse(text.slice(MARK.length)) as WorkbenchNetworkResult;
            else if (type === 'error' && !text.includes('open-vsx.org')) errors.push(text);
          },
        });
        if (code !== 0 || !found) throw new Error(`the workbench bench on VS Code ${build.vscodeVersion} ended with ${code}:\n${errors.slice(-10).join('\n')}`);
        results.push(found);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
    rmSync(workspace, { recursive: true, force: true });
  }
  return results;
}

type Row = [string, string, string];

/** Rows of the bench's table: per VS Code, pool, hint and pause, the time until the rows are back. */
export function workbenchNetworkRows(results: readonly WorkbenchNetworkResult[], timing: (value: Timing) => string): Row[] {
  return results.flatMap((result) => result.rows.map((row): Row => [
    `VS Code ${result.vscode}, Refresh All at ${result.roundTripMs} ms through http.proxy: ${row.pool === 'Panel Ops' ? 'Panel Ops\'' : 'VS Code\'s'} pool, ${row.hint ? 'Keep-Alive: timeout=75' : 'no keep-alive hint'}, ${row.pause ? 'after a 6 s pause' : 'back to back'}`,
    timing(row.rowsBack),
    `${row.handshakesPerRefresh.toFixed(1)} TLS handshakes (new tunnels) per refresh for ${row.requestsPerRefresh.toFixed(0)} requests; until the Nodes view has its rows back`,
  ]));
}

if (require.main === module) {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  workbenchNetworkBench().then(
    (results) => {
      for (const row of workbenchNetworkRows(results, (t) => `${ms(t.median)} (${ms(t.min)}–${ms(t.max)})`)) console.log(row.join(' | '));
      console.log(`BENCH_JSON ${JSON.stringify({ workbenchNetwork: results })}`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.stack ?? error.message : String(error));
      process.exit(1);
    },
  );
}
