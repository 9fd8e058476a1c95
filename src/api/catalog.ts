/**
 * The route catalog of the Panel Management API (spec part 4.2) as data.
 *
 * This is the only place that knows which scope a route needs. Scope explanations ("needs users:write"),
 * hiding actions a token cannot perform, and refusing routes that are not in the catalog all read it.
 *
 * Path templates use `{name}` placeholders. `{engine}` and `{messenger}` stand for the product names the
 * spec hides (`<engine>-update`, `/settings/<messenger>/test`); the client fills them from its options.
 */

export type Resource = 'nodes' | 'users' | 'monitoring' | 'sites' | 'branding' | 'settings' | 'audit';
export type Access = 'read' | 'write';
export type Scope = `${Resource}:${Access}`;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  /** Stable identifier, e.g. `keys.disable`. Typed client methods and the UI refer to routes by it. */
  readonly id: RouteId;
  readonly method: HttpMethod;
  /** Path template relative to `/api/v1`, e.g. `/keys/{id}/disable`. */
  readonly path: string;
  readonly scope: Scope;
  /** Owner-only (marked OWNER in the spec), in addition to the scope. */
  readonly ownerOnly: boolean;
  /** Reads sensitive values (spec 5.8): secrets, proxy links and QR codes, install commands, registration secrets, job history and logs. */
  readonly sensitive: boolean;
}

/** Every resource and the access levels the spec gives it (audit is read only). */
export const SCOPES: readonly Scope[] = [
  'nodes:read', 'nodes:write',
  'users:read', 'users:write',
  'monitoring:read', 'monitoring:write',
  'sites:read', 'sites:write',
  'branding:read', 'branding:write',
  'settings:read', 'settings:write',
  'audit:read',
];

type Row = readonly [id: string, method: HttpMethod, path: string, scope: Scope, flags?: 'owner' | 'sensitive'];

const ROWS = [
  // Nodes
  ['fleet.updates.list', 'GET', '/fleet/updates', 'nodes:write'],
  ['fleet.updates.start', 'POST', '/fleet/updates', 'nodes:write'],
  ['fleet.updates.stop', 'POST', '/fleet/updates/{id}/stop', 'nodes:write'],
  ['nodes.list', 'GET', '/nodes', 'nodes:read'],
  ['nodes.create', 'POST', '/nodes', 'nodes:write'],
  ['nodes.order', 'PUT', '/nodes/order', 'nodes:write'],
  ['nodes.preflightDns', 'POST', '/nodes/preflight/dns', 'nodes:write'],
  ['nodes.delete', 'DELETE', '/nodes/{id}', 'nodes:write'],
  ['nodes.get', 'GET', '/nodes/{id}', 'nodes:read'],
  ['nodes.update', 'PATCH', '/nodes/{id}', 'nodes:write'],
  ['nodes.apply', 'POST', '/nodes/{id}/apply', 'nodes:write'],
  ['nodes.blocklist.get', 'GET', '/nodes/{id}/blocklist', 'nodes:read'],
  ['nodes.blocklist.put', 'PUT', '/nodes/{id}/blocklist', 'nodes:write'],
  ['nodes.check', 'POST', '/nodes/{id}/check', 'nodes:write'],
  ['nodes.diagnostics', 'GET', '/nodes/{id}/diagnostics', 'nodes:write'],
  ['nodes.diagnostics.web', 'POST', '/nodes/{id}/diagnostics/web', 'nodes:write'],
  ['nodes.health', 'GET', '/nodes/{id}/health', 'nodes:read'],
  ['nodes.installCommand', 'GET', '/nodes/{id}/install-command', 'nodes:write', 'sensitive'],
  ['nodes.jobs', 'GET', '/nodes/{id}/jobs', 'nodes:write', 'sensitive'],
  ['nodes.logs', 'GET', '/nodes/{id}/logs', 'nodes:write', 'sensitive'],
  ['nodes.metrics', 'GET', '/nodes/{id}/metrics', 'nodes:read'],
  ['nodes.probes', 'GET', '/nodes/{id}/probes', 'nodes:read'],
  ['nodes.profiles', 'GET', '/nodes/{id}/profiles', 'nodes:read'],
  ['nodes.registrationSecret', 'GET', '/nodes/{id}/registration-secret', 'nodes:write', 'sensitive'],
  ['nodes.reliability.get', 'GET', '/nodes/{id}/reliability', 'nodes:read'],
  ['nodes.reliability.put', 'PUT', '/nodes/{id}/reliability', 'nodes:write'],
  ['nodes.restart', 'POST', '/nodes/{id}/restart', 'nodes:write'],
  ['nodes.stats', 'GET', '/nodes/{id}/stats', 'nodes:read'],
  ['nodes.engineUpdate.get', 'GET', '/nodes/{id}/{engine}-update', 'nodes:write'],
  ['nodes.engineUpdate.start', 'POST', '/nodes/{id}/{engine}-update', 'nodes:write'],
  ['nodes.webPolicy.get', 'GET', '/nodes/{id}/web-policy', 'nodes:read'],
  ['nodes.webPolicy.put', 'PUT', '/nodes/{id}/web-policy', 'nodes:write'],
  ['nodes.web.carriers', 'GET', '/nodes/{id}/web/carriers', 'nodes:read'],
  ['nodes.web.lifecycle', 'POST', '/nodes/{id}/web/lifecycle', 'nodes:write'],
  ['status.update', 'GET', '/status/update', 'nodes:read'],

  // Users (keys)
  ['keys.list', 'GET', '/keys', 'users:read'],
  ['keys.create', 'POST', '/keys', 'users:write'],
  ['keys.batch', 'POST', '/keys/batch', 'users:write'],
  ['keys.bulk', 'POST', '/keys/bulk', 'users:write'],
  ['keys.import', 'POST', '/keys/import', 'users:write'],
  ['keys.summary', 'GET', '/keys/summary', 'users:read'],
  ['keys.delete', 'DELETE', '/keys/{id}', 'users:write'],
  ['keys.get', 'GET', '/keys/{id}', 'users:read'],
  ['keys.update', 'PATCH', '/keys/{id}', 'users:write'],
  ['keys.bindings.add', 'POST', '/keys/{id}/bindings', 'users:write'],
  ['keys.bindings.remove', 'DELETE', '/keys/{id}/bindings/{node}', 'users:write'],
  ['keys.disable', 'POST', '/keys/{id}/disable', 'users:write'],
  ['keys.enable', 'POST', '/keys/{id}/enable', 'users:write'],
  ['keys.links', 'GET', '/keys/{id}/links', 'users:write', 'sensitive'],
  ['keys.presence', 'GET', '/keys/{id}/presence', 'users:read'],
  ['keys.qr', 'GET', '/keys/{id}/qr', 'users:write', 'sensitive'],
  ['keys.revoke', 'POST', '/keys/{id}/revoke', 'users:write'],
  ['keys.rotate', 'POST', '/keys/{id}/rotate', 'users:write'],
  ['keys.stats', 'GET', '/keys/{id}/stats', 'users:read'],
  ['keys.subscription.delete', 'DELETE', '/keys/{id}/subscription', 'users:write'],
  ['keys.subscription.create', 'POST', '/keys/{id}/subscription', 'users:write'],
  ['keys.subscription.qr', 'GET', '/keys/{id}/subscription/qr', 'users:write', 'sensitive'],

  // Monitoring
  ['alerts.list', 'GET', '/alerts', 'monitoring:read'],
  ['alerts.resolveMany', 'POST', '/alerts/resolve', 'monitoring:write'],
  ['alerts.resolve', 'POST', '/alerts/{id}/resolve', 'monitoring:write'],
  ['dashboard.summary', 'GET', '/dashboard/summary', 'monitoring:read'],
  ['dashboard.trends', 'GET', '/dashboard/trends', 'monitoring:read'],
  ['monitoring.nodeSeries', 'GET', '/monitoring/nodes/{id}/series', 'monitoring:read'],
  ['monitoring.overview', 'GET', '/monitoring/overview', 'monitoring:read'],
  ['monitoring.web.carriers', 'GET', '/monitoring/web/carriers', 'monitoring:read'],
  ['status.public', 'GET', '/status/public', 'monitoring:read'],

  // Sites
  ['nodes.site.get', 'GET', '/nodes/{id}/site', 'sites:read'],
  ['nodes.site.set', 'POST', '/nodes/{id}/site', 'sites:write'],
  ['nodes.site.preview', 'GET', '/nodes/{id}/site/preview', 'sites:read'],
  ['nodes.site.upstream', 'POST', '/nodes/{id}/site/upstream', 'sites:write'],
  ['siteTemplates.list', 'GET', '/site-templates', 'sites:read'],
  ['siteTemplates.create', 'POST', '/site-templates', 'sites:write'],
  ['siteTemplates.import', 'POST', '/site-templates/import', 'sites:write'],
  ['siteTemplates.validate', 'POST', '/site-templates/validate', 'sites:write'],
  ['siteTemplates.delete', 'DELETE', '/site-templates/{id}', 'sites:write'],
  ['siteTemplates.get', 'GET', '/site-templates/{id}', 'sites:read'],
  ['siteTemplates.update', 'PUT', '/site-templates/{id}', 'sites:write'],
  ['siteTemplates.customize', 'POST', '/site-templates/{id}/customize', 'sites:write'],

  // Branding
  ['branding.profiles.list', 'GET', '/branding/profiles', 'branding:read'],
  ['branding.profiles.create', 'POST', '/branding/profiles', 'branding:write'],
  ['branding.profiles.delete', 'DELETE', '/branding/profiles/{id}', 'branding:write'],
  ['branding.profiles.update', 'PUT', '/branding/profiles/{id}', 'branding:write'],
  ['branding.profiles.activate', 'POST', '/branding/profiles/{id}/activate', 'branding:write'],
  ['branding.profiles.upload', 'POST', '/branding/profiles/{id}/upload', 'branding:write'],

  // Settings
  ['settings.get', 'GET', '/settings', 'settings:read'],
  ['settings.put', 'PUT', '/settings', 'settings:write', 'owner'],
  ['settings.subscriptionPagePreview', 'GET', '/settings/subscription-page/preview', 'settings:read'],
  ['settings.messengerTest', 'POST', '/settings/{messenger}/test', 'settings:write', 'owner'],

  // Audit
  ['audit.list', 'GET', '/audit', 'audit:read'],
] as const satisfies readonly Row[];

/** The id of a catalog route: a misspelt id does not compile. */
export type RouteId = (typeof ROWS)[number][0];

export const ROUTES: readonly RouteSpec[] = ROWS.map((row: Row) => {
  const [id, method, path, scope, flag] = row;
  return Object.freeze({ id: id as RouteId, method, path, scope, ownerOnly: flag === 'owner', sensitive: flag === 'sensitive' });
});

const byId = new Map<string, RouteSpec>(ROUTES.map((route) => [route.id, route]));

/** The scope a route needs (the account's role may still refuse it). */
export function scopeOf(id: RouteId): Scope {
  return routeById(id).scope;
}

/** The route with this identifier; throws for an identifier that is not in the catalog. */
export function routeById(id: RouteId): RouteSpec {
  const route = byId.get(id);
  if (!route) throw new Error(`Route "${id}" is not in the catalog`);
  return route;
}

export interface PathNames {
  /** Replaces `{engine}` in `/nodes/{id}/{engine}-update`. */
  engine: string;
  /** Replaces `{messenger}` in `/settings/{messenger}/test`. */
  messenger: string;
}

function templateToPattern(template: string, names: PathNames): RegExp {
  const escaped = template
    .replace('{engine}', names.engine)
    .replace('{messenger}', names.messenger)
    .split(/(\{[a-z]+\})/)
    .map((part) => (/^\{[a-z]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}

/**
 * Finds the catalog route for a concrete method and path (relative to `/api/v1`, query ignored).
 * Literal segments win over placeholders, so `/nodes/order` is `nodes.order`, not `nodes.get`.
 */
export function findRoute(method: string, path: string, names: PathNames): RouteSpec | undefined {
  const bare = path.split('?')[0].replace(/\/+$/, '') || '/';
  const candidates = ROUTES.filter(
    (route) => route.method === method.toUpperCase() && templateToPattern(route.path, names).test(bare),
  );
  // Fewer placeholders means more literal, so more specific.
  candidates.sort((a, b) => placeholderCount(a.path) - placeholderCount(b.path));
  return candidates[0];
}

function placeholderCount(template: string): number {
  return (template.match(/\{(?!engine\}|messenger\})[a-z]+\}/g) ?? []).length;
}

/** The scope a concrete request needs, for explanations such as "needs users:write"; undefined when the route is unlisted. */
export function requiredScope(method: string, path: string, names: PathNames): Scope | undefined {
  return findRoute(method, path, names)?.scope;
}

/**
 * Routes that are not GET and yet change nothing on the panel or its nodes: they check or test something
 * and answer with the result (validate a template, resolve a hostname, run a node's checks, test its web
 * path). A read-only panel still takes them.
 */
const CHECKS: ReadonlySet<RouteId> = new Set<RouteId>(['siteTemplates.validate', 'nodes.preflightDns', 'nodes.check', 'nodes.diagnostics.web']);

/** Whether calling the route changes something on the panel (or sends something from it): every method but GET, except the checks. */
export function changesPanel(route: RouteSpec): boolean {
  return route.method !== 'GET' && !CHECKS.has(route.id);
}

/** Whether a token with these scopes may call the route (the account's role can still refuse it). */
export function scopeAllows(granted: Iterable<Scope>, route: RouteSpec): boolean {
  for (const scope of granted) if (scope === route.scope) return true;
  return false;
}

/** The preset scope sets a token can be created with (spec 5.10). Both only select scopes. */
export const PRESETS = {
  readOnly: SCOPES.filter((scope) => scope.endsWith(':read')),
  fullRights: [...SCOPES],
} as const;
