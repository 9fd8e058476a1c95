/**
 * Requests an idle extension sends: activate (vscodeStub.ts) with one connected simulated panel and no
 * view open, window focused or not, and count what reaches the panel over `seconds`. The watcher's poll is
 * set to 1 s so a short run shows the rate; the figure is scaled to the default interval (60 s) per hour.
 * Prints one JSON line `{"focused", "seconds", "requests", "perHourAtDefault"}`. Usage: idle.bench.js focused|unfocused [seconds]
 */
import { resolve } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { startPanel } from '../panel';
import { benchContext, installVscodeStub, stubOptions } from './vscodeStub';

const DEFAULT_INTERVAL_S = 60;
const BENCH_INTERVAL_S = 1;

async function main(): Promise<void> {
  const focused = process.argv[2] !== 'unfocused';
  const seconds = Number(process.argv[3] ?? 10);
  installVscodeStub();
  stubOptions.focused = focused;
  stubOptions.settings = { 'panelOps.poll.intervalSeconds': BENCH_INTERVAL_S };
  const panel = await startPanel({ dataset: 'demo' });
  const context = benchContext(repoRoot, {
    state: { 'panelOps.panels': [{ url: panel.url, name: 'Bench', preset: 'fullRights', scopes: ['nodes:read', 'users:read', 'monitoring:read', 'sites:read'] }], 'panelOps.activePanel': panel.url },
    secrets: { [`panelOps.token:${panel.url}`]: panel.tokens.owner },
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads the built bundle from a path known at run time
  const extension = require(resolve(repoRoot, 'dist/extension.js')) as { activate(context: unknown): Promise<unknown> };
  await extension.activate(context);
  panel.resetRequests();
  await new Promise((done) => setTimeout(done, seconds * 1000));
  const requests = panel.requests.length;
  for (const subscription of context.subscriptions as { dispose(): void }[]) subscription.dispose();
  await panel.close();
  const perHourAtDefault = Math.round((requests / seconds) * (BENCH_INTERVAL_S / DEFAULT_INTERVAL_S) * 3600);
  process.stdout.write(`${JSON.stringify({ focused, seconds, requests, perHourAtDefault })}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
