/**
 * What the Nodes view says about a node, its apply jobs and its health answer: status classes and icons,
 * description parts, job durations, and the key fields of a health object of any shape. Values are raw
 * panel data (untrusted); descriptions are joined as plain text. No `vscode` import: words go through the
 * caller's `Localize` (`vscode.l10n.t` in the views).
 */
import type { ApplyJob, PanelNode } from '../../api/types';
import type { NodeProblem } from '../../state/nodesStore';
import type { Localize } from '../../text/localize';
import { relativeTime } from '../../text/relativeTime';
import { jobDuration, jobStatusClass, nodeStatusClass, type JobStatusClass, type NodeStatusClass } from '../../text/nodeText';
export { nodeStatusClass, type NodeStatusClass };
import { joinParts, plainLabel } from '../../text/plainText';
import { isolated } from '../../text/bidi';
import type { IconChoice } from '../shared/userDescription';
import { parseDate } from '../../text/dates';
import { plural } from '../../text/plural';
import { textOf } from '../../text/plainText';



export const NODE_STATUS_ICONS: Readonly<Record<NodeStatusClass, IconChoice>> = {
  online: { id: 'pass-filled', color: 'testing.iconPassed' },
  offline: { id: 'error', color: 'charts.red' },
  degraded: { id: 'warning', color: 'charts.yellow' },
  unknown: { id: 'question', color: 'charts.yellow' },
};

/**
 * "offline · ● not applied · applied 5 minutes ago" (plain text). The status is named unless the node is
 * online, so the narrow side bar spends its width on what needs attention (the icon still shows it).
 */
export function nodeDescription(node: Partial<PanelNode>, now: number, t: Localize): string {
  const status = nodeStatusClass(node.status) === 'online' ? '' : typeof node.status === 'string' ? isolated(plainLabel(node.status, 60)) : t('status unknown');
  const applied = parseDate(node.last_apply_at) && typeof node.last_apply_at === 'string'
    ? t('applied {0}', relativeTime(node.last_apply_at, now, t))
    : t('never applied');
  return joinParts([status, node.dirty === true ? t('● not applied') : '', applied], 60, { keepIsolates: true });
}

/** "unreachable (503)" or "restart failed (502)": the short form of a node's last problem, for its description. */
export function nodeProblemText(problem: NodeProblem, t: Localize): string {
  return problem.kind === 'offline' ? t('unreachable (503)') : t('{0} failed (502)', problem.operation);
}

/** The long form, for the tooltip: what failed and the panel's words. */
export function nodeProblemDetail(problem: NodeProblem, t: Localize): string {
  return problem.kind === 'offline'
    ? t('The node is offline: the panel could not reach it for {0} (HTTP 503). {1}', problem.operation, problem.message)
    : t('The node could not carry out {0} (HTTP 502): {1}', problem.operation, problem.message);
}

/** `node.offline`, `node.dirty` or `node` (offline wins: nothing can be applied to an offline node). */
export function nodeContextValue(node: Partial<PanelNode>): 'node' | 'node.dirty' | 'node.offline' {
  if (nodeStatusClass(node.status) === 'offline') return 'node.offline';
  if (node.dirty === true) return 'node.dirty';
  return 'node';
}

/** Scalar fields of an object as `[name, value]` rows, nested objects flattened one level ("disk.free"). */
export function scalarFields(value: unknown, t: Localize, limit = 40): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const rows: [string, string][] = [];
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    if (rows.length >= limit) break;
    if (field === null || field === undefined) continue;
    if (typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean') {
      rows.push([name, String(field)]);
    } else if (Array.isArray(field)) {
      rows.push([name, plural(field.length, { one: '{0} item', other: '{0} items' }, t)]);
    } else if (typeof field === 'object') {
      for (const [inner, innerValue] of Object.entries(field as Record<string, unknown>)) {
        if (rows.length >= limit) break;
        if (typeof innerValue === 'string' || typeof innerValue === 'number' || typeof innerValue === 'boolean') {
          rows.push([`${name}.${inner}`, String(innerValue)]);
        }
      }
    }
  }
  return rows;
}

/** The node's fields for its tooltip: the named ones first, then any other scalar field. */
export function nodeTooltipRows(node: Partial<PanelNode>, t: Localize): [string, string][] {
  const named = ['name', 'id', 'status', 'dirty', 'last_apply_at'];
  const rows: [string, string][] = [];
  for (const name of named) {
    const value = node[name];
    if (value !== undefined && value !== null && typeof value !== 'object') rows.push([name, textOf(value)]);
  }
  const rest = Object.fromEntries(Object.entries(node).filter(([name]) => !named.includes(name)));
  return [...rows, ...scalarFields(rest, t, 30)];
}

export const JOB_STATUS_ICONS: Readonly<Record<JobStatusClass, IconChoice>> = {
  queued: { id: 'clock' },
  running: { id: 'sync~spin' },
  ok: { id: 'pass', color: 'testing.iconPassed' },
  failed: { id: 'error', color: 'testing.iconFailed' },
  rolled_back: { id: 'discard', color: 'charts.orange' },
  unknown: { id: 'question' },
};

/** "started 5 minutes ago · 42 s · <error>" (plain text). */
export function jobDescription(job: Partial<ApplyJob>, now: number, t: Localize): string {
  const started = typeof job.started_at === 'string' && parseDate(job.started_at)
    ? t('started {0}', relativeTime(job.started_at, now, t))
    : t('not started');
  const duration = jobDuration(job, now, t);
  const took = !duration ? '' : jobStatusClass(job.status) === 'running' ? t('running for {0}', duration) : t('took {0}', duration);
  return joinParts([started, took, typeof job.error === 'string' ? job.error : ''], 80);
}
