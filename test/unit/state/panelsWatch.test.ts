// The panels watcher over several panels, driven by a fake clock and a fake window focus: what it reads,
// when, and what it reports (no request while unfocused, one catch-up read and one report on focus return,
// backoff per panel, jobs only where an apply can end now).
import * as assert from 'node:assert/strict';
import type { PanelApi } from '../../../src/api';
import type { RouteId } from '../../../src/api/catalog';
import type { PanelNode } from '../../../src/api/types';
import type { PanelEvent, PanelEventKind } from '../../../src/state/panelEvents';
import { AppliesTold } from '../../../src/state/appliesTold';
import { PanelsWatch, MAX_JOB_READS, type PanelsReport, type WatchedStores, type WatchSettings } from '../../../src/state/panelsWatch';
import { FakeClock, settle } from '../support/fakeClock';

/** A panel played in memory: its nodes, jobs and alerts, the requests it got, failures on demand. */
class FakePanel {
  nodes: PanelNode[] = [
    { id: 'n1', name: 'fra-1', status: 'online', dirty: false },
    { id: 'n2', name: 'fra-2', status: 'online', dirty: false },
  ];
  jobs = new Map<string, object[]>();
  alerts: object[] = [{ id: 1, severity: 'critical', title: 'Old', resolved: false }];
  requests: string[] = [];
  failing = false;
  constructor(readonly id: string) {}
  private async answer<T>(what: string, value: () => T): Promise<T> {
    this.requests.push(what);
    await Promise.resolve();
    if (this.failing) throw new Error('the panel is down');
    return value();
  }
  readonly api = {
    nodes: {
      list: () => this.answer('GET /nodes', () => ({ items: this.nodes.map((node) => ({ ...node })), total: this.nodes.length })),
      jobs: (id: string) => this.answer(`GET /nodes/${id}/jobs`, () => this.jobs.get(id) ?? []),
    },
    alerts: { list: () => this.answer('GET /alerts', () => ({ items: this.alerts })) },
    keys: { list: () => this.answer('GET /keys?state=expiring', () => ({ items: [], total: 0 })) },
  } as unknown as PanelApi;
}

function setup(options: { panels?: number; enabled?: PanelEventKind[]; focused?: boolean; nodesVisible?: boolean; can?: (route: RouteId) => boolean; stores?: (id: string) => WatchedStores | undefined; toldElsewhere?: (event: PanelEvent) => boolean } = {}) {
  const clock = new FakeClock();
  clock.now = new Date(2026, 10, 24, 12).getTime();
  const panels = Array.from({ length: options.panels ?? 2 }, (_, index) => new FakePanel(`https://p${index}`));
  const reports: PanelsReport[] = [];
  const settings: WatchSettings = {
    intervalMs: 60_000,
    enabled: new Set(options.enabled ?? ['nodeOffline', 'applyFailed', 'applyRolledBack', 'criticalAlert']),
    nodesVisible: options.nodesVisible ?? false,
  };
  const watch = new PanelsWatch({
    panels: async () => panels.map((panel) => ({ id: panel.id, name: panel.id, can: options.can ?? (() => true) })),
    stores: options.stores ?? (() => undefined),
    readPanel: (panelId, call, signal) => {
      const panel = panels.find((candidate) => candidate.id === panelId);
      assert.ok(panel);
      return call(panel.api, signal ?? new AbortController().signal);
    },
    settings: () => settings,
    scheduler: clock,
    focused: options.focused ?? true,
    now: () => clock.now,
    report: (report) => reports.push(report),
    toldElsewhere: options.toldElsewhere,
  });
  const requests = () => panels.reduce((sum, panel) => sum + panel.requests.length, 0);
  return { clock, panels, reports, watch, requests };
}

/** Moves the clock a second at a time, letting the polls' chains of promises run in between. */
async function drain(clock: FakeClock, ms: number): Promise<void> {
  for (let step = 0; step < ms; step += 1_000) {
    await clock.advance(Math.min(1_000, ms - step));
    await new Promise((resolve) => setImmediate(resolve));
  }
  await settle();
}

describe('panels watcher (fake clock, fake focus)', () => {
  it('reads every panel on start, then once per interval, and reports an offline node once, grouped across panels', async () => {
    const { clock, panels, reports, watch } = setup();
    await watch.sync();
    assert.deepEqual(panels.map((panel) => panel.requests), [['GET /nodes', 'GET /alerts'], ['GET /nodes', 'GET /alerts']]);
    panels[0].nodes[0].status = 'offline';
    panels[0].nodes[1].status = 'offline';
    panels[1].nodes[1].status = 'offline';
    await drain(clock, 60_000);
    assert.equal(reports.length, 0, 'held for a moment, so panels read together give one notification');
    await drain(clock, 2_000);
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].events.map((event) => `${event.panelId} ${event.name}`), ['https://p0 fra-1', 'https://p0 fra-2', 'https://p1 fra-2']);
    assert.equal(reports[0].away, false);
    await drain(clock, 62_000);
    assert.equal(reports.length, 1, 'still offline: not told again');
    watch.dispose();
  });

  it('sends nothing while the window is unfocused; on focus return one read per panel and one away report', async () => {
    const { clock, panels, reports, watch, requests } = setup({ panels: 3 });
    await watch.sync();
    await watch.setFocused(false);
    const before = requests();
    panels[0].nodes[0].status = 'offline';
    panels[2].nodes[1].status = 'offline';
    panels[1].alerts = [...panels[1].alerts, { id: 2, severity: 'critical', title: 'New', resolved: false }];
    await drain(clock, 3_600_000);
    assert.equal(requests(), before, 'no request at all in an unfocused hour');
    assert.deepEqual(clock.pending(), [], 'no timer either');
    await watch.setFocused(true);
    assert.equal(requests() - before, 6, 'one catch-up read (nodes, alerts) per panel');
    assert.equal(reports.length, 1);
    assert.equal(reports[0].away, true);
    assert.deepEqual(reports[0].events.map((event) => event.kind).sort(), ['criticalAlert', 'nodeOffline', 'nodeOffline']);
    await drain(clock, 2_000);
    assert.equal(reports.length, 1, 'the catch-up is not told twice');
    watch.dispose();
  });

  it('backs off a failing panel without delaying the others', async () => {
    const { clock, panels, watch } = setup();
    await watch.sync();
    panels[0].failing = true;
    for (let minute = 1; minute <= 7; minute++) await drain(clock, 60_000);
    const nodeReads = (panel: FakePanel) => panel.requests.filter((request) => request === 'GET /nodes').length;
    assert.equal(nodeReads(panels[1]), 8, 'the healthy panel: the first read and one a minute');
    assert.equal(nodeReads(panels[0]), 4, 'the failing panel: the first read, then after 1, 2 and 4 minutes');
    panels[0].failing = false;
    watch.dispose();
  });

  it('reads jobs only where an apply can end now, within the limit, and only with nodes:write', async () => {
    const { clock, panels, reports, watch } = setup({ panels: 1 });
    const [panel] = panels;
    panel.nodes = Array.from({ length: 12 }, (_, index) => ({ id: `n${index}`, name: `node-${index}`, status: 'online', dirty: false }));
    await watch.sync();
    assert.ok(!panel.requests.some((request) => request.includes('/jobs')), 'no dirty node: no job read');
    panel.requests = [];
    panel.nodes[3].dirty = true;
    panel.jobs.set('n3', [{ id: 'j1', status: 'running' }]);
    await drain(clock, 60_000);
    assert.deepEqual(panel.requests.filter((request) => request.includes('/jobs')), ['GET /nodes/n3/jobs']);
    panel.jobs.set('n3', [{ id: 'j1', status: 'failed', error: 'boom' }]);
    await drain(clock, 62_000);
    assert.deepEqual(reports.map((report) => report.events.map((event) => `${event.kind} ${event.name}`)), [['applyFailed node-3']]);
    panel.requests = [];
    for (const node of panel.nodes) node.dirty = true;
    await drain(clock, 60_000);
    assert.equal(panel.requests.filter((request) => request.includes('/jobs')).length, MAX_JOB_READS);
    watch.dispose();

    const noWrite = setup({ panels: 1, can: (route) => route !== 'nodes.jobs' });
    noWrite.panels[0].nodes[0].dirty = true;
    await noWrite.watch.sync();
    assert.ok(!noWrite.panels[0].requests.some((request) => request.includes('/jobs')), 'jobs need nodes:write');
    noWrite.watch.dispose();
  });

  it('does not tell again an apply this window watches or has told; one it did not see end is told', async () => {
    const applies = new AppliesTold();
    const { clock, panels, reports, watch } = setup({ panels: 2, toldElsewhere: (event) => applies.covers(event) });
    const [here, other] = panels;
    await watch.sync();
    for (const panel of panels) {
      panel.nodes[0].dirty = true;
      panel.jobs.set('n1', [{ id: 'j1', status: 'running' }]);
    }
    await drain(clock, 60_000); // the jobs' baseline: an apply under way on each panel's fra-1
    // The Apply command watches fra-1 of the first panel; it tells the job's end itself, then stops watching.
    const release = applies.watch(here.id, 'n1');
    here.jobs.set('n1', [{ id: 'j1', status: 'failed', error: 'boom' }]);
    other.jobs.set('n1', [{ id: 'j1', status: 'failed', error: 'boom' }]);
    await drain(clock, 62_000);
    applies.tell(here.id, 'n1', { id: 'j1', status: 'failed', error: 'boom' });
    release();
    assert.deepEqual(reports.map((report) => report.events.map((event) => `${event.kind} ${event.panelId}`)), [[`applyFailed ${other.id}`]], 'the same node and job on another panel is still told');
    // A job told by the command, seen by the watcher only after the command stopped watching: not told.
    here.jobs.set('n2', [{ id: 'j2', status: 'running' }]);
    here.nodes[1].dirty = true;
    await drain(clock, 62_000);
    applies.tell(here.id, 'n2', { id: 'j2', status: 'rolled_back' });
    here.jobs.set('n2', [{ id: 'j2', status: 'rolled_back' }]);
    // And one the command watched but did not see end (it timed out): the watcher tells it.
    const timedOut = applies.watch(here.id, 'n1');
    timedOut();
    here.jobs.set('n1', [{ id: 'j3', status: 'failed', error: 'late' }, { id: 'j1', status: 'failed', error: 'boom' }]);
    await drain(clock, 62_000);
    assert.deepEqual(reports.slice(1).map((report) => report.events.map((event) => `${event.kind} ${event.name}`)), [['applyFailed fra-1']]);
    assert.equal(reports.slice(1)[0].events[0].job?.error, 'late');
    watch.dispose();
  });

  it('reads nodes only while the Nodes view is visible or a node notification is on', async () => {
    const quiet = setup({ panels: 1, enabled: ['criticalAlert'] });
    await quiet.watch.sync();
    assert.deepEqual(quiet.panels[0].requests, ['GET /alerts']);
    quiet.watch.dispose();
    const visible = setup({ panels: 1, enabled: ['criticalAlert'], nodesVisible: true });
    await visible.watch.sync();
    assert.deepEqual(visible.panels[0].requests, ['GET /nodes', 'GET /alerts']);
    visible.watch.dispose();
  });

  it('reads users expiring today only when that notification is on, at most hourly', async () => {
    const { clock, panels, watch } = setup({ panels: 1, enabled: ['usersExpiring'] });
    await watch.sync();
    for (let minute = 1; minute <= 90; minute++) await drain(clock, 60_000);
    assert.equal(panels[0].requests.filter((request) => request.startsWith('GET /keys')).length, 2);
    watch.dispose();
  });

  it('reads through the stores the views show, so they follow, instead of a second request', async () => {
    let storeReads = 0;
    const { panels, watch } = setup({
      panels: 1,
      stores: () => ({ nodes: { poll: async () => { storeReads += 1; return []; } } }),
    });
    await watch.sync();
    assert.equal(storeReads, 1);
    assert.deepEqual(panels[0].requests, ['GET /alerts']);
    watch.dispose();
  });
});
