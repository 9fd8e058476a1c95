/**
 * What changed on a panel between two reads, as events an operator is told about: a node went offline or
 * degraded, an apply job failed or rolled back, a new critical alert, users whose access ends today.
 * Built from successive snapshots per panel; the first snapshot of each part (nodes, a node's jobs, alerts)
 * is a baseline and gives no event. An event is given once: a node that stays offline is not told again,
 * one that recovers and goes offline again is. No `vscode` import
 * (unit-tested in plain Node).
 */
import type { ApplyJob, PanelNode } from '../api/types';
import { textOf } from '../text/plainText';
import type { Alert } from './alertsModel';

export const PANEL_EVENT_KINDS = ['nodeOffline', 'nodeDegraded', 'applyFailed', 'applyRolledBack', 'criticalAlert', 'usersExpiring'] as const;
export type PanelEventKind = (typeof PANEL_EVENT_KINDS)[number];

/** A user whose access ends today, as `GET /keys?state=expiring` sent it (read defensively). */
export interface ExpiringUser {
  readonly id: string;
  /** Untrusted panel text. */
  readonly label: string;
  readonly expiresAt: string;
}

export interface PanelEvent {
  readonly kind: PanelEventKind;
  readonly panelId: string;
  /** What the event is about, untrusted panel text (node name, alert title, user label); made plain where shown. */
  readonly name: string;
  /** The node (node and job events), for Show Logs and Show Job History. */
  readonly node?: PanelNode;
  /** The job that failed or rolled back. */
  readonly job?: ApplyJob;
  /** The new alert, for Resolve. */
  readonly alert?: Alert;
  /** The user expiring today. */
  readonly user?: ExpiringUser;
}

/** What one poll read of a panel; a part not read this time is absent and keeps its previous state. */
export interface PanelSnapshot {
  readonly nodes?: readonly PanelNode[];
  /** Jobs read this time, by node id (newest first). */
  readonly jobs?: ReadonlyMap<string, readonly ApplyJob[]>;
  readonly alerts?: readonly Alert[];
  /** Users whose access ends today (filtered by the caller from the `expiring` state). */
  readonly expiringToday?: readonly ExpiringUser[];
  /** The local day `expiringToday` is about (YYYY-MM-DD): a user is told once per day. */
  readonly day?: string;
}

interface PanelMemory {
  nodeStatus?: Map<string, string>;
  /** Per node: each job's key and the status last seen. */
  jobs: Map<string, Map<string, string>>;
  alertIds?: Set<string>;
  expiringDay?: string;
  expiringTold: Set<string>;
}

const FINAL_BAD: Readonly<Record<string, PanelEventKind>> = { failed: 'applyFailed', rolled_back: 'applyRolledBack' };

/** The status word of a node or job, lower case ('' when absent). */
export function statusOf(value: { readonly status?: unknown } | undefined): string {
  return typeof value?.status === 'string' ? value.status.trim().toLowerCase() : '';
}

/** An alert's identity: its exact id, else its title and creation time. */
export function alertKey(alert: Alert): string {
  return alert.id !== undefined ? `id:${String(alert.id)}` : `at:${alert.title}|${alert.createdAt ?? ''}`;
}

/** Whether the alert is critical: the most severe class the alerts model knows (critical, fatal, error…). */
export function isCritical(alert: Alert): boolean {
  return alert.severity === 'error';
}

export class PanelEventDetector {
  private readonly panels = new Map<string, PanelMemory>();

  /** The events since the previous snapshot of this panel (none for a part seen the first time). */
  observe(panelId: string, snapshot: PanelSnapshot): PanelEvent[] {
    const memory = this.memoryOf(panelId);
    return [
      ...this.nodeEvents(panelId, memory, snapshot.nodes),
      ...this.jobEvents(panelId, memory, snapshot),
      ...this.alertEvents(panelId, memory, snapshot.alerts),
      ...this.expiringEvents(panelId, memory, snapshot),
    ];
  }

  /** The status a node had at the last read of the panel's nodes (undefined before one). */
  lastStatus(panelId: string, nodeId: string): string | undefined {
    return this.panels.get(panelId)?.nodeStatus?.get(nodeId);
  }

  /** Whether the node's last jobs read had a job still queued or running. */
  hasJobUnderWay(panelId: string, nodeId: string): boolean {
    const jobs = this.panels.get(panelId)?.jobs.get(nodeId);
    return jobs !== undefined && [...jobs.values()].some((status) => status === 'queued' || status === 'running');
  }

  /** Whether the node's jobs were read before (its baseline exists). */
  knowsJobsOf(panelId: string, nodeId: string): boolean {
    return this.panels.get(panelId)?.jobs.has(nodeId) === true;
  }

  /** Forgets a panel (signed out): its next snapshot is a baseline again. */
  forget(panelId: string): void {
    this.panels.delete(panelId);
  }

  private memoryOf(panelId: string): PanelMemory {
    let memory = this.panels.get(panelId);
    if (!memory) {
      memory = { jobs: new Map(), expiringTold: new Set() };
      this.panels.set(panelId, memory);
    }
    return memory;
  }

  private nodeEvents(panelId: string, memory: PanelMemory, nodes: readonly PanelNode[] | undefined): PanelEvent[] {
    if (!nodes) return [];
    const before = memory.nodeStatus;
    const now = new Map<string, string>();
    const events: PanelEvent[] = [];
    for (const node of nodes) {
      const status = statusOf(node);
      now.set(node.id, status);
      const previous = before?.get(node.id);
      // A node seen for the first time (or the first read) is its own baseline.
      if (previous === undefined || previous === status) continue;
      if (status === 'offline') events.push({ kind: 'nodeOffline', panelId, name: nameOf(node), node });
      else if (status === 'degraded') events.push({ kind: 'nodeDegraded', panelId, name: nameOf(node), node });
    }
    memory.nodeStatus = now;
    return events;
  }

  private jobEvents(panelId: string, memory: PanelMemory, snapshot: PanelSnapshot): PanelEvent[] {
    if (!snapshot.jobs) return [];
    const events: PanelEvent[] = [];
    for (const [nodeId, jobs] of snapshot.jobs) {
      const seen = memory.jobs.get(nodeId);
      const now = new Map<string, string>();
      for (const job of jobs) {
        const key = jobKey(job);
        const status = statusOf(job);
        now.set(key, status);
        const kind = FINAL_BAD[status];
        if (!seen || !kind || seen.get(key) === status) continue;
        const node = snapshot.nodes?.find((candidate) => candidate.id === nodeId) ?? { id: nodeId };
        events.push({ kind, panelId, name: nameOf(node), node, job });
      }
      // Jobs that fell off the end of the list are forgotten; one told about stays told while listed.
      memory.jobs.set(nodeId, now);
    }
    return events;
  }

  private alertEvents(panelId: string, memory: PanelMemory, alerts: readonly Alert[] | undefined): PanelEvent[] {
    if (!alerts) return [];
    const before = memory.alertIds;
    const events: PanelEvent[] = [];
    const now = new Set<string>();
    for (const alert of alerts) {
      const key = alertKey(alert);
      now.add(key);
      if (before && !before.has(key) && !alert.resolved && isCritical(alert)) {
        events.push({ kind: 'criticalAlert', panelId, name: alert.title, alert });
      }
    }
    memory.alertIds = now;
    return events;
  }

  /**
   * Users expiring today are a reminder about the day, not a change: each user is told once per day, the
   * first read of the day included (a window opened in the morning says who goes today).
   */
  private expiringEvents(panelId: string, memory: PanelMemory, snapshot: PanelSnapshot): PanelEvent[] {
    if (!snapshot.expiringToday) return [];
    if (memory.expiringDay !== snapshot.day) {
      memory.expiringDay = snapshot.day;
      memory.expiringTold.clear();
    }
    const events: PanelEvent[] = [];
    for (const user of snapshot.expiringToday) {
      if (memory.expiringTold.has(user.id)) continue;
      memory.expiringTold.add(user.id);
      events.push({ kind: 'usersExpiring', panelId, name: user.label, user });
    }
    return events;
  }
}

function nameOf(node: Partial<PanelNode>): string {
  return typeof node.name === 'string' && node.name.trim() !== '' ? node.name : String(node.id ?? '');
}

/** The local calendar day of a time, YYYY-MM-DD. */
export function localDay(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The users of a `GET /keys?state=expiring` page whose access ends on the local day of `now`. */
export function expiringToday(page: unknown, now: number): ExpiringUser[] {
  const items = typeof page === 'object' && page !== null ? (page as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return [];
  const today = localDay(now);
  const users: ExpiringUser[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, label, expires_at: expiresAt } = item as Record<string, unknown>;
    if (typeof id !== 'string' || typeof expiresAt !== 'string') continue;
    const time = Date.parse(expiresAt);
    if (Number.isNaN(time) || localDay(time) !== today) continue;
    users.push({ id, label: typeof label === 'string' ? label : id, expiresAt });
  }
  return users;
}

/** A job's identity: its id when the panel gives one, else when it was queued or started. */
export function jobKey(job: ApplyJob): string {
  const id = job.id;
  if (typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint') return `id:${String(id)}`;
  return `at:${textOf(job.queued_at ?? job.started_at)}`;
}
