// The simulated panel's seeded reading `random:<seed>` (test/panel/SHAPES.md "Readings"), through real HTTP
// over 50 seeds: the same seed gives the same bytes, seeds differ, what the contract gives never varies,
// every silent answer decodes back to the `first` answer, the panel takes back what it gives (and holds a
// change made in the shape read), and a `first`-shaped body where the seed varied something is refused
// with 400 unknown_field or 422 validation, never a 500, never accepted with another meaning.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createInterface } from 'node:readline';
import {
  decodeAnswer, describeRandomReading, encodeAnswer, encodeBody, isRandomReading, randomSeed, readingNamed, setDefaultReading, startPanel,
  UPSTREAM_OBJECT_SEED, wrapsUpstream, type SimulatedPanel,
} from '../../panel';
import { stringifyExact } from '../../panel/exactJson';
import { variedMembers } from '../../panel/randomChoices';
import { rawRequest } from '../../panel/rawRequest';
import { suiteReading, READING_ENV } from '../../vscode/suiteReadings';

const SEEDS = Array.from({ length: 50 }, (_, seed) => seed);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of any shape
type Json = any;

/** Every ISO timestamp as `T`: two reads of a route a few milliseconds apart may differ in `checked_at` and the like. */
const normalized = (value: unknown): unknown => JSON.parse(stringifyExact(value), (_key, item: unknown) =>
  typeof item === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(item) ? 'T' : item);

describe('simulated panel: the random reading random:<seed>', function () {
  this.timeout(180_000);
  let panel: SimulatedPanel;
  let ids: Record<string, string>;
  /** The last seed played: a failing test prints its table of choices. */
  let lastSeed: number | undefined;
  const reading = (seed: number | 'first') => {
    if (seed !== 'first') lastSeed = seed;
    panel.readings.set(seed === 'first' ? 'first' : `random:${seed}`);
  };
  const call = (method: string, path: string, json?: unknown) => rawRequest(panel.url, { method, path: `/api/v1${path}`, token: panel.tokens.owner, json });
  const nodeId = (name: string) => [...panel.data.nodes.values()].find((node) => node.name === name)!.id;

  before(async () => {
    panel = await startPanel({ dataset: 'demo', jobStepMs: 600_000 });
    const html = '<!doctype html><html><head><title>{{site_name}}</title></head><body><p>{{motto}}</p></body></html>';
    const made = await call('POST', '/site-templates', { name: 'Seeded', html, description: 'mine', variables: [{ name: 'site_name', default: 'Cafe' }, { name: 'motto', default: 'Fresh', description: 'the line' }] });
    assert.equal(made.status, 201, made.text);
    const profile = [...panel.data.brandingProfiles.values()].find((record) => record.name === 'Default')!;
    const key = [...panel.data.keys.values()].find((record) => record.limits !== null && record.status !== 'revoked')!;
    ids = { ams: nodeId('ams-1'), waw: nodeId('waw-4'), template: made.json().id, profile: profile.id, key: key.id, builtin: [...panel.data.siteTemplates.values()].find((t) => t.builtin)!.id };
  });
  after(() => panel?.close());
  beforeEach(() => (lastSeed = undefined));
  afterEach(function () {
    reading('first');
    if (this.currentTest?.state === 'failed' && lastSeed !== undefined) console.log(`the failing seed's choices:\n${describeRandomReading(lastSeed).join('\n')}`);
  });

  /** The silent GETs (route key, path) read in every seed. */
  const silentReads = (): [string, string][] => [
    ['GET /nodes/{id}', `/nodes/${ids.ams}`], ['GET /nodes/{id}/site', `/nodes/${ids.ams}/site`], ['GET /nodes/{id}/site/preview', `/nodes/${ids.ams}/site/preview`],
    ['GET /nodes/{id}/blocklist', `/nodes/${ids.ams}/blocklist`], ['GET /nodes/{id}/web-policy', `/nodes/${ids.ams}/web-policy`],
    ['GET /nodes/{id}/reliability', `/nodes/${ids.ams}/reliability`], ['GET /nodes/{id}/probes', `/nodes/${ids.ams}/probes`],
    ['GET /nodes/{id}/profiles', `/nodes/${ids.ams}/profiles`], ['GET /nodes/{id}/web/carriers', `/nodes/${ids.ams}/web/carriers`],
    ['GET /nodes/{id}/stats', `/nodes/${ids.ams}/stats`], ['GET /nodes/{id}/health', `/nodes/${ids.ams}/health`],
    ['GET /nodes/{id}/diagnostics', `/nodes/${ids.ams}/diagnostics`], ['GET /nodes/{id}/<engine>-update', `/nodes/${ids.ams}/mtg-update`],
    ['GET /nodes/{id}/install-command', `/nodes/${ids.ams}/install-command`], ['GET /nodes/{id}/registration-secret', `/nodes/${ids.ams}/registration-secret`],
    ['GET /status/update', '/status/update'], ['GET /site-templates', '/site-templates'], ['GET /site-templates/{id}', `/site-templates/${ids.template}`],
    ['GET /branding/profiles', '/branding/profiles'], ['GET /settings', '/settings'], ['GET /settings/subscription-page/preview', '/settings/subscription-page/preview'],
    ['GET /alerts', '/alerts'], ['GET /audit', '/audit?per_page=5'], ['GET /dashboard/summary', '/dashboard/summary'], ['GET /dashboard/trends', '/dashboard/trends'],
    ['GET /monitoring/overview', '/monitoring/overview'], ['GET /monitoring/nodes/{id}/series', `/monitoring/nodes/${ids.ams}/series`],
    ['GET /monitoring/web/carriers', '/monitoring/web/carriers'], ['GET /status/public', '/status/public'], ['GET /fleet/updates', '/fleet/updates'],
    ['GET /keys/summary', '/keys/summary'], ['GET /keys/{id}', `/keys/${ids.key}`], ['GET /keys/{id}/links', `/keys/${ids.key}/links`],
    ['GET /keys/{id}/presence', `/keys/${ids.key}/presence`], ['GET /keys/{id}/stats', `/keys/${ids.key}/stats`], ['GET /nodes', '/nodes'],
  ];
  /** Reads whose bytes do not depend on the clock (for "the same bytes"). */
  const stableReads = () => silentReads().filter(([route]) => /site|blocklist|web-policy|reliability|profiles|settings|alerts|keys\/summary|install|registration|carriers/.test(route));

  it('is a reading like the others: its name, its seed, the suite variable, the default reading, the upstream seed', async () => {
    assert.deepEqual([isRandomReading('random:17'), isRandomReading('random:-1'), isRandomReading('random:x'), isRandomReading('random:'), isRandomReading('random:01')], [true, false, false, false, false]);
    assert.deepEqual([randomSeed('random:17'), randomSeed('third')], [17, undefined]);
    assert.equal(readingNamed('random:17'), 'random:17');
    assert.equal(suiteReading({ [READING_ENV]: 'random:17' }), 'random:17');
    assert.throws(() => suiteReading({ [READING_ENV]: 'random:' }), /not one of first, second, third, random:<seed>/);
    const smallest = SEEDS.find(wrapsUpstream);
    assert.equal(UPSTREAM_OBJECT_SEED, smallest, 'UPSTREAM_OBJECT_SEED is the smallest seed that wraps the upstream');
    assert.ok(describeRandomReading(UPSTREAM_OBJECT_SEED).some((line) => /^ {2}node\.site\.upstream: wrapped \{url, enabled\}/.test(line)));
    const shares = SEEDS.map((seed) => variedMembers(seed)).map(({ varied, total }) => varied / total);
    const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
    assert.ok(mean > 0.35 && mean < 0.65, `about half of the silent members vary for a typical seed (${mean.toFixed(2)})`);

    setDefaultReading(`random:${UPSTREAM_OBJECT_SEED}`);
    try {
      const other = await startPanel({ dataset: 'demo' });
      try {
        const site = (await rawRequest(other.url, { path: `/api/v1/nodes/${nodeId('fra-2')}/site`, token: other.tokens.owner })).json();
        assert.ok(Object.values(site).some((value) => typeof value === 'object' && value !== null && 'url' in value && 'enabled' in value), JSON.stringify(site));
      } finally {
        await other.close();
      }
    } finally {
      setDefaultReading('first');
    }
  });

  it('gives the same bytes for the same seed and data; different seeds differ', async () => {
    const seen = new Map<string, number>();
    for (const seed of SEEDS) {
      reading(seed);
      let all = '';
      for (const [route, path] of stableReads()) {
        const [one, two] = [await call('GET', path), await call('GET', path)];
        assert.equal(one.text, two.text, `seed ${seed}: ${route} twice`);
        all += one.text;
      }
      assert.ok(!seen.has(all), `seed ${seed} gives the same bytes as seed ${seen.get(all)}`);
      seen.set(all, seed);
    }
  });

  it('never varies what the contract gives: keys, the nodes wrapper and given members, jobs, errors, apply', async () => {
    reading('first');
    const [keys, nodes, jobs, missing, offline] = [
      await call('GET', '/keys?per_page=200'), await call('GET', '/nodes'), await call('GET', `/nodes/${ids.ams}/jobs`),
      await call('GET', '/nodes/00000000-0000-4000-8000-000000000000'), await call('POST', `/nodes/${ids.waw}/apply`),
    ];
    const given = (list: Json) => list.items.map((node: Json) => [node.id, node.name, node.status, node.dirty, node.last_apply_at]);
    for (const seed of SEEDS) {
      reading(seed);
      assert.equal((await call('GET', '/keys?per_page=200')).text, keys.text, `seed ${seed}: GET /keys`);
      const shown = (await call('GET', '/nodes')).json();
      assert.deepEqual([Object.keys(shown), shown.total, given(shown)], [['items', 'total'], nodes.json().total, given(nodes.json())], `seed ${seed}: GET /nodes`);
      assert.equal((await call('GET', `/nodes/${ids.ams}/jobs`)).text, jobs.text, `seed ${seed}: jobs`);
      assert.equal((await call('GET', '/nodes/00000000-0000-4000-8000-000000000000')).text, missing.text, `seed ${seed}: the error envelope`);
      assert.equal((await call('POST', `/nodes/${ids.waw}/apply`)).text, offline.text, `seed ${seed}: apply on an offline node`);
    }
    reading(3);
    const created = await call('POST', '/keys', { label: 'Seeded', type: 'PERSONAL', node_ids: [ids.ams] });
    assert.equal(created.status, 201, created.text);
    reading('first');
    const again = await call('POST', '/keys', { label: 'Seeded', type: 'PERSONAL', node_ids: [ids.ams] });
    assert.deepEqual(Object.keys(created.json()), Object.keys(again.json()), 'POST /keys answers the key object');
    assert.deepEqual((await call('POST', `/nodes/${ids.ams}/apply`)).json(), { queued: true });
  });

  it('shows every silent answer so that it decodes back to the first answer', async () => {
    let varied = 0;
    for (const seed of SEEDS) {
      for (const [route, path] of silentReads()) {
        let attempt = 0;
        for (;;) {
          reading('first');
          const first = (await call('GET', path)).json();
          reading(seed);
          const shown = await call('GET', path);
          assert.equal(shown.status, 200, `seed ${seed}: ${route}: ${shown.text}`);
          const decoded = decodeAnswer(seed, route, shown.json());
          assert.equal(stringifyExact(encodeAnswer(seed, route, decoded, `/api/v1${path.split('?')[0]}`)), shown.text, `seed ${seed}: ${route} encodes back to its bytes`);
          if (stringifyExact(shown.json()) !== stringifyExact(first)) varied++;
          try {
            assert.deepEqual(normalized(decoded), normalized(first), `seed ${seed}: ${route} decodes to the first answer`);
            break;
          } catch (error) {
            // A figure computed from the clock (an uptime) may move between the two reads: read again.
            if (++attempt >= 3) throw error;
          }
        }
      }
    }
    assert.ok(varied > SEEDS.length * silentReads().length * 0.6, `most silent answers vary (${varied})`);
  });

  /** A writable silent resource: how to read it, send it back, change one member and see the change in the panel. */
  interface Writable {
    name: string;
    read: [string, string];
    write: [string, string, string];
    /** The `first` body of the change, from the `first` answer. */
    change: (first: Json) => Json;
    /** What the panel holds of it (the first reading's state). */
    state: () => unknown;
    /** The body as read: the answer itself, or a part of it (an item of a list, the upstream). */
    body?: (seed: number, shown: Json, first: Json) => Json;
  }
  const writables = (): Writable[] => {
    const node = () => panel.data.nodes.get(ids.ams)!;
    const template = () => panel.data.siteTemplates.get(ids.template)!;
    const profileOf = (shown: Json) => {
      const list = Array.isArray(shown) ? shown : shown.items ?? shown.data ?? shown.results;
      return list.find((item: Json) => item.id === ids.profile);
    };
    return [
      {
        name: 'node site', read: ['GET /nodes/{id}/site', `/nodes/${ids.ams}/site`], write: ['POST /nodes/{id}/site', 'POST', `/nodes/${ids.ams}/site`],
        change: (first) => ({ template_id: first.template_id, enabled: !first.enabled, variables: { ...first.variables, motto: 'Hot bread' } }),
        state: () => structuredClone(node().site),
      },
      {
        name: 'site upstream', read: ['GET /nodes/{id}/site', `/nodes/${ids.ams}/site`], write: ['POST /nodes/{id}/site/upstream', 'POST', `/nodes/${ids.ams}/site/upstream`],
        change: (first) => ({ url: first.upstream === null ? 'https://origin.example.org/' : null }),
        state: () => node().site.upstream,
        body: (seed, shown, first) => {
          const body = encodeBody(seed, 'POST /nodes/{id}/site/upstream', { url: first.upstream }) as Json;
          assert.ok(Object.values(shown).some((value) => stringifyExact(value) === stringifyExact(body.url)), `seed ${seed}: the upstream is sent as read`);
          return body;
        },
      },
      {
        name: 'blocklist', read: ['GET /nodes/{id}/blocklist', `/nodes/${ids.ams}/blocklist`], write: ['PUT /nodes/{id}/blocklist', 'PUT', `/nodes/${ids.ams}/blocklist`],
        change: (first) => ({ entries: first.entries.length > 0 ? [] : ['203.0.113.0/24', '198.51.100.7'] }),
        state: () => [...node().blocklist],
      },
      {
        name: 'web policy', read: ['GET /nodes/{id}/web-policy', `/nodes/${ids.ams}/web-policy`], write: ['PUT /nodes/{id}/web-policy', 'PUT', `/nodes/${ids.ams}/web-policy`],
        change: (first) => (first.mode === 'redirect' ? { mode: 'cover', redirect_url: null, allow_countries: ['DE'] } : { mode: 'redirect', redirect_url: 'https://example.org/', allow_countries: ['DE', 'FR'] }),
        state: () => structuredClone(node().web_policy),
      },
      {
        name: 'reliability', read: ['GET /nodes/{id}/reliability', `/nodes/${ids.ams}/reliability`], write: ['PUT /nodes/{id}/reliability', 'PUT', `/nodes/${ids.ams}/reliability`],
        change: (first) => ({ auto_restart: !first.auto_restart, max_restarts_per_hour: first.max_restarts_per_hour === 7 ? 8 : 7, health_check_interval_seconds: 60 }),
        state: () => ({ ...node().reliability }),
      },
      {
        name: 'node', read: ['GET /nodes/{id}', `/nodes/${ids.ams}`], write: ['PATCH /nodes/{id}', 'PATCH', `/nodes/${ids.ams}`],
        change: (first) => ({ region: first.region === 'Lisbon' ? 'Porto' : 'Lisbon' }),
        state: () => [node().name, node().region, node().note],
      },
      {
        name: 'settings', read: ['GET /settings', '/settings'], write: ['PUT /settings', 'PUT', '/settings'],
        change: (first) => ({ timezone: first.timezone === 'UTC' ? 'Europe/Berlin' : 'UTC', subscription_page: { ...first.subscription_page, show_qr: !first.subscription_page.show_qr } }),
        state: () => structuredClone(panel.data.settings),
      },
      {
        name: 'site template', read: ['GET /site-templates/{id}', `/site-templates/${ids.template}`], write: ['PUT /site-templates/{id}', 'PUT', `/site-templates/${ids.template}`],
        change: (first) => ({ description: `${first.description}!`, variables: [...first.variables, { name: `v${first.version}`, default: 'x' }] }),
        state: () => { const { name, description, html, css, variables } = template(); return structuredClone({ name, description, html, css, variables }); },
      },
      {
        name: 'branding profile', read: ['GET /branding/profiles', '/branding/profiles'], write: ['PUT /branding/profiles/{id}', 'PUT', `/branding/profiles/${ids.profile}`],
        change: (first) => ({ footer_text: `${first.items.find((item: Json) => item.id === ids.profile).footer_text}.` }),
        state: () => { const { updated_at: _updated, ...rest } = panel.data.brandingProfiles.get(ids.profile)!; return structuredClone(rest); },
        body: (_seed, shown) => profileOf(shown),
      },
    ];
  };

  it('takes back what it gives, and holds a change made in the shape read', async () => {
    for (const seed of SEEDS) {
      for (const resource of writables()) {
        const [readRoute, path] = resource.read;
        const [writeRoute, method, writePath] = resource.write;
        const where = `seed ${seed}: ${resource.name}`;
        reading('first');
        const first = (await call('GET', path)).json();
        const before = resource.state();
        reading(seed);
        const shown = (await call('GET', path)).json();
        const back = resource.body ? resource.body(seed, shown, first) : shown;
        const taken = await call(method, writePath, back);
        assert.equal(taken.status, 200, `${where}: sent back as read: ${taken.text}\n${stringifyExact(back)}`);
        assert.deepEqual(resource.state(), before, `${where}: the panel holds the same`);

        reading('first');
        const now = (await call('GET', path)).json();
        const change = resource.change(now);
        const expected = await (async () => {
          // What `first` makes of the change: sent under first, read, then put back as it was.
          const made = await call(method, writePath, change);
          assert.equal(made.status, 200, `${where}: the change under first: ${made.text}`);
          const state = resource.state();
          const undo = await call(method, writePath, undoBody(resource, now));
          assert.equal(undo.status, 200, `${where}: undone: ${undo.text}`);
          return state;
        })();
        reading(seed);
        const changed = await call(method, writePath, encodeBody(seed, writeRoute, change));
        assert.equal(changed.status, 200, `${where}: the change in the seed's shape: ${changed.text}\n${stringifyExact(encodeBody(seed, writeRoute, change))}`);
        assert.deepEqual(normalized(resource.state()), normalized(expected), `${where}: the panel holds the change`);
        void readRoute;
      }
    }
  });

  /** The `first` body that puts back what `first` read before a change. */
  const undoBody = (resource: Writable, first: Json): Json => {
    switch (resource.name) {
      case 'node site': return { template_id: first.template_id, enabled: first.enabled, variables: first.variables };
      case 'site upstream': return { url: first.upstream };
      case 'blocklist': return { entries: first.entries };
      case 'web policy': return { mode: first.mode, redirect_url: first.redirect_url, allow_countries: first.allow_countries };
      case 'reliability': { const { node_id: _id, ...rest } = first; return rest; }
      case 'node': return { region: first.region };
      case 'settings': return first;
      case 'site template': return { description: first.description, variables: first.variables };
      default: return { footer_text: first.items.find((item: Json) => item.id === ids.profile).footer_text };
    }
  };

  it('refuses a first-shaped body where the seed renamed or reshaped something, and takes one where it did not', async () => {
    const outcomes = { accepted: 0, unknownField: 0, validation: 0 };
    for (const seed of SEEDS) {
      for (const resource of writables()) {
        const [, path] = resource.read;
        const [writeRoute, method, writePath] = resource.write;
        const where = `seed ${seed}: ${resource.name}`;
        reading('first');
        const first = (await call('GET', path)).json();
        const body = undoBody(resource, first);
        const before = resource.state();
        const shaped = encodeBody(seed, writeRoute, body) as Json;
        const extras = ['x_revision', 'meta', '_links', 'etag'];
        const names = (value: Json) => JSON.stringify(Object.keys(value).filter((name) => !extras.includes(name)).sort());
        const isObject = (value: Json) => typeof value === 'object' && value !== null && !Array.isArray(value);
        const renamed = (a: Json, b: Json): boolean => Array.isArray(a) && Array.isArray(b)
          ? a.some((item, i) => renamed(item, b[i]))
          : isObject(a) && isObject(b) && (names(a) !== names(b) || Object.keys(a).some((name) => renamed(a[name], b[name])));
        reading(seed);
        const answer = await call(method, writePath, body);
        const expected = renamed(shaped, body) ? 'unknown_field' : !isDeepStrictEqual(normalized(stripExtras(shaped)), normalized(stripExtras(body))) ? 'validation' : 'accepted';
        if (answer.status === 200) {
          outcomes.accepted++;
          assert.equal(expected, 'accepted', `${where}: a first-shaped body taken where the seed shows ${stringifyExact(shaped)}`);
          assert.deepEqual(normalized(resource.state()), normalized(before), `${where}: taken with the same meaning`);
        } else {
          const error = answer.json().error;
          assert.ok([400, 422].includes(answer.status), `${where}: ${answer.status} ${answer.text}`);
          assert.equal(error.code, expected, `${where}: ${answer.text}, the seed shows ${stringifyExact(shaped)}`);
          if (answer.status === 400) {
            outcomes.unknownField++;
            assert.match(error.message, /^unknown fields?: /);
          } else {
            outcomes.validation++;
            assert.equal(error.message, 'invalid input');
            assert.ok(Object.keys(error.fields ?? {}).length > 0, `${where}: fields say what it wants`);
          }
          assert.deepEqual(resource.state(), before, `${where}: nothing changed`);
        }
      }
    }
    assert.ok(outcomes.accepted > 0 && outcomes.unknownField > 0 && outcomes.validation > 0, JSON.stringify(outcomes));
  });

  it('takes every other silent body in its shape as first takes it, and answers alike', async () => {
    const uuids = (value: unknown): unknown => JSON.parse(JSON.stringify(normalized(value)), (_key, item: unknown) =>
      typeof item === 'string' ? item.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'U').replace(/\b(ee|reg_)[0-9a-f]{32}\b/g, 'S') : item);
    const html = '<!doctype html><html><head><title>{{site_name}}</title></head><body>{{motto}}</body></html>';
    const cases = (seed: number, run: string): [string, string, string, Json, ((first: Json, decoded: Json) => void)?][] => [
      ['POST /nodes/preflight/dns', 'POST', '/nodes/preflight/dns', { hostname: 'nowhere.invalid' }],
      ['POST /nodes/{id}/diagnostics/web', 'POST', `/nodes/${ids.ams}/diagnostics/web`, { url: 'https://example.org/' }],
      ['POST /nodes/{id}/web/lifecycle', 'POST', `/nodes/${ids.ams}/web/lifecycle`, { action: 'reload' }],
      ['POST /nodes/{id}/<engine>-update', 'POST', `/nodes/${ids.ams}/mtg-update`, { version: '2.1.9' }],
      ['POST /site-templates/validate', 'POST', '/site-templates/validate', { html: '<html><head><title>x</title></head><body><div></body></html>', css: 'p {}' }],
      ['POST /site-templates/{id}/customize', 'POST', `/site-templates/${ids.builtin}/customize`, { name: 'Copy', values: { site_name: 'Bakery' } }],
      ['POST /site-templates/import', 'POST', '/site-templates/import', { format: 'site-template/1', name: 'Imported', html, variables: [{ name: 'motto', default: 'Hot', description: 'line' }] }],
      ['POST /site-templates', 'POST', '/site-templates', { name: 'Created', html, description: 'd', css: 'p {}', variables: [{ name: 'site_name', default: 'A' }] }],
      ['POST /settings/<messenger>/test', 'POST', '/settings/telegram/test', { message: 'hello' }],
      ['POST /keys/bulk', 'POST', '/keys/bulk', { action: 'disable', ids: ['00000000-0000-4000-8000-000000000000'] }],
      ['PATCH /keys/{id}', 'PATCH', `/keys/${ids.key}`, { limits: { max_devices: 2 + (seed % 3), traffic_gb_month: 50 } }],
      ['POST /keys/import', 'POST', '/keys/import', { items: [{ label: `Imported ${seed}`, type: 'SHARED', note: 'n', expires_at: '2099-01-01T00:00:00.000Z' }], node_ids: [ids.ams] },
        (first, decoded) => assert.deepEqual([decoded.imported, decoded.items[0].label, decoded.items[0].expires_at], [first.imported, first.items[0].label, first.items[0].expires_at])],
      ['POST /nodes', 'POST', '/nodes', { name: `n${seed}${run}`, hostname: `n${seed}${run}.example.net`, region: 'Oslo', note: 'new' },
        (_first, decoded) => assert.deepEqual([decoded.name, decoded.hostname, decoded.region, decoded.note], [`n${seed}r`, `n${seed}r.example.net`, 'Oslo', 'new'])],
    ];
    for (const seed of SEEDS) {
      const firstRun = cases(seed, 'f');
      for (const [i, [route, method, path, body, check]] of cases(seed, 'r').entries()) {
        const where = `seed ${seed}: ${route}`;
        reading('first');
        const first = await call(method, path, firstRun[i][3]);
        reading(seed);
        const shaped = encodeBody(seed, route, body);
        const shown = await call(method, path, shaped);
        assert.equal(shown.status, first.status, `${where}: ${shown.text}\nsent ${stringifyExact(shaped)}\nfirst ${first.text}`);
        assert.ok(first.status < 300, `${where}: ${first.text}`);
        const decoded = decodeAnswer(seed, route, shown.json());
        if (check) check(first.json(), decoded);
        else assert.deepEqual(uuids(decoded), uuids(first.json()), where);
      }
    }
  });

  it('prints the seed\'s table of choices when the command line names a random reading', async function () {
    this.timeout(20_000);
    const cli = join(__dirname, '..', '..', 'panel', 'cli.js');
    const child = spawn(process.execPath, [cli, '--dataset', 'empty', '--reading', `random:${UPSTREAM_OBJECT_SEED}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      assert.ok(JSON.parse(line).url);
      assert.match(stderr, new RegExp(`^random:${UPSTREAM_OBJECT_SEED}\\n`));
      assert.match(stderr, /\n {2}node\.site\.upstream: wrapped \{url, enabled\}/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

/** The value without the members the codec adds, at any depth. */
function stripExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripExtras);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([name]) => !['x_revision', 'meta', '_links', 'etag'].includes(name)).map(([name, item]) => [name, stripExtras(item)]));
}
