/**
 * The one focus-aware poller of every connected panel. While the window is focused it reads, per panel,
 * every interval: node status (`GET /nodes`), alerts (`GET /alerts`), the apply jobs of the few nodes where
 * an apply can fail now (`GET /nodes/{id}/jobs`), and users expiring today (`GET /keys?state=expiring`, at
 * most hourly, only when that notification is on). Each panel is read through its stores (`stores`)
 * so the Nodes view, the Alerts view, Job History and the status bar follow without a second request.
 * Each panel has its own `Poller` (its own backoff: a failing panel never delays another); a poll reads
 * one thing after another, so one connection to the panel serves it. While the window
 * is unfocused nothing is sent; when focus returns every panel is read once and what happened meanwhile
 * is reported as one batch marked `away`. Events found at about the same time on several panels are
 * reported together. No `vscode` import: time, focus, panels and settings are injected.
 */
import { isCancelled, isScopeDenied } from '../api/errors';
import { isFinal } from './finalError';
import type { RouteId } from '../api/catalog';
import type { ApplyJob, PanelNode } from '../api/types';
import { parseAlerts, type Alert } from './alertsModel';
import type { AlertsStore } from './alertsStore';
import { expiringToday, PanelEventDetector, localDay, statusOf, type ExpiringUser, type PanelEvent, type PanelEventKind, type PanelSnapshot } from './panelEvents';
import type { NodesStore } from './nodesStore';
import type { NodeDetailsStore } from './nodeDetailsStore';
import { Poller, type PollOutcome, type PollScheduler } from './poller';
import type { PanelCall } from '../connection/panelSession';

/** A connected panel as the watcher sees it. */
export interface WatchedPanel {
  readonly id: string;
  readonly name: string;
  /** Whether the panel's token may run the route (its scopes; the active panel's current belief). */
  can(route: RouteId): boolean;
}

/** The stores the views show for a panel, when there are any; the watcher reads through them. */
export interface WatchedStores {
  readonly nodes?: Pick<NodesStore, 'poll'>;
  readonly alerts?: Pick<AlertsStore, 'refresh' | 'held'>;
  /** The reader of node jobs: the views and pages showing them follow what the watcher reads. */
  readonly nodeDetails?: Pick<NodeDetailsStore, 'readJobs'>;
}

export interface WatchSettings {
  /** 0 turns polling off. */
  readonly intervalMs: number;
  /** The kinds of event the operator wants to be told about. */
  readonly enabled: ReadonlySet<PanelEventKind>;
  /** The Nodes view is visible: node status is read for it even with every node notification off. */
  readonly nodesVisible: boolean;
}

/** Events to tell, at once: `away` for what the catch-up read found after focus returned. */
export interface PanelsReport {
  readonly events: readonly PanelEvent[];
  readonly away: boolean;
}

export interface PanelsWatchOptions {
  readonly panels: () => Promise<readonly WatchedPanel[]>;
  readonly stores: (panelId: string) => WatchedStores | undefined;
  /** Reads a panel whose stores are not made (panels no view has shown); returns what the call answers. */
  readonly readPanel: <T>(panelId: string, fn: PanelCall<T>, signal?: AbortSignal) => Promise<T>;
  readonly settings: () => WatchSettings;
  readonly scheduler: PollScheduler;
  readonly focused: boolean;
  readonly now: () => number;
  readonly report: (report: PanelsReport) => void;
  /** Events found within this time of each other are reported together (default 2 s). */
  readonly coalesceMs?: number;
  /** Events told elsewhere in this window (an apply its command watches and tells): never reported. */
  readonly toldElsewhere?: (event: PanelEvent) => boolean;
}

export const NODE_EVENT_KINDS: readonly PanelEventKind[] = ['nodeOffline', 'nodeDegraded', 'applyFailed', 'applyRolledBack'];
const JOB_EVENT_KINDS: readonly PanelEventKind[] = ['applyFailed', 'applyRolledBack'];
/** At most this many job reads per panel and poll; dirty nodes take turns. */
export const MAX_JOB_READS = 5;
/** Jobs read per node: the newest few are enough to see the last apply end. */
const JOBS_LIMIT = 5;
/** Users expiring today change slowly: read at most this often (and when the day changes). */
export const EXPIRING_EVERY_MS = 60 * 60_000;
/** One page of the expiring users (the spec's largest). */
const EXPIRING_PAGE = 200;

interface PanelWatch {
  panel: WatchedPanel;
  readonly poller: Poller;
  /** The nodes of the previous read, by id: what changed picks the nodes whose jobs are read. */
  previousNodes?: Map<string, PanelNode>;
  /** Rotation over dirty nodes for job reads. */
  dirtyTurn: number;
  /** Routes the panel refused with 403 (not asked again until the panel list is synced after a change). */
  readonly denied: Set<RouteId>;
  expiringReadAt?: number;
  expiringDay?: string;
  readonly abort: AbortController;
  /** Polls ended, and whether one runs now. */
  reads: number;
  reading: boolean;
}

export class PanelsWatch {
  private readonly watches = new Map<string, PanelWatch>();
  private readonly detector = new PanelEventDetector();
  private focused: boolean;
  private pending: PanelEvent[] = [];
  private flushTimer: unknown;
  /** Catch-up after focus returned: events found go into one `away` report. */
  private away: PanelEvent[] | undefined;
  private syncing: Promise<void> | undefined;
  private disposed = false;

  constructor(private readonly options: PanelsWatchOptions) {
    this.focused = options.focused;
  }

  /** The panels watched now (ids). */
  /**
   * Whether no read of the panel runs now or is about to (it has been read once, or the window is
   * unfocused): what a VS Code test waits for before it counts the requests of an action, so the watcher's
   * first read after connecting never lands among them.
   */
  settled(panelId: string): boolean {
    const watch = this.watches.get(panelId);
    return watch !== undefined && !watch.reading && (watch.reads > 0 || !this.focused);
  }

  get panelIds(): string[] {
    return [...this.watches.keys()];
  }

  /**
   * Re-reads the connected panels: starts watching new ones (a read now, if focused), stops watching those
   * signed out; `restart` ids are read again now (e.g. the active panel changed and its stores were reset).
   */
  sync(restart: readonly string[] = []): Promise<void> {
    const run = async () => {
      const panels = await this.options.panels();
      if (this.disposed) return;
      const ids = new Set(panels.map((panel) => panel.id));
      for (const [id, watch] of this.watches) {
        if (ids.has(id)) continue;
        watch.poller.dispose();
        watch.abort.abort();
        this.watches.delete(id);
        this.detector.forget(id);
      }
      const started: Promise<void>[] = [];
      for (const panel of panels) {
        const existing = this.watches.get(panel.id);
        if (existing) {
          existing.panel = panel;
          // Read again (through the stores now shown) unless its first read has not ended yet: on connect
          // the panel is added and shown at once, and one read is enough.
          if (restart.includes(panel.id) && existing.reads > 0 && !existing.reading) {
            existing.denied.clear();
            started.push(existing.poller.activate());
          }
          continue;
        }
        const watch = this.createWatch(panel);
        this.watches.set(panel.id, watch);
        started.push(watch.poller.activate());
      }
      await Promise.all(started);
    };
    const previous = this.syncing ?? Promise.resolve();
    const next = previous.then(run, run);
    this.syncing = next;
    return next;
  }

  setFocused(focused: boolean): Promise<void> {
    const returned = focused && !this.focused;
    this.focused = focused;
    if (!focused) {
      for (const watch of this.watches.values()) watch.poller.setFocused(false);
      return Promise.resolve();
    }
    if (!returned) return Promise.resolve();
    if (this.options.settings().intervalMs <= 0) {
      for (const watch of this.watches.values()) watch.poller.setFocused(true);
      return Promise.resolve();
    }
    // One catch-up read per panel; what it finds is one report.
    const away: PanelEvent[] = [];
    this.away = away;
    const reads = [...this.watches.values()].map((watch) => {
      watch.poller.setFocused(true); // starts the catch-up read (or joins one under way)
      return watch.poller.pollNow();
    });
    return Promise.all(reads).then(() => {
      if (this.away !== away) return;
      this.away = undefined;
      if (away.length > 0 && !this.disposed) this.options.report({ events: away, away: true });
    });
  }

  /** The interval setting changed. */
  settingsChanged(): void {
    const { intervalMs } = this.options.settings();
    for (const watch of this.watches.values()) watch.poller.setInterval(intervalMs);
  }

  /** Reads every panel now (or joins the reads under way). */
  pollAll(): Promise<void> {
    return Promise.all([...this.watches.values()].map((watch) => watch.poller.pollNow())).then(() => undefined);
  }

  /** Delivers the events held for coalescing now (tests, disposal). */
  flush(): void {
    if (this.flushTimer !== undefined) this.options.scheduler.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const events = this.pending;
    this.pending = [];
    if (events.length > 0 && !this.disposed) this.options.report({ events, away: false });
  }

  dispose(): void {
    this.disposed = true;
    for (const watch of this.watches.values()) {
      watch.poller.dispose();
      watch.abort.abort();
    }
    this.watches.clear();
    if (this.flushTimer !== undefined) this.options.scheduler.clearTimeout(this.flushTimer);
  }

  private createWatch(panel: WatchedPanel): PanelWatch {
    const watch: PanelWatch = {
      panel,
      dirtyTurn: 0,
      reads: 0,
      reading: false,
      denied: new Set(),
      abort: new AbortController(),
      poller: new Poller({
        run: () => this.read(watch),
        scheduler: this.options.scheduler,
        intervalMs: this.options.settings().intervalMs,
        focused: this.focused,
      }),
    };
    return watch;
  }

  private tell(events: readonly PanelEvent[]): void {
    const { enabled } = this.options.settings();
    const told = events.filter((event) => enabled.has(event.kind) && this.options.toldElsewhere?.(event) !== true);
    if (told.length === 0) return;
    if (this.away) {
      this.away.push(...told);
      return;
    }
    this.pending.push(...told);
    if (this.flushTimer === undefined) this.flushTimer = this.options.scheduler.setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.options.coalesceMs ?? 2_000);
  }

  private may(watch: PanelWatch, route: RouteId): boolean {
    return watch.panel.can(route) && !watch.denied.has(route);
  }

  /** One poll of a panel: its parts in parallel; the outcome says whether (and how soon) to go on. */
  private async read(watch: PanelWatch): Promise<PollOutcome> {
    const settings = this.options.settings();
    const signal = watch.abort.signal;
    const wantsJobs = JOB_EVENT_KINDS.some((kind) => settings.enabled.has(kind)) && this.may(watch, 'nodes.jobs');
    const wantsNodes = (settings.nodesVisible || NODE_EVENT_KINDS.some((kind) => settings.enabled.has(kind))) && this.may(watch, 'nodes.list');
    const now = this.options.now();
    const day = localDay(now);
    const wantsExpiring = settings.enabled.has('usersExpiring') && this.may(watch, 'keys.list')
      && (watch.expiringReadAt === undefined || watch.expiringDay !== day || now - watch.expiringReadAt >= EXPIRING_EVERY_MS);

    // One request after another: a poll is never in a hurry, and one connection to the panel serves it.
    const snapshot: { -readonly [K in keyof PanelSnapshot]: PanelSnapshot[K] } = {};
    const outcomes: PollOutcome[] = [];
    watch.reading = true;
    try {
      if (wantsNodes) outcomes.push(await this.part(watch, 'nodes.list', async () => { snapshot.nodes = await this.readNodes(watch, signal); }));
      if (wantsJobs && snapshot.nodes) outcomes.push(await this.part(watch, 'nodes.jobs', async () => { snapshot.jobs = await this.readJobs(watch, snapshot.nodes ?? [], signal); }));
      if (this.may(watch, 'alerts.list')) outcomes.push(await this.part(watch, 'alerts.list', async () => { snapshot.alerts = await this.readAlerts(watch, signal); }));
      if (wantsExpiring) outcomes.push(await this.part(watch, 'keys.list', async () => {
        snapshot.expiringToday = await this.readExpiring(watch, now, signal);
        snapshot.day = day;
        watch.expiringReadAt = now;
        watch.expiringDay = day;
      }));
    } finally {
      watch.reading = false;
      watch.reads += 1;
    }
    if (signal.aborted || !this.watches.has(watch.panel.id)) return 'stop';
    this.tell(this.detector.observe(watch.panel.id, snapshot));
    if (snapshot.nodes) watch.previousNodes = new Map(snapshot.nodes.map((node) => [node.id, node]));
    if (outcomes.includes('stop')) return 'stop';
    return outcomes.includes('failed') ? 'failed' : 'ok';
  }

  /** Runs one part of a poll; a 403 turns that part off for the panel instead of counting as a failure. */
  private async part(watch: PanelWatch, route: RouteId, run: () => Promise<void>): Promise<PollOutcome> {
    try {
      await run();
      return 'ok';
    } catch (error) {
      if (isScopeDenied(error)) {
        watch.denied.add(route);
        return 'ok';
      }
      // A view's own read superseded the poll's (the store shares one read at a time): nothing failed.
      if (isCancelled(error) && !watch.abort.signal.aborted) return 'ok';
      return isFinal(error) ? 'stop' : 'failed';
    }
  }

  private async readNodes(watch: PanelWatch, signal: AbortSignal): Promise<PanelNode[]> {
    const store = this.options.stores(watch.panel.id)?.nodes;
    if (store) return [...(await store.poll(signal))];
    return nodesOf(await this.options.readPanel(watch.panel.id, (api, callSignal) => api.nodes.list({ signal: callSignal }), signal));
  }

  /** The alerts; undefined when a change of panel dropped the store's read (nothing to compare this time). */
  private async readAlerts(watch: PanelWatch, signal: AbortSignal): Promise<readonly Alert[] | undefined> {
    const store = this.options.stores(watch.panel.id)?.alerts;
    if (store) {
      await store.refresh();
      const snapshot = store.held;
      if (snapshot.kind === 'loaded') return snapshot.list.alerts;
      if (snapshot.kind === 'failed') throw snapshot.error;
      return undefined;
    }
    return parseAlerts(await this.options.readPanel(watch.panel.id, (api, callSignal) => api.alerts.list({ signal: callSignal }), signal)).alerts;
  }

  /**
   * The jobs of the nodes where an apply can end now: those with a job queued or running at the last read,
   * those whose apply state (`dirty`, `last_apply_at`) changed since the previous read, then dirty
   * nodes in turns; at most `MAX_JOB_READS` per poll. A node's first jobs read is its baseline.
   */
  private async readJobs(watch: PanelWatch, nodes: readonly PanelNode[], signal: AbortSignal): Promise<Map<string, ApplyJob[]>> {
    const panelId = watch.panel.id;
    const previous = watch.previousNodes;
    const underWay = nodes.filter((node) => this.detector.hasJobUnderWay(panelId, node.id));
    const changed = previous ? nodes.filter((node) => {
      const before = previous.get(node.id);
      return before !== undefined && (before.dirty !== node.dirty || before.last_apply_at !== node.last_apply_at);
    }) : [];
    const dirty = nodes.filter((node) => node.dirty === true && statusOf(node) !== 'offline');
    const rotated = dirty.length > 0 ? [...dirty.slice(watch.dirtyTurn % dirty.length), ...dirty.slice(0, watch.dirtyTurn % dirty.length)] : [];
    const chosen: PanelNode[] = [];
    for (const node of [...underWay, ...changed, ...rotated]) {
      if (chosen.length >= MAX_JOB_READS) break;
      if (!chosen.includes(node)) chosen.push(node);
    }
    watch.dirtyTurn += Math.max(0, chosen.length - underWay.length - changed.length);
    const jobs = new Map<string, ApplyJob[]>();
    const details = this.options.stores(panelId)?.nodeDetails;
    for (const node of chosen) {
      const list = details
        ? await details.readJobs(node.id, JOBS_LIMIT, signal)
        : await this.options.readPanel(panelId, (api, callSignal) => api.nodes.jobs(node.id, { limit: JOBS_LIMIT }, { signal: callSignal }), signal);
      jobs.set(node.id, Array.isArray(list) ? list.filter((job): job is ApplyJob => typeof job === 'object' && job !== null) : []);
    }
    return jobs;
  }

  private async readExpiring(watch: PanelWatch, now: number, signal: AbortSignal): Promise<ExpiringUser[]> {
    const page = await this.options.readPanel(watch.panel.id, (api, callSignal) => api.keys.list({ state: 'expiring', per_page: EXPIRING_PAGE }, { signal: callSignal }), signal);
    return expiringToday(page, now);
  }
}

/** The panel is gone or its token was rejected: polling it stops until it is started again. */
function nodesOf(list: unknown): PanelNode[] {
  const items = typeof list === 'object' && list !== null ? (list as { items?: unknown }).items : undefined;
  return Array.isArray(items) ? items.filter((node): node is PanelNode => typeof node === 'object' && node !== null && typeof (node as PanelNode).id === 'string') : [];
}
