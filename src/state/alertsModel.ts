import { firstText, listFromResponse } from '../api/listFromResponse';
import { firstFlag, scalarOf } from '../api/silentValues';

/**
 * Alerts as the views show them, read defensively from `GET /alerts`, whose shape the spec leaves open
 * (any JSON object). No `vscode` import (unit-tested).
 */
export type AlertSeverity = 'error' | 'warning' | 'info';

export interface Alert {
  /**
   * The panel's id exactly as it came: int64, so a bigint beyond Number.MAX_SAFE_INTEGER, a number below it,
   * or a string when the panel sent one; undefined when the item has none.
   */
  readonly id: number | bigint | string | undefined;
  readonly severity: AlertSeverity;
  /** The severity word as the panel sent it ('' when absent). */
  readonly severityText: string;
  readonly title: string;
  readonly message: string;
  readonly createdAt: string | undefined;
  readonly resolved: boolean;
  readonly resolvedAt: string | undefined;
  /** What the alert is about by name (e.g. the node's name), when the panel says. */
  readonly subject: string | undefined;
  /** The node's id, when the panel gives one. */
  readonly nodeId: string | undefined;
}

export interface AlertList {
  /** Unresolved first (most severe, then newest), then resolved (newest first). */
  readonly alerts: readonly Alert[];
  /** Items that were not objects and could not be read. */
  readonly unreadable: number;
}

const SEVERITY_ORDER: Record<AlertSeverity, number> = { error: 0, warning: 1, info: 2 };

function severityOf(text: string): AlertSeverity {
  const word = text.toLowerCase();
  if (/crit|fatal|emerg|alert|error|err|high|severe|major|down/.test(word)) return 'error';
  if (/warn|medium|moderate|minor/.test(word)) return 'warning';
  return 'info';
}

function isResolved(record: Record<string, unknown>): boolean {
  const flag = firstFlag(record, ['resolved', 'is_resolved', 'closed', 'isResolved']);
  if (flag !== undefined) return flag;
  const resolvedAt = scalarOf(record.resolved_at ?? record.closed_at ?? record.resolvedAt);
  if (resolvedAt !== undefined && resolvedAt !== null && resolvedAt !== '') return true;
  const status = firstText(record, ['status', 'state']);
  return status !== undefined && /^(resolved|closed|cleared|ok)$/i.test(status.trim());
}

function idOf(record: Record<string, unknown>): number | bigint | string | undefined {
  const id = record.id ?? record.alert_id;
  if (typeof id === 'bigint') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return id;
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return undefined;
}

function time(value: string | undefined): number {
  const at = value === undefined ? NaN : new Date(value).getTime();
  return Number.isFinite(at) ? at : 0;
}

function parseAlert(record: Record<string, unknown>): Alert {
  const severityText = firstText(record, ['severity', 'level', 'priority']) ?? '';
  const message = firstText(record, ['message', 'text', 'description', 'details', 'body']) ?? '';
  const title = firstText(record, ['title', 'summary', 'heading', 'name', 'kind', 'type', 'code']) ?? message;
  return {
    id: idOf(record),
    severity: severityOf(severityText),
    severityText,
    title,
    message: message === title ? '' : message,
    createdAt: firstText(record, ['created_at', 'createdAt', 'raised_at', 'started_at', 'time', 'timestamp']),
    resolved: isResolved(record),
    resolvedAt: firstText(record, ['resolved_at', 'resolvedAt', 'closed_at']),
    subject: firstText(record, ['node_name', 'node', 'subject', 'source']),
    nodeId: firstText(record, ['node_id']),
  };
}

/** Unresolved first (most severe, then newest), then resolved (newest first). */
function sortAlerts(alerts: Alert[]): Alert[] {
  return alerts.sort((a, b) => {
    if (a.resolved !== b.resolved) return a.resolved ? 1 : -1;
    if (!a.resolved && a.severity !== b.severity) return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
    return time(b.resolvedAt ?? b.createdAt) - time(a.resolvedAt ?? a.createdAt);
  });
}

/** The list with the matching alerts marked resolved at `at`, sorted again. */
export function withResolved(list: AlertList, matches: (alert: Alert) => boolean, at: string): AlertList {
  const alerts = list.alerts.map((alert) => (!alert.resolved && matches(alert) ? { ...alert, resolved: true, resolvedAt: at } : alert));
  return { alerts: sortAlerts(alerts), unreadable: list.unreadable };
}

/** Reads the answer of `GET /alerts`: the list under items/alerts/data (or the answer itself if it is an array). */
export function parseAlerts(response: unknown): AlertList {
  const alerts: Alert[] = [];
  let unreadable = 0;
  for (const item of listFromResponse(response, ['items', 'alerts', 'data', 'results'])) {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) alerts.push(parseAlert(item as Record<string, unknown>));
    else unreadable += 1;
  }
  return { alerts: sortAlerts(alerts), unreadable };
}

export function unresolvedCount(list: AlertList): number {
  return list.alerts.filter((alert) => !alert.resolved).length;
}
