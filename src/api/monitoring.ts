/** Monitoring: alerts, dashboard, monitoring series and overviews, and the public status (`status.public`). */
import type { CallOptions, Transport } from './call';
import { exactInteger, isIntegerText } from './exactJson';
import type { JsonObject, JsonValue } from './types';

/**
 * An alert id as read from the panel: int64, so a `bigint` beyond Number.MAX_SAFE_INTEGER, a `number`
 * below it, or the digits as a string when the panel sent them so.
 */
export type AlertId = number | bigint | string;

export interface AlertsApi {
  list(opts?: CallOptions): Promise<JsonObject>;
  /** `POST /alerts/{id}/resolve`; the id goes into the path exactly (int64 beyond 2^53 included). */
  resolve(id: AlertId, opts?: CallOptions): Promise<JsonObject>;
  /** `POST /alerts/resolve` with `{ids}`: each id written as an exact JSON integer (digit strings too). */
  resolveMany(ids: readonly AlertId[], opts?: CallOptions): Promise<JsonObject>;
}

export interface DashboardApi {
  summary(opts?: CallOptions): Promise<JsonObject>;
  trends(opts?: CallOptions): Promise<JsonObject>;
}

export interface MonitoringApi {
  nodeSeries(nodeId: string, opts?: CallOptions): Promise<JsonObject>;
  overview(opts?: CallOptions): Promise<JsonObject>;
  web: { carriers(opts?: CallOptions): Promise<JsonObject> };
}

/** `status.update` needs nodes:read, `status.public` monitoring:read; both are grouped here by path. */
export interface StatusApi {
  update(opts?: CallOptions): Promise<JsonObject>;
  public(opts?: CallOptions): Promise<JsonObject>;
}

export function createAlertsApi(t: Transport): AlertsApi {
  return {
    list: (opts) => t.json({ routeId: 'alerts.list', signal: opts?.signal }),
    resolve: (id, opts) => t.json({ routeId: 'alerts.resolve', params: { id: String(id).trim() }, signal: opts?.signal }),
    resolveMany: (ids, opts) =>
      t.json({ routeId: 'alerts.resolveMany', body: { kind: 'json', value: { ids: Array.from(ids, alertIdInBody) } }, signal: opts?.signal }),
  };
}

/** An id for the `{ids}` array: int64 as a JSON integer, so digits given as a string become an exact integer. */
function alertIdInBody(id: AlertId): JsonValue {
  if (typeof id !== 'string') return id;
  const text = id.trim();
  return isIntegerText(text) ? exactInteger(text) : id;
}

export function createDashboardApi(t: Transport): DashboardApi {
  return {
    summary: (opts) => t.json({ routeId: 'dashboard.summary', signal: opts?.signal }),
    trends: (opts) => t.json({ routeId: 'dashboard.trends', signal: opts?.signal }),
  };
}

export function createMonitoringApi(t: Transport): MonitoringApi {
  return {
    nodeSeries: (nodeId, opts) => t.json({ routeId: 'monitoring.nodeSeries', params: { id: nodeId }, signal: opts?.signal }),
    overview: (opts) => t.json({ routeId: 'monitoring.overview', signal: opts?.signal }),
    web: { carriers: (opts) => t.json({ routeId: 'monitoring.web.carriers', signal: opts?.signal }) },
  };
}

export function createStatusApi(t: Transport): StatusApi {
  return {
    update: (opts) => t.json({ routeId: 'status.update', signal: opts?.signal }),
    public: (opts) => t.json({ routeId: 'status.public', signal: opts?.signal }),
  };
}
