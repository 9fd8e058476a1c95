/**
 * The demo fleet: six nodes (one offline, one dirty, one whose applies fail, one degraded that rolls back),
 * about forty keys covering every key state and both types, jobs of every status, alerts, templates,
 * branding and audit entries. Some values are hostile on purpose; the UI must show them safely.
 * `showcase` is the same fleet with plain values where the demo has hostile ones (the README's pictures).
 */
import { SeededRandom } from '../seededRandom';
import type { AlertRecord, AuditEntry, BrandingProfileRecord, JobRecord, KeyBinding, KeyState, NodeRecord, PanelData, ProfileSync } from '../types';
import { emptyData } from './baseline';
import { brandingProfiles, siteTemplates } from './catalogue';
import { makeJob, makeKey, makeNode, type KeySeed } from './recordFactory';

const MINUTE = 60_000;
const HOUR = 3600_000;
const DAY = 86_400_000;

/** Hostile labels and notes, exported so tests can look them up. */
export const HOSTILE = {
  html: '<img src=x onerror=alert(1)>',
  commandLink: '[click](command:workbench.action.quit)',
  controlCharacters: 'Bell\u0007 Esc\u001b[31mred\u001b[0m Nul\u0000 Tab\tNewline\nEnd',
  long: 'Very long label '.repeat(625),
  rtl: 'مستخدم עברית user \u202Eevil\u202C',
  alertHtml: '<b>Disk</b> usage at 91% <script>alert("x")</script> on <a href="javascript:alert(1)">nyc-5</a>',
} as const;

/**
 * Hostile log lines: `hel-3`'s log stream mixes them in, and its oldest failed job holds them. ANSI colours
 * are meant to show; every other escape sequence (screen clear, title, OSC 8 hyperlink) must not act.
 */
export const HOSTILE_LOG_LINES = [
  '\u001b[31mERROR\u001b[0m engine: \u001b[1;33mbind: address already in use\u001b[0m (port \u001b[4m443\u001b[24m)',
  '<img src=x onerror=alert(1)> </script><script>alert(2)</script> <a href="javascript:alert(3)">click</a>',
  '[run](command:workbench.action.quit) \u001b]8;;javascript:alert(4)\u0007hyperlink\u001b]8;;\u0007 \u001b[2J\u001b[H\u001b]0;pwned\u0007 after clear',
  'RTL \u202Eevil\u202C text, nul\u0000byte, bell\u0007, backspace\u0008 done',
  `long ${'Very long log line '.repeat(530)}end`,
];

/** The hostile failed apply of `hel-3` (a day old, so the newest job stays the plain failure). */
function hostileJob(node: NodeRecord, now: number): JobRecord {
  const at = (ms: number) => new Date(now - ms).toISOString();
  return {
    id: '7f3c2a10-5b7e-4c1d-9a55-0d6e8f1b2c3d',
    node_id: node.id,
    kind: 'apply',
    status: 'failed',
    queued_at: at(26 * HOUR),
    started_at: at(26 * HOUR - 1500),
    finished_at: at(26 * HOUR - 9000),
    error: `${HOSTILE.html} \u001b[31mreload failed\u001b[0m </script> ${HOSTILE.rtl}`,
    logs: [`${at(26 * HOUR)} apply queued for ${node.name}`, ...HOSTILE_LOG_LINES],
  };
}

const PEOPLE = [
  'Alice Martin', 'Bruno Costa', 'Chen Wei', 'Dana Kovacs', 'Emil Novak', 'Fatima Zahra', 'Georg Lind', 'Hana Sato',
  'Ivan Petrov', 'Julia Weber', 'Kofi Mensah', 'Lena Hoffmann', 'Marco Rossi', 'Nora Berg', 'Omar Haddad', 'Paula Silva',
  'Quentin Roy', 'Rita Gomes', 'Sven Olsen', 'Tara Singh', 'Uma Patel', 'Victor Hugo', 'Wen Li', 'Xenia Pavlova',
  'Yusuf Demir', 'Zoe Clark', 'Office router', 'Sales team', 'Support desk', 'Conference room',
];

/** State of each of the 30 plain keys, in order: every state appears several times. */
const PLAIN_STATES: readonly KeyState[] = [
  'active', 'active', 'pending', 'expiring', 'expired', 'disabled', 'revoked', 'active', 'active', 'pending',
  'expiring', 'expired', 'disabled', 'revoked', 'active', 'active', 'active', 'pending', 'expiring', 'expired',
  'disabled', 'revoked', 'active', 'active', 'active', 'active', 'expiring', 'active', 'disabled', 'active',
];

/** The five users that take the hostile users' places in the showcase (same states, types and nodes). */
const PLAIN_EXTRA_LABELS = ['Lisbon kiosk', 'Warehouse scanners', 'Night shift', 'Regional sales', 'Trade fair booth'];

/** `hostile: false` gives the showcase: the same fleet, with plain values where the demo has hostile ones. */
export function demoData(now: number, messenger: string, options: { readonly hostile?: boolean } = {}): PanelData {
  const hostileValues = options.hostile ?? true;
  const rng = new SeededRandom(20_260_521);
  const data = emptyData(messenger);

  const nodes = [
    makeNode(rng, now, { name: 'ams-1', region: 'Amsterdam', status: 'online', position: 1 }),
    makeNode(rng, now, { name: 'fra-2', region: 'Frankfurt', status: 'online', dirty: true, position: 2 }),
    makeNode(rng, now, { name: 'hel-3', region: 'Helsinki', status: 'online', dirty: true, failure: 'apply-fails', position: 3 }),
    makeNode(rng, now, { name: 'waw-4', region: 'Warsaw', status: 'offline', position: 4 }),
    makeNode(rng, now, { name: 'nyc-5', region: 'New York', status: 'degraded', failure: 'apply-rolls-back', position: 5 }),
    makeNode(rng, now, { name: 'sgp-6', region: 'Singapore', status: 'online', position: 6 }),
  ];
  for (const node of nodes) data.nodes.set(node.id, node);
  const [ams, fra, hel, waw, nyc, sgp] = nodes;

  const syncOn = (node: NodeRecord, state: KeyState): ProfileSync => {
    if (state === 'pending' || node === fra) return 'pending';
    return node === hel ? 'failed' : 'synced';
  };
  const bind = (state: KeyState, ...bound: NodeRecord[]): KeyBinding[] => bound.map((n) => ({ node_id: n.id, profile_sync: syncOn(n, state) }));

  const seeds: KeySeed[] = PLAIN_STATES.map((state, i) => ({
    label: PEOPLE[i],
    state,
    type: i >= 26 ? 'SHARED' : i % 5 === 4 ? 'SHARED' : 'PERSONAL',
    ownerLabel: i % 3 === 0 ? 'Engineering' : i % 3 === 1 ? 'Sales' : 'Operations',
    note: i % 4 === 0 ? `Laptop and phone of ${PEOPLE[i].split(' ')[0]}` : '',
    bindings: bind(state, ...[[ams], [ams, fra], [fra], [hel], [sgp, ams], [nyc], [waw, ams], [ams, hel, sgp]][i % 8]),
    online: i % 2 === 0,
    subscription: i % 6 === 0 ? 'active' : i === 9 ? 'legacy' : undefined,
  }));
  const extras: KeySeed[] = [
    { label: HOSTILE.html, state: 'active', note: HOSTILE.html, ownerLabel: '<script>alert(2)</script>', bindings: bind('active', ams) },
    { label: HOSTILE.commandLink, state: 'active', note: '**bold** _markdown_ [doc](https://example.com)', bindings: bind('active', ams, sgp) },
    { label: HOSTILE.controlCharacters, state: 'pending', bindings: bind('pending', fra) },
    { label: HOSTILE.long, state: 'active', note: HOSTILE.long, bindings: bind('active', sgp) },
    { label: HOSTILE.rtl, state: 'expiring', note: 'ملاحظة: مستخدم تجريبي', bindings: bind('expiring', ams), online: true },
  ];
  const plainNotes = ['Front desk tablet', 'Rotated every month', null, 'EMEA accounts', 'Until the fair closes'];
  seeds.push(...(hostileValues ? extras : extras.map((seed, i) => ({ ...seed, label: PLAIN_EXTRA_LABELS[i], note: plainNotes[i], ownerLabel: 'Support' }))));
  seeds.push(
    { label: 'No note at all', state: 'active', note: null, bindings: bind('active', sgp), online: true },
    { label: 'Emoji 🚀 user ✓', state: 'disabled', note: '👩‍💻 remote', bindings: bind('disabled', nyc) },
    { label: 'Guest Wi-Fi', state: 'revoked', type: 'SHARED', bindings: bind('revoked', ams, fra) },
    { label: 'Board members', state: 'expired', type: 'SHARED', note: 'Renew in Q3', bindings: bind('expired', sgp), subscription: 'active' },
    { label: 'Field engineers', state: 'active', type: 'SHARED', ownerLabel: 'Operations', bindings: bind('active', ams, fra, sgp), online: true, subscription: 'active' },
  );
  // Oldest first in the map; /keys lists newest first.
  const keys = seeds.map((seed) => makeKey(rng, now, seed)).sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  for (const key of keys) data.keys.set(key.id, key);

  data.jobs.push(
    makeJob(rng, ams, 'ok', now - 2 * DAY),
    makeJob(rng, ams, 'ok', now - 3 * HOUR),
    makeJob(rng, fra, 'ok', now - 5 * DAY),
    makeJob(rng, hel, 'ok', now - 6 * DAY),
    makeJob(rng, hel, 'failed', now - 50 * MINUTE),
    makeJob(rng, waw, 'ok', now - 9 * DAY),
    makeJob(rng, nyc, 'rolled_back', now - 4 * HOUR),
    makeJob(rng, sgp, 'ok', now - 1 * DAY),
    makeJob(rng, sgp, 'running', now - 1 * MINUTE),
    makeJob(rng, sgp, 'queued', now - 10_000),
    ...(hostileValues ? [hostileJob(hel, now)] : []),
  );
  // The showcase keeps the engine's coloured error line, an ordinary log line of a failing node.
  hel.logNoise = hostileValues ? [...HOSTILE_LOG_LINES] : [HOSTILE_LOG_LINES[0]];

  data.alerts = demoAlerts(now, { waw, hel, nyc, sgp, ams }, hostileValues);
  data.siteTemplates = siteTemplates(rng, now);
  // ams-1 serves the first built-in template as its cover site.
  ams.site = { template_id: [...data.siteTemplates.keys()][0], enabled: true, upstream: null, variables: { site_name: 'Amsterdam Bakery' } };
  data.brandingProfiles = brandingProfiles(rng, now);
  if (hostileValues) {
    const hostile = hostileBrandingProfile(now);
    data.brandingProfiles.set(hostile.id, hostile);
  }
  data.audit = demoAudit(now, keys[0].id, ams.id, hostileValues);
  return data;
}

/**
 * A stored (inactive) branding profile with hostile values the API itself would refuse on PUT (as an
 * older panel version or another client could have stored them): markup in the names, custom CSS that
 * tries to close its style element and load from another origin, and a `javascript:` support link.
 */
function hostileBrandingProfile(now: number): BrandingProfileRecord {
  const at = new Date(now - 30 * DAY).toISOString();
  return {
    id: '3d7e9c41-2b8a-4f6e-9d1c-5a0b7e3f2c18',
    name: `Hostile ${HOSTILE.html}`,
    active: false,
    accent_color: 'red;background:url(https://evil.example/accent.png)',
    custom_css: 'body { background: url(https://evil.example/track.png); } @import url(https://evil.example/x.css); </style><script>alert("css")</script>',
    footer_text: HOSTILE.alertHtml,
    login_text: HOSTILE.commandLink,
    panel_name: `</title><script>alert("name")</script> ${HOSTILE.rtl}`,
    primary_color: '#8250df',
    support_link: 'javascript:alert(document.domain)',
    theme_default: 'dark',
    assets: {},
    created_at: at,
    updated_at: at,
  };
}

/**
 * Alert ids of the demo: int64 values beyond 2^53, which a double cannot hold. Rounded to a double,
 * `nodeOffline` (2^53 + 1) becomes 2^53, the id of `applyFailed`: a client that rounds resolves the wrong alert.
 */
export const DEMO_ALERT_IDS = {
  nodeOffline: 9_007_199_254_740_993n,
  applyFailed: 9_007_199_254_740_992n,
  nodeDegraded: 9_007_199_254_740_995n,
  diskAlmostFull: 9_007_199_254_740_994n,
  certificateRenews: 9_223_372_036_854_775_807n,
  applyFailedResolved: 9_007_199_254_740_997n,
  highCpuResolved: 9_007_199_254_740_996n,
  engineUpdateResolved: 9_007_199_254_740_999n,
} as const;

function demoAlerts(now: number, n: Record<'waw' | 'hel' | 'nyc' | 'sgp' | 'ams', NodeRecord>, hostileValues: boolean): AlertRecord[] {
  const at = (ms: number) => new Date(now - ms).toISOString();
  const ids = DEMO_ALERT_IDS;
  const alert = (id: bigint, severity: AlertRecord['severity'], title: string, message: string, node: NodeRecord | null, age: number, resolvedAge?: number): AlertRecord => ({
    id,
    severity,
    title,
    message,
    node_id: node?.id ?? null,
    created_at: at(age),
    resolved: resolvedAge !== undefined,
    resolved_at: resolvedAge === undefined ? null : at(resolvedAge),
  });
  return [
    alert(ids.nodeOffline, 'critical', 'Node offline', `${n.waw.name} has not reported for 2 hours`, n.waw, 2 * HOUR),
    alert(ids.applyFailed, 'warning', 'Apply failed', `The last apply on ${n.hel.name} failed; configuration is not in sync`, n.hel, 50 * MINUTE),
    alert(ids.nodeDegraded, 'warning', 'Node degraded', `${n.nyc.name} answers slowly (p95 1.8 s)`, n.nyc, 4 * HOUR),
    alert(ids.diskAlmostFull, 'warning', 'Disk almost full', hostileValues ? HOSTILE.alertHtml : `Disk usage at 91% on ${n.nyc.name}`, n.nyc, 30 * MINUTE),
    alert(ids.certificateRenews, 'info', 'Certificate renews soon', 'The TLS certificate of panel.example.net renews in 12 days', null, 1 * DAY),
    alert(ids.applyFailedResolved, 'critical', 'Apply failed', `Apply on ${n.sgp.name} failed`, n.sgp, 3 * DAY, 3 * DAY - 20 * MINUTE),
    alert(ids.highCpuResolved, 'warning', 'High CPU', `${n.ams.name} CPU above 90% for 10 minutes`, n.ams, 2 * DAY, 2 * DAY - HOUR),
    alert(ids.engineUpdateResolved, 'info', 'Engine update available', 'Version 2.1.8 is available', null, 5 * DAY, 4 * DAY),
  ];
}

function demoAudit(now: number, keyId: string, nodeId: string, hostileValues: boolean): AuditEntry[] {
  const scriptToken = '5b1f9a52-7c1e-4d2b-9f0e-2a6c8e4d1b37';
  const rows: [number, string, string, string | null, string, string | null][] = [
    [9 * DAY, 'settings.update', 'owner', null, 'settings', null],
    [8 * DAY, 'nodes.create', 'owner', null, 'node', nodeId],
    [7 * DAY, 'keys.create', 'admin', scriptToken, 'key', keyId],
    [6 * DAY, 'keys.update', 'admin', scriptToken, 'key', keyId],
    [5 * DAY, 'nodes.apply', 'admin', scriptToken, 'node', nodeId],
    [4 * DAY, 'keys.disable', 'owner', null, 'key', keyId],
    [3 * DAY, 'keys.enable', 'owner', null, 'key', keyId],
    [2 * DAY, 'branding.profiles.update', 'owner', null, 'branding_profile', null],
    [30 * HOUR, 'alerts.resolve', 'admin', scriptToken, 'alert', String(DEMO_ALERT_IDS.highCpuResolved)],
    [20 * HOUR, 'keys.rotate', 'admin', scriptToken, 'key', keyId],
    [3 * HOUR, 'nodes.apply', 'admin', scriptToken, 'node', nodeId],
    [1 * HOUR, 'site_templates.update', 'owner', null, 'site_template', null],
  ];
  return rows.map(([age, action, actor, token, type, id], i) => ({
    id: i + 1,
    created_at: new Date(now - age).toISOString(),
    action,
    actor,
    api_token_id: token,
    target: { type, id },
    // The newest entry carries hostile details, as a template name an operator typed could.
    details: i !== rows.length - 1 ? {} : hostileValues ? { name: HOSTILE.html, note: HOSTILE.alertHtml } : { name: 'Spring sale' },
  }));
}
