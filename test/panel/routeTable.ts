/**
 * The simulator's own transcription of the catalog of spec 4.2, deliberately independent of
 * src/api/catalog.ts so that the client's catalog and the simulator check each other in tests.
 * `<engine>` and `<messenger>` are filled from the panel options.
 */
import type { Scope } from '../../src/api/catalog';

export interface SimRoute {
  /** `METHOD /path` as the spec writes it (with `<engine>`, `<messenger>`); handlers are registered under it. */
  readonly key: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path relative to /api/v1 with `{id}`/`{node}` placeholders and the product names filled in. */
  readonly path: string;
  readonly scope: Scope;
  readonly ownerOnly: boolean;
}

type Row = readonly [SimRoute['method'], string, Scope, 'OWNER'?];

const SPEC_ROWS: readonly Row[] = [
  // Nodes
  ['GET', '/fleet/updates', 'nodes:write'],
  ['POST', '/fleet/updates', 'nodes:write'],
  ['POST', '/fleet/updates/{id}/stop', 'nodes:write'],
  ['GET', '/nodes', 'nodes:read'],
  ['POST', '/nodes', 'nodes:write'],
  ['PUT', '/nodes/order', 'nodes:write'],
  ['POST', '/nodes/preflight/dns', 'nodes:write'],
  ['DELETE', '/nodes/{id}', 'nodes:write'],
  ['GET', '/nodes/{id}', 'nodes:read'],
  ['PATCH', '/nodes/{id}', 'nodes:write'],
  ['POST', '/nodes/{id}/apply', 'nodes:write'],
  ['GET', '/nodes/{id}/blocklist', 'nodes:read'],
  ['PUT', '/nodes/{id}/blocklist', 'nodes:write'],
  ['POST', '/nodes/{id}/check', 'nodes:write'],
  ['GET', '/nodes/{id}/diagnostics', 'nodes:write'],
  ['POST', '/nodes/{id}/diagnostics/web', 'nodes:write'],
  ['GET', '/nodes/{id}/health', 'nodes:read'],
  ['GET', '/nodes/{id}/install-command', 'nodes:write'],
  ['GET', '/nodes/{id}/jobs', 'nodes:write'],
  ['GET', '/nodes/{id}/logs', 'nodes:write'],
  ['GET', '/nodes/{id}/metrics', 'nodes:read'],
  ['GET', '/nodes/{id}/probes', 'nodes:read'],
  ['GET', '/nodes/{id}/profiles', 'nodes:read'],
  ['GET', '/nodes/{id}/registration-secret', 'nodes:write'],
  ['GET', '/nodes/{id}/reliability', 'nodes:read'],
  ['PUT', '/nodes/{id}/reliability', 'nodes:write'],
  ['POST', '/nodes/{id}/restart', 'nodes:write'],
  ['GET', '/nodes/{id}/stats', 'nodes:read'],
  ['GET', '/nodes/{id}/<engine>-update', 'nodes:write'],
  ['POST', '/nodes/{id}/<engine>-update', 'nodes:write'],
  ['GET', '/nodes/{id}/web-policy', 'nodes:read'],
  ['PUT', '/nodes/{id}/web-policy', 'nodes:write'],
  ['GET', '/nodes/{id}/web/carriers', 'nodes:read'],
  ['POST', '/nodes/{id}/web/lifecycle', 'nodes:write'],
  ['GET', '/status/update', 'nodes:read'],
  // Users (keys)
  ['GET', '/keys', 'users:read'],
  ['POST', '/keys', 'users:write'],
  ['POST', '/keys/batch', 'users:write'],
  ['POST', '/keys/bulk', 'users:write'],
  ['POST', '/keys/import', 'users:write'],
  ['GET', '/keys/summary', 'users:read'],
  ['DELETE', '/keys/{id}', 'users:write'],
  ['GET', '/keys/{id}', 'users:read'],
  ['PATCH', '/keys/{id}', 'users:write'],
  ['POST', '/keys/{id}/bindings', 'users:write'],
  ['DELETE', '/keys/{id}/bindings/{node}', 'users:write'],
  ['POST', '/keys/{id}/disable', 'users:write'],
  ['POST', '/keys/{id}/enable', 'users:write'],
  ['GET', '/keys/{id}/links', 'users:write'],
  ['GET', '/keys/{id}/presence', 'users:read'],
  ['GET', '/keys/{id}/qr', 'users:write'],
  ['POST', '/keys/{id}/revoke', 'users:write'],
  ['POST', '/keys/{id}/rotate', 'users:write'],
  ['GET', '/keys/{id}/stats', 'users:read'],
  ['DELETE', '/keys/{id}/subscription', 'users:write'],
  ['POST', '/keys/{id}/subscription', 'users:write'],
  ['GET', '/keys/{id}/subscription/qr', 'users:write'],
  // Monitoring
  ['GET', '/alerts', 'monitoring:read'],
  ['POST', '/alerts/resolve', 'monitoring:write'],
  ['POST', '/alerts/{id}/resolve', 'monitoring:write'],
  ['GET', '/dashboard/summary', 'monitoring:read'],
  ['GET', '/dashboard/trends', 'monitoring:read'],
  ['GET', '/monitoring/nodes/{id}/series', 'monitoring:read'],
  ['GET', '/monitoring/overview', 'monitoring:read'],
  ['GET', '/monitoring/web/carriers', 'monitoring:read'],
  ['GET', '/status/public', 'monitoring:read'],
  // Sites
  ['GET', '/nodes/{id}/site', 'sites:read'],
  ['POST', '/nodes/{id}/site', 'sites:write'],
  ['GET', '/nodes/{id}/site/preview', 'sites:read'],
  ['POST', '/nodes/{id}/site/upstream', 'sites:write'],
  ['GET', '/site-templates', 'sites:read'],
  ['POST', '/site-templates', 'sites:write'],
  ['POST', '/site-templates/import', 'sites:write'],
  ['POST', '/site-templates/validate', 'sites:write'],
  ['DELETE', '/site-templates/{id}', 'sites:write'],
  ['GET', '/site-templates/{id}', 'sites:read'],
  ['PUT', '/site-templates/{id}', 'sites:write'],
  ['POST', '/site-templates/{id}/customize', 'sites:write'],
  // Branding
  ['GET', '/branding/profiles', 'branding:read'],
  ['POST', '/branding/profiles', 'branding:write'],
  ['DELETE', '/branding/profiles/{id}', 'branding:write'],
  ['PUT', '/branding/profiles/{id}', 'branding:write'],
  ['POST', '/branding/profiles/{id}/activate', 'branding:write'],
  ['POST', '/branding/profiles/{id}/upload', 'branding:write'],
  // Settings
  ['GET', '/settings', 'settings:read'],
  ['PUT', '/settings', 'settings:write', 'OWNER'],
  ['GET', '/settings/subscription-page/preview', 'settings:read'],
  ['POST', '/settings/<messenger>/test', 'settings:write', 'OWNER'],
  // Audit
  ['GET', '/audit', 'audit:read'],
];

/** The catalog with the product names filled in. */
export function buildRouteTable(names: { engine: string; messenger: string }): SimRoute[] {
  return SPEC_ROWS.map(([method, path, scope, owner]) => ({
    key: `${method} ${path}`,
    method,
    path: path.replace('<engine>', names.engine).replace('<messenger>', names.messenger),
    scope,
    ownerOnly: owner === 'OWNER',
  }));
}
