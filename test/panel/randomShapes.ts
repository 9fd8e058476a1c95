/**
 * The silent shapes of the simulated panel, as the random reading sees them (SHAPES.md "Readings"): what
 * each route gives and takes where the contract says "not shown", described by *shape path* (`node.site.
 * upstream`), so that one member is varied the same way in every route that gives or takes it. What the
 * contract gives is either absent from these shapes or marked `given` (never renamed, never varied).
 */

/**
 * A member's kind: `str`, `num`, `bool`, `time` (RFC 3339), `url` (an http(s) URL or null), `csv` (a list of
 * strings a panel could join with commas); `id` and `given` are never varied nor renamed; `keep` is never
 * varied but may be renamed.
 */
export type Kind = 'str' | 'num' | 'bool' | 'time' | 'url' | 'csv' | 'keep' | 'id' | 'given';

export interface ObjectShape {
  readonly type: 'object';
  readonly members: Readonly<Record<string, Shape>>;
  /** Given by the contract (the key object): no member renamed, none added, no reordering. */
  readonly fixed?: boolean;
}
export interface ListShape { readonly type: 'list'; readonly item: Shape }
/** An object of name → value (`variables` of a node site, counts by state). */
export interface MapShape { readonly type: 'map'; readonly value: Shape }
/** A list of `{name, ...}` objects (a template's `variables`). */
export interface NamedShape { readonly type: 'named'; readonly item: ObjectShape }
/**
 * A list answer `{items, total?, ...rest}`: `total` is `count` when it is the number of items, `paged` when it
 * counts more than the page, `none` when absent. `fixed` when the contract gives the wrapper. `rest` is never varied.
 */
export interface WrapperShape { readonly type: 'wrapper'; readonly item: Shape; readonly total: 'count' | 'paged' | 'none'; readonly fixed?: boolean }
/** A value whose shape path is `path` wherever it appears (a node inside a list, the upstream in its own POST). Never renamed. */
export interface AtShape { readonly type: 'at'; readonly path: string; readonly shape: Shape }

export type Shape = Kind | ObjectShape | ListShape | MapShape | NamedShape | WrapperShape | AtShape;

const obj = (members: Record<string, Shape>, fixed = false): ObjectShape => ({ type: 'object', members, fixed });
const list = (item: Shape): ListShape => ({ type: 'list', item });
const map = (value: Shape): MapShape => ({ type: 'map', value });
const named = (members: Record<string, Shape>): NamedShape => ({ type: 'named', item: obj({ name: 'given', ...members }) });
const wrapper = (item: Shape, total: WrapperShape['total'], fixed = false): WrapperShape => ({ type: 'wrapper', item, total, fixed });
const at = (path: string, shape: Shape): AtShape => ({ type: 'at', path, shape });

// Nodes. The node object's `id`, `name`, `status`, `dirty`, `last_apply_at` are given (spec 2.3).
const NODE = obj({
  id: 'id', name: 'given', hostname: 'str', ip: 'str', region: 'str', status: 'given', dirty: 'given', last_apply_at: 'given',
  last_seen_at: 'time', created_at: 'time', engine: 'str', engine_version: 'str', agent_version: 'str', position: 'num', note: 'str',
  keys_bound: 'num',
});
const node = at('node', NODE);
const SITE = at('node.site', obj({
  node_id: 'id', template_id: 'id', template_name: 'str', enabled: 'bool', upstream: 'url', variables: map('str'),
  deployment: 'str', last_apply_at: 'time',
}));
const CHECK = obj({ name: 'str', ok: 'bool', detail: 'str' });
const POINT = obj({ at: 'time', value: 'num' });
const CARRIER = at('carrier', obj({ carrier: 'str', country: 'str', success_rate: 'num', samples: 'num' }));
const TEMPLATE = at('template', obj({
  id: 'id', name: 'str', description: 'str', html: 'str', css: 'str',
  variables: named({ default: 'str', description: 'str' }), builtin: 'bool', version: 'num', created_at: 'time', updated_at: 'time',
  updated_by: 'str', size: 'num', format: 'given',
}));
// Branding: the PUT body's names (spec 2.4) are given; `active` and `assets` and the dates are the simulator's.
const PROFILE = at('branding.profile', obj({
  id: 'id', name: 'given', active: 'bool', panel_name: 'given', primary_color: 'given', accent_color: 'given', theme_default: 'given',
  custom_css: 'given', footer_text: 'given', login_text: 'given', support_link: 'given', assets: 'keep', created_at: 'time', updated_at: 'time',
}));
const SETTINGS = at('settings', obj({
  panel_name: 'str', public_url: 'url', timezone: 'str', default_key_type: 'str', default_expiry_days: 'num', expiring_warning_days: 'num',
  subscription_page: obj({ enabled: 'bool', title: 'str', show_qr: 'bool', support_text: 'str' }),
  notifications: map(obj({ enabled: 'bool', chat_id: 'str', events: 'csv' })),
  apply: obj({ auto_apply: 'bool', batch_size: 'num' }),
}));
const ALERT = at('alert', obj({
  id: 'id', severity: 'str', title: 'str', message: 'str', node_id: 'id', created_at: 'time', resolved: 'bool', resolved_at: 'time',
}));
const AUDIT_ENTRY = at('audit.entry', obj({
  id: 'id', created_at: 'time', action: 'str', actor: 'str', api_token_id: 'given', target: obj({ type: 'str', id: 'id' }), details: 'keep',
}));
const FLEET_UPDATE = at('fleet.update', obj({
  id: 'id', status: 'str', node_ids: 'given', nodes: list(obj({ node_id: 'id', state: 'str' })), engine: 'str', target_version: 'str',
  created_at: 'time', finished_at: 'time', stopped_at: 'time', created_by: 'str',
}));
// The key object is given (spec 2.1) but for the value of its `limits`.
const KEY = at('key', obj({ limits: obj({ max_devices: 'num', traffic_gb_month: 'num' }) }, true));
const IMPORT_ENTRY = obj({ label: 'str', type: 'str', note: 'str', owner_label: 'str', expires_at: 'time' });

/** What the random reading does on a route: the shape of its successful JSON answer and of its JSON body. */
export interface RandomRoute {
  readonly answer?: Shape;
  readonly body?: Shape;
  /** Top-level members of the answer the body does not take (the panel owns them): dropped from a body that carries them back. */
  readonly owned?: readonly string[];
}

const keyAnswer: RandomRoute = { answer: KEY };
const NODE_OWNED = ['id', 'hostname', 'ip', 'status', 'dirty', 'last_apply_at', 'last_seen_at', 'created_at', 'engine', 'engine_version', 'agent_version', 'position', 'keys_bound'];
const TEMPLATE_OWNED = ['id', 'builtin', 'created_at', 'updated_at', 'updated_by', 'size'];

/** Every route the random reading changes; any other route (and what the contract gives) answers as `first`. */
export const RANDOM_ROUTES: Readonly<Record<string, RandomRoute>> = {
  // Nodes: GET /nodes keeps the spec's {items, total}; its nodes vary.
  'GET /nodes': { answer: wrapper(node, 'count', true) },
  'GET /nodes/{id}': { answer: node },
  'POST /nodes': { answer: node, body: node, owned: NODE_OWNED.filter((name) => name !== 'hostname') },
  'PATCH /nodes/{id}': { answer: node, body: node, owned: NODE_OWNED },
  'PUT /nodes/order': { answer: wrapper(node, 'count', true) },
  'POST /nodes/preflight/dns': {
    answer: at('node.preflight', obj({ hostname: 'str', ok: 'bool', addresses: 'csv', message: 'str' })),
    body: at('node.preflight', obj({ hostname: 'str' })),
  },
  'GET /nodes/{id}/blocklist': { answer: at('node.blocklist', obj({ node_id: 'id', entries: 'csv' })) },
  'PUT /nodes/{id}/blocklist': { answer: at('node.blocklist', obj({ node_id: 'id', entries: 'csv' })), body: at('node.blocklist', obj({ node_id: 'id', entries: 'csv' })), owned: ['node_id'] },
  'POST /nodes/{id}/check': { answer: at('node.check', obj({ node_id: 'id', ok: 'bool', checked_at: 'time', checks: list(CHECK) })) },
  'GET /nodes/{id}/diagnostics': {
    answer: at('node.diagnostics', obj({
      node_id: 'id', ran_at: 'time', checks: list(CHECK), last_error: 'str', system: obj({ kernel: 'str', uptime_seconds: 'num', open_files: 'num' }),
    })),
  },
  'POST /nodes/{id}/diagnostics/web': {
    answer: at('node.web_diagnostics', obj({
      node_id: 'id', url: 'url', ok: 'bool', status: 'num', tls: obj({ valid: 'bool', issuer: 'str', expires_at: 'time' }),
      timing_ms: obj({ dns: 'num', connect: 'num', tls: 'num', first_byte: 'num' }),
    })),
    body: at('node.web_diagnostics', obj({ url: 'url' })),
  },
  'GET /nodes/{id}/health': {
    answer: at('node.health', obj({
      node_id: 'id', status: 'str', healthy: 'bool', uptime_seconds: 'num', cpu_percent: 'num', memory_percent: 'num', disk_percent: 'num',
      engine: obj({ name: 'str', version: 'str', running: 'bool' }), checked_at: 'time',
    })),
  },
  'GET /nodes/{id}/install-command': { answer: at('node.install', obj({ node_id: 'id', command: 'str' })) },
  'GET /nodes/{id}/registration-secret': { answer: at('node.registration', obj({ node_id: 'id', secret: 'str' })) },
  'GET /nodes/{id}/probes': { answer: at('node.probes', wrapper(obj({ region: 'str', ok: 'bool', latency_ms: 'num', checked_at: 'time' }), 'none')) },
  'GET /nodes/{id}/profiles': { answer: at('node.profiles', wrapper(obj({ key_id: 'id', label: 'str', profile_sync: 'str' }), 'count')) },
  'GET /nodes/{id}/reliability': { answer: at('node.reliability', obj({ node_id: 'id', auto_restart: 'bool', max_restarts_per_hour: 'num', health_check_interval_seconds: 'num' })) },
  'PUT /nodes/{id}/reliability': {
    answer: at('node.reliability', obj({ node_id: 'id', auto_restart: 'bool', max_restarts_per_hour: 'num', health_check_interval_seconds: 'num' })),
    body: at('node.reliability', obj({ node_id: 'id', auto_restart: 'bool', max_restarts_per_hour: 'num', health_check_interval_seconds: 'num' })),
    owned: ['node_id'],
  },
  'POST /nodes/{id}/restart': { answer: at('node.restart', obj({ node_id: 'id', restarted: 'bool', at: 'time' })) },
  'GET /nodes/{id}/stats': {
    answer: at('node.stats', obj({ node_id: 'id', keys_bound: 'num', keys_online: 'num', connections: 'num', traffic_in_bytes_24h: 'num', traffic_out_bytes_24h: 'num' })),
  },
  'GET /nodes/{id}/<engine>-update': {
    answer: at('node.engine_update', obj({ node_id: 'id', engine: 'str', current_version: 'str', latest_version: 'str', update_available: 'bool', status: 'str' })),
  },
  'POST /nodes/{id}/<engine>-update': {
    answer: at('node.engine_update', obj({ node_id: 'id', engine: 'str', status: 'str', target_version: 'str' })),
    body: at('node.engine_update', obj({ version: at('node.engine_update.target_version', 'str') })),
  },
  'GET /nodes/{id}/web-policy': { answer: at('node.web_policy', obj({ node_id: 'id', mode: 'str', redirect_url: 'url', allow_countries: 'csv' })) },
  'PUT /nodes/{id}/web-policy': {
    answer: at('node.web_policy', obj({ node_id: 'id', mode: 'str', redirect_url: 'url', allow_countries: 'csv' })),
    body: at('node.web_policy', obj({ node_id: 'id', mode: 'str', redirect_url: 'url', allow_countries: 'csv' })),
    owned: ['node_id'],
  },
  'GET /nodes/{id}/web/carriers': { answer: at('node.carriers', wrapper(CARRIER, 'none')) },
  'POST /nodes/{id}/web/lifecycle': {
    answer: at('node.web_lifecycle', obj({ node_id: 'id', action: 'str', state: 'str' })),
    body: at('node.web_lifecycle', obj({ action: 'str' })),
  },
  'GET /status/update': {
    answer: at('status.update', obj({ current_version: 'str', latest_version: 'str', update_available: 'bool', checked_at: 'time', release_notes_url: 'url' })),
  },
  'GET /fleet/updates': { answer: at('fleet.updates', wrapper(FLEET_UPDATE, 'count')) },
  'POST /fleet/updates': { answer: FLEET_UPDATE },
  'POST /fleet/updates/{id}/stop': { answer: FLEET_UPDATE },
  // Sites. The upstream POST takes {url}: its value is the site's `upstream`, varied alike.
  'GET /nodes/{id}/site': { answer: SITE },
  'POST /nodes/{id}/site': { answer: SITE, body: SITE, owned: ['node_id', 'template_name', 'upstream', 'deployment', 'last_apply_at'] },
  'POST /nodes/{id}/site/upstream': { answer: SITE, body: at('node.site.upstream_body', obj({ url: at('node.site.upstream', 'url') }, true)) },
  'GET /nodes/{id}/site/preview': { answer: at('node.site_preview', obj({ node_id: 'id', template_id: 'id', html: 'str', css: 'str' })) },
  'GET /site-templates': { answer: at('template.list', wrapper(TEMPLATE, 'count')) },
  'GET /site-templates/{id}': { answer: TEMPLATE },
  'POST /site-templates': { answer: TEMPLATE, body: TEMPLATE, owned: [...TEMPLATE_OWNED, 'version'] },
  'PUT /site-templates/{id}': { answer: TEMPLATE, body: TEMPLATE, owned: TEMPLATE_OWNED },
  'POST /site-templates/import': { answer: TEMPLATE, body: TEMPLATE, owned: [...TEMPLATE_OWNED, 'version'] },
  'POST /site-templates/{id}/customize': { answer: TEMPLATE, body: at('template.customize', obj({ name: 'str', values: map('str') })) },
  'POST /site-templates/validate': {
    answer: at('template.validation', obj({ valid: 'bool', errors: list(obj({ line: 'num', message: 'str' })) })),
    body: TEMPLATE,
  },
  // Branding: GET /branding/profiles is {items, total, live, node_id?}.
  'GET /branding/profiles': { answer: at('branding.profiles', wrapper(PROFILE, 'count')) },
  'POST /branding/profiles': { answer: PROFILE },
  'PUT /branding/profiles/{id}': { answer: PROFILE, body: PROFILE, owned: ['id', 'active', 'assets', 'created_at', 'updated_at'] },
  'POST /branding/profiles/{id}/activate': { answer: PROFILE },
  // Settings.
  'GET /settings': { answer: SETTINGS },
  'PUT /settings': { answer: SETTINGS, body: SETTINGS },
  'GET /settings/subscription-page/preview': { answer: at('settings.preview', obj({ title: 'str', html: 'str' })) },
  'POST /settings/<messenger>/test': {
    answer: at('settings.messenger_test', obj({ messenger: 'str', sent: 'bool', message: 'str', sent_at: 'time' })),
    body: at('settings.messenger_test', obj({ message: 'str' })),
  },
  // Monitoring. POST /alerts/resolve's body {ids} is given.
  'GET /alerts': { answer: at('alert.list', wrapper(ALERT, 'count')) },
  'POST /alerts/{id}/resolve': { answer: ALERT },
  'POST /alerts/resolve': { answer: at('alert.resolution', obj({ resolved: 'num', items: at('alert.resolution.items', list(ALERT)), not_found: 'keep' })) },
  'GET /dashboard/summary': {
    answer: at('dashboard.summary', obj({ nodes: map('num'), keys: map('num'), connections: 'num', alerts: map('num'), generated_at: 'time' })),
  },
  'GET /dashboard/trends': {
    answer: at('dashboard.trends', obj({ period: 'str', connections: list(POINT), keys_online: list(POINT), traffic_bytes: list(POINT) })),
  },
  'GET /monitoring/overview': {
    answer: at('monitoring.overview', wrapper(obj({ node_id: 'id', name: 'str', status: 'str', latency_ms: 'num', last_seen_at: 'time' }), 'none')),
  },
  'GET /monitoring/nodes/{id}/series': {
    answer: at('monitoring.series', obj({ node_id: 'id', period: 'str', step_seconds: 'num', series: map(list(POINT)) })),
  },
  'GET /monitoring/web/carriers': { answer: at('monitoring.carriers', wrapper(CARRIER, 'none')) },
  'GET /status/public': {
    answer: at('status.public', obj({ status: 'str', nodes: list(obj({ name: 'str', region: 'str', status: 'str' })), updated_at: 'time' })),
  },
  'GET /audit': { answer: at('audit.list', wrapper(AUDIT_ENTRY, 'paged')) },
  // Keys: the key object is given but for its limits; GET /keys and POST /keys are given whole.
  'GET /keys/{id}': keyAnswer,
  'PATCH /keys/{id}': { answer: KEY, body: KEY },
  'POST /keys/{id}/bindings': keyAnswer,
  'DELETE /keys/{id}/bindings/{node}': keyAnswer,
  'POST /keys/{id}/disable': keyAnswer,
  'POST /keys/{id}/enable': keyAnswer,
  'POST /keys/{id}/revoke': keyAnswer,
  'POST /keys/{id}/rotate': keyAnswer,
  'POST /keys/{id}/subscription': keyAnswer,
  'GET /keys/summary': {
    answer: at('keys.summary', obj({ total: 'num', by_state: map('num'), by_type: map('num'), online: 'num', devices: 'num' })),
  },
  'GET /keys/{id}/links': {
    answer: at('key.links', wrapper(obj({ domain: 'str', hostname: 'str', kind: 'str', node_id: 'id', node_name: 'str', tg: 'keep', tme: 'url' }), 'none')),
  },
  'GET /keys/{id}/presence': {
    answer: at('key.presence', obj({
      key_id: 'id', connections: 'num', devices: 'num', devices_15m: 'num', ips: 'num', online: 'bool', last_seen_at: 'time',
      nodes: list(obj({ node_id: 'id', node_name: 'str', online: 'bool', connections: 'num' })),
    })),
  },
  'GET /keys/{id}/stats': {
    answer: at('key.stats', obj({ key_id: 'id', traffic_bytes_24h: 'num', connections_24h: 'num', devices_30d: 'num', series: list(obj({ at: 'time', bytes: 'num' })) })),
  },
  'POST /keys/batch': { answer: at('keys.batch', wrapper(KEY, 'count')) },
  'POST /keys/import': {
    answer: at('keys.import', obj({ imported: 'num', items: at('keys.import.items', list(KEY)) })),
    body: at('keys.import', obj({ items: at('keys.import.entries', list(IMPORT_ENTRY)), node_ids: 'given' })),
  },
  'POST /keys/bulk': {
    answer: at('keys.bulk', obj({ action: 'str', updated: 'num', skipped: list(obj({ id: 'id', reason: 'str' })) })),
    body: at('keys.bulk', obj({ action: 'str', ids: 'given' })),
  },
};
