/**
 * Requests per hour the panels watcher (src/state/panelsWatch.ts) sends with three connected panels (the
 * `demo` data set each: 6 nodes, 2 of them dirty, one with a job that stays running) at the default
 * settings: a 60 s interval, the default notifications (node offline, apply failed, apply rolled back,
 * critical alert), full-rights tokens. The real watcher and the real client talk to three simulated
 * panels over loopback HTTP; only time is fake: a fake clock steps the watcher's timers through an hour,
 * waiting for each round's requests to be answered, so the hour takes a second or two. Counted on the
 * panels (`requests`): focused for an hour; unfocused for an hour after the first read; and the
 * catch-up when focus returns. A second focused run also turns on "users expiring today".
 */
import { createPanelApi, type PanelApi } from '../../src/api';
import type { PanelEventKind } from '../../src/state/panelEvents';
import { PanelsWatch } from '../../src/state/panelsWatch';
import { startPanel, type SimulatedPanel } from '../panel';
import { FakeClock } from '../unit/support/fakeClock';

const HOUR_MS = 3_600_000;
const DEFAULT_INTERVAL_MS = 60_000;
const DEFAULT_KINDS: readonly PanelEventKind[] = ['nodeOffline', 'applyFailed', 'applyRolledBack', 'criticalAlert'];

export interface PanelsWatchBenchResult {
  readonly panels: number;
  readonly focusedPerHour: number;
  readonly focusedByRoute: Record<string, number>;
  readonly focusedWithExpiringPerHour: number;
  readonly unfocusedPerHour: number;
  readonly catchUp: number;
}

async function runHour(panels: readonly SimulatedPanel[], options: { focused: boolean; kinds: readonly PanelEventKind[] }): Promise<{ requests: number; byRoute: Record<string, number>; catchUp: number }> {
  const clock = new FakeClock();
  clock.now = Date.now();
  const apis = new Map<string, PanelApi>(panels.map((panel) => [panel.url, createPanelApi({ baseUrl: panel.url, token: panel.tokens.owner })]));
  let inFlight = 0;
  const watch = new PanelsWatch({
    panels: async () => panels.map((panel, index) => ({ id: panel.url, name: `Panel ${index + 1}`, can: () => true })),
    stores: () => undefined,
    readPanel: async (panelId, call, signal) => {
      inFlight += 1;
      try {
        return await call(apis.get(panelId) as PanelApi, signal ?? new AbortController().signal);
      } finally {
        inFlight -= 1;
      }
    },
    settings: () => ({ intervalMs: DEFAULT_INTERVAL_MS, enabled: new Set(options.kinds), nodesVisible: false }),
    scheduler: clock,
    focused: true,
    now: () => clock.now,
    report: () => undefined,
  });
  const answered = async () => {
    do await new Promise((resolve) => setTimeout(resolve, 2)); while (inFlight > 0);
  };
  await watch.sync();
  await answered();
  if (!options.focused) await watch.setFocused(false);
  for (const panel of panels) panel.resetRequests();
  // Step through the hour a minute at a time, letting each round's requests be answered.
  for (let elapsed = 0; elapsed < HOUR_MS; elapsed += DEFAULT_INTERVAL_MS) {
    await clock.advance(DEFAULT_INTERVAL_MS);
    await answered();
  }
  const all = panels.flatMap((panel) => panel.requests);
  const byRoute: Record<string, number> = {};
  for (const request of all) {
    const route = `${request.method} ${request.path.replace(/^\/api\/v1/, '').replace(/[0-9a-f-]{36}/g, '{id}')}`;
    byRoute[route] = (byRoute[route] ?? 0) + 1;
  }
  let catchUp = 0;
  if (!options.focused) {
    for (const panel of panels) panel.resetRequests();
    await watch.setFocused(true);
    await answered();
    catchUp = panels.reduce((sum, panel) => sum + panel.requests.length, 0);
  }
  watch.dispose();
  for (const api of apis.values()) await api.close();
  return { requests: all.length, byRoute, catchUp };
}

export async function measurePanelsWatch(): Promise<PanelsWatchBenchResult> {
  const panels = await Promise.all([1, 2, 3].map(() => startPanel({ dataset: 'demo' })));
  try {
    const focused = await runHour(panels, { focused: true, kinds: DEFAULT_KINDS });
    const withExpiring = await runHour(panels, { focused: true, kinds: [...DEFAULT_KINDS, 'usersExpiring'] });
    const unfocused = await runHour(panels, { focused: false, kinds: DEFAULT_KINDS });
    return {
      panels: panels.length,
      focusedPerHour: focused.requests,
      focusedByRoute: focused.byRoute,
      focusedWithExpiringPerHour: withExpiring.requests,
      unfocusedPerHour: unfocused.requests,
      catchUp: unfocused.catchUp,
    };
  } finally {
    await Promise.all(panels.map((panel) => panel.close()));
  }
}

/** The bench's rows: [measurement, figure, note]. */
export function panelsWatchRows(result: PanelsWatchBenchResult): [string, string, string][] {
  const routes = Object.entries(result.focusedByRoute).map(([route, count]) => `${route} ${count}`).join(', ');
  return [
    [`panels watcher, ${result.panels} panels, requests per hour`, `${result.focusedPerHour} focused, ${result.unfocusedPerHour} unfocused`, `default settings (60 s, default notifications), demo data; a fake clock steps the real watcher and client through the hour against simulated panels; ${routes}`],
    ['panels watcher: focus return after an unfocused hour', `${result.catchUp} requests`, `one catch-up read per panel; with "users expiring today" on, focused: ${result.focusedWithExpiringPerHour} per hour`],
  ];
}

/** What client.bench.ts calls: measures and gives the rows. */
export async function panelsWatchBenchRows(): Promise<[string, string, string][]> {
  return panelsWatchRows(await measurePanelsWatch());
}
