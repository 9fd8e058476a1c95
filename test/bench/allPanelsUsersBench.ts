/**
 * The Users view in all-panels mode with three panels of 20,000 users each (the `large` data set, each in
 * its own process): the time until every panel shows its six state groups with their counts and the first
 * page of its first group, each panel read through its own client and its own keys store bound to it
 * (`PanelBoundSession`, state/panelStores.ts), as the view reads them. New clients each run (cold
 * connections). Nothing is asserted.
 */
import { KEY_STATES, createPanelApi, type PanelApi } from '../../src/api';
import type { AllPanelsSession } from '../../src/connection/panelBoundSession';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { summary, timeOnce, type Timing } from './timing';

export interface AllPanelsUsersResult {
  readonly panels: number;
  readonly latencyMs: number;
  readonly usersPerPanel: number;
  readonly requests: number;
  readonly firstPage: Timing;
}

/** A session over real clients of several panels, all connected with full rights; counts the calls. */
function sessionOver(apis: ReadonlyMap<string, PanelApi>, sent: { count: number }): AllPanelsSession {
  const callOn: AllPanelsSession['callOn'] = (panelId, fn, signal) => {
    sent.count++;
    return fn(apis.get(panelId)!, signal ?? new AbortController().signal);
  };
  return {
    active: undefined,
    panel: (id: string) => (apis.has(id) ? { id, url: id, name: id } : undefined),
    callOn,
    onDidChange: () => ({ dispose: () => undefined }),
    stateOf: (id: string) => (apis.has(id) ? 'connected' : 'disconnected'),
    hasScopeOn: () => true,
    wasDeniedOn: () => false,
    forgetDenialsOn: () => undefined,
    capabilities: { explain: (route: string) => route },
  } as unknown as AllPanelsSession;
}

export async function measureAllPanelsUsersFirstPage(latencyMs: number, runs: number, panelCount = 3): Promise<AllPanelsUsersResult> {
  const { UsersStore } = await import('../../src/state/usersStore');
  const { PanelBoundSession } = await import('../../src/connection/panelBoundSession');
  const panels: PanelCliProcess[] = [];
  try {
    for (let i = 0; i < panelCount; i++) panels.push(await startPanelCli(['--dataset', 'large', '--latency-ms', String(latencyMs)]));
    let usersPerPanel = 0;
    let requests = 0;
    const samples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const apis = new Map(panels.map((panel) => [panel.url, createPanelApi({ baseUrl: panel.url, token: panel.ownerToken })]));
      const sent = { count: 0 };
      const session = sessionOver(apis, sent);
      samples.push(await timeOnce(() => Promise.all(panels.map(async (panel) => {
        const store = new UsersStore(new PanelBoundSession(session, panel.url));
        const lists = KEY_STATES.map((state) => store.list({ state }));
        await store.loadCounts(lists); // the six groups and their counts
        await store.loadNext(lists[0]); // the first group opened: its first page
        usersPerPanel = lists.reduce((sum, list) => sum + (list.count ?? 0), 0);
        store.dispose();
      }))));
      requests = sent.count;
      for (const api of apis.values()) await api.close();
    }
    return { panels: panelCount, latencyMs, usersPerPanel, requests, firstPage: summary(samples) };
  } finally {
    for (const panel of panels) await panel.stop();
  }
}
