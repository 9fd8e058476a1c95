/**
 * The panel API client: `createPanelApi(options)` returns typed methods for every route of the catalog
 * (spec part 4.2), grouped by resource and named after the catalog ids (`keys.disable` is
 * `api.keys.disable`). No VS Code import here: the client runs in plain Node (tests, scripts).
 */
import { createAuditApi, type AuditApi } from './audit';
import { createBrandingApi, type BrandingApi } from './branding';
import type { CallOptions, QueryValue } from './call';
import { createFleetApi, type FleetApi } from './fleet';
import { createKeysApi, type KeysApi } from './keys';
import {
  createAlertsApi, createDashboardApi, createMonitoringApi, createStatusApi,
  type AlertsApi, type DashboardApi, type MonitoringApi, type StatusApi,
} from './monitoring';
import { createNodesApi, type NodesApi } from './nodes';
import type { PanelClientOptions } from './options';
import { ConcurrencyMemory } from './adaptiveConcurrency';
import { clampMaxConcurrency, type PagingSettings } from './paging';
import { retryDelay, retryPolicy } from './retryPolicy';
import { PanelTransport } from './transport';
import { createSettingsApi, type SettingsApi } from './settings';
import { createSiteTemplatesApi, type SiteTemplatesApi } from './siteTemplates';
import type { JsonValue } from './types';

import { RefusedFields } from './bodyEncodings';

export interface PanelApi {
  /** The panel's origin, e.g. `https://panel.example.com`. */
  readonly baseUrl: string;
  readonly keys: KeysApi;
  readonly nodes: NodesApi;
  readonly fleet: FleetApi;
  readonly status: StatusApi;
  readonly alerts: AlertsApi;
  readonly dashboard: DashboardApi;
  readonly monitoring: MonitoringApi;
  readonly siteTemplates: SiteTemplatesApi;
  readonly branding: BrandingApi;
  readonly settings: SettingsApi;
  readonly audit: AuditApi;
  /** Optional request fields this panel refused with a 400, per route and the encoding it takes (bodyEncodings.ts). */
  readonly refusedFields: RefusedFields;
  /**
   * Any catalog route by method and concrete path (relative to `/api/v1`), answered as JSON (undefined
   * for an empty body). A route that is not in the catalog is refused before anything is sent.
   */
  call(
    method: string,
    path: string,
    init?: { query?: Record<string, QueryValue>; body?: JsonValue } & CallOptions,
  ): Promise<JsonValue | undefined>;
  /** Closes the kept-alive connections. Later calls open new ones. */
  close(): Promise<void>;
}

export function createPanelApi(options: PanelClientOptions): PanelApi {
  const transport = new PanelTransport(options);
  const policy = retryPolicy(options.retry);
  const paging: PagingSettings = {
    maxConcurrency: clampMaxConcurrency(options.paging?.maxConcurrency),
    retryDelay: (attempt, retryAfterMs) => retryDelay(policy, attempt, retryAfterMs),
    memory: new ConcurrencyMemory(),
  };
  return {
    baseUrl: transport.origin,
    keys: createKeysApi(transport, paging),
    nodes: createNodesApi(transport),
    fleet: createFleetApi(transport),
    status: createStatusApi(transport),
    alerts: createAlertsApi(transport),
    dashboard: createDashboardApi(transport),
    monitoring: createMonitoringApi(transport),
    siteTemplates: createSiteTemplatesApi(transport),
    branding: createBrandingApi(transport),
    settings: createSettingsApi(transport),
    audit: createAuditApi(transport, paging),
    refusedFields: new RefusedFields(options.log),
    call: (method, path, init = {}) => transport.callPath(method, path, init),
    close: () => transport.close(),
  };
}

export type { PanelClientOptions, LogLevel, TimeoutOptions, RetryOptions, PagingOptions } from './options';
export { panelOrigin, isLoopbackHost, tokenProblem, tokenProblemOf } from './options';
export type { CallOptions, BinaryResponse, TextStream, UploadFile } from './call';
export type { ListAllOptions } from './paging';
export { DEFAULT_MAX_CONCURRENCY, MAX_CONCURRENCY } from './options';
export type { KeysApi } from './keys';
export type { NodesApi } from './nodes';
export type { FleetApi } from './fleet';
export type { AlertId, AlertsApi, DashboardApi, MonitoringApi, StatusApi } from './monitoring';
export type { NodeSiteApi, SiteTemplatesApi } from './siteTemplates';
export type { BrandingApi } from './branding';
export { BRANDING_UPDATE_FIELDS } from './branding';
export type { SettingsApi } from './settings';
export type { AuditApi } from './audit';
export { auditEntries } from './audit';
export { parseJsonExact, stringifyJsonExact, UnsendableJsonError } from './exactJson';
export * from './errors';
export { RefusedFields, sendEncoded, sendWithOptionalFields, type Encoding, type EncodedSent, type OptionalSent, type RefusedEncoding } from './bodyEncodings';
export { fieldsNamedBy, panelWordsOf } from './panelWords';
export * from './types';
export { ROUTES, SCOPES, PRESETS, changesPanel, findRoute, requiredScope, routeById, scopeAllows } from './catalog';
export type { RouteSpec, Scope, Resource, Access, HttpMethod, RouteId, PathNames } from './catalog';
export { certificateFacts, presentedCertificate, type CertificateFacts } from './presentedCertificate';
export { wantsClientCertificate } from './clientCertificateFetch';
export { readClientCertificate } from './accessGateway';
export { panelRoute, type HostNetwork, type PanelRoute } from './route';
