/**
 * Plain text about a node and its apply jobs that the Nodes view and the webviews (logs, jobs) both show:
 * a node's label, a job's status class and duration. Values are raw panel data (untrusted). No `vscode`
 * import: words go through the caller's `Localize`.
 */
import type { ApplyJob, PanelNode } from '../api/types';
import { parseDate } from './dates';
import type { Localize } from './localize';
import { numberText } from './displayLanguage';

/** Label of a node: its name, else its id, else "unnamed node". */
export function nodeLabel(node: Partial<PanelNode>, t: Localize): string {
  if (typeof node.name === 'string' && node.name.trim() !== '') return node.name;
  const id: unknown = node.id;
  return (typeof id === 'string' && id !== '') || typeof id === 'number' || typeof id === 'bigint' ? String(id) : t('unnamed node');
}

export type JobStatusClass = 'queued' | 'running' | 'ok' | 'failed' | 'rolled_back' | 'unknown';

export function jobStatusClass(status: unknown): JobStatusClass {
  const value = typeof status === 'string' ? status.trim().toLowerCase() : '';
  return (['queued', 'running', 'ok', 'failed', 'rolled_back'] as const).find((known) => known === value) ?? 'unknown';
}

/** "42 s", "3 min 5 s", "1 h 2 min"; '' when a bound is missing. Running jobs count up to now. */
export function jobDuration(job: Partial<ApplyJob>, now: number, t: Localize): string {
  const started = parseDate(job.started_at);
  if (!started) return '';
  const finished = parseDate(job.finished_at);
  const end = finished ? finished.getTime() : jobStatusClass(job.status) === 'running' ? now : undefined;
  if (end === undefined) return '';
  const seconds = Math.max(0, Math.round((end - started.getTime()) / 1000));
  if (seconds < 60) return t('{0} s', numberText(seconds));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('{0} min {1} s', numberText(minutes), numberText(seconds % 60));
  return t('{0} h {1} min', numberText(Math.floor(minutes / 60)), numberText(minutes % 60));
}

export type NodeStatusClass = 'online' | 'offline' | 'degraded' | 'unknown';
/** Node status values are not given by the spec: read loosely, anything unrecognised is `unknown`. */
export function nodeStatusClass(status: unknown): NodeStatusClass {
  const value = typeof status === 'string' ? status.trim().toLowerCase() : '';
  if (['online', 'ok', 'up', 'healthy', 'active', 'running', 'ready'].includes(value)) return 'online';
  if (['offline', 'down', 'unreachable', 'dead', 'disconnected', 'error', 'failed'].includes(value)) return 'offline';
  if (['degraded', 'warning', 'warn', 'partial', 'unhealthy', 'lagging', 'stale'].includes(value)) return 'degraded';
  return 'unknown';
}
