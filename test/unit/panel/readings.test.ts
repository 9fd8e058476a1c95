// The simulated panel's readings of what the spec does not show (test/panel/SHAPES.md "Readings"): the third
// reading, the other choice at every silent point, through real HTTP; the first and second unchanged on
// the routes the third reading changes; the switch per route, the suite-wide default and the CLI flag.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { READINGS, setDefaultReading, startPanel, UPSTREAM_OBJECT_SEED, wrapsUpstream, type PanelOptions, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';
import { DISPLAY_LANGUAGE_ENV, LANGUAGE_PARTS, READING_ENV, READING_PARTS, READING_PASSES, suitePasses, suiteReading, TEST_FILES_ENV } from '../../vscode/suiteReadings';

describe('simulated panel: the readings of what the spec does not show', () => {
  let panel: SimulatedPanel;
  const call = (method: string, path: string, json?: unknown) =>
    rawRequest(panel.url, { method, path: `/api/v1${path}`, token: panel.tokens.owner, json });
  const start = async (options: PanelOptions = {}) => {
    panel = await startPanel({ dataset: 'demo', ...options });
    return panel;
  };
  const nodeId = (name: string) => [...panel.data.nodes.values()].find((node) => node.name === name)!.id;
  const templateNamed = (name: string) => [...panel.data.siteTemplates.values()].find((template) => template.name === name)!;
  const keyCount = () => panel.data.keys.size;

  afterEach(() => panel?.close());

  describe('third reading', () => {
    beforeEach(() => start({ readings: { reading: 'third' } }));

    it('shows templates with variables as an object of strings, built_in, no updated_by and members never seen', async () => {
      const list = (await call('GET', '/site-templates')).json();
      assert.ok(Array.isArray(list), 'the list is a bare array');
      assert.equal(list.length, panel.data.siteTemplates.size);
      const minimal = list.find((item: { name: string }) => item.name === 'Minimal landing');
      assert.deepEqual([minimal.built_in, 'builtin' in minimal, 'updated_by' in minimal, minimal.x_revision, minimal.meta], [true, false, false, 7, { source: 'third' }]);
      const one = (await call('GET', `/site-templates/${minimal.id}`)).json();
      assert.deepEqual(one.variables, Object.fromEntries(templateNamed('Minimal landing').variables.map((v) => [v.name, v.default])));
      assert.deepEqual(Object.keys(one.variables), ['site_name', 'tagline', 'accent_color']);
      assert.deepEqual([one.id, one.name, one.built_in, 'builtin' in one, 'updated_by' in one, one.x_revision], [minimal.id, 'Minimal landing', true, false, false, 7]);
    });

    it('takes template variables on create, PUT and import only as an object of string values', async () => {
      const html = '<html><head><title>{{site_name}}</title></head><body>{{motto}}</body></html>';
      for (const variables of [[{ name: 'site_name', default: 'x' }], { site_name: 3 }, 'site_name']) {
        const refused = await call('POST', '/site-templates', { name: 'List', html, variables });
        assert.equal(refused.status, 422, JSON.stringify(variables));
        assert.deepEqual([refused.json().error.code, refused.json().error.fields.variables], ['validation', 'must be an object of string values']);
      }
      const made = await call('POST', '/site-templates', { name: 'Object', html, variables: { site_name: 'Cafe', motto: 'Fresh' } });
      assert.equal(made.status, 201);
      assert.deepEqual([made.json().variables, made.json().built_in, 'updated_by' in made.json()], [{ site_name: 'Cafe', motto: 'Fresh' }, false, false]);
      assert.deepEqual(panel.data.siteTemplates.get(made.json().id)!.variables, [{ name: 'site_name', default: 'Cafe' }, { name: 'motto', default: 'Fresh' }]);

      const put = await call('PUT', `/site-templates/${made.json().id}`, { variables: { motto: 'Hot' }, x_revision: 7, meta: { source: 'third' } });
      assert.equal(put.status, 200, 'the members only the third reading shows are taken back');
      assert.deepEqual([put.json().variables, put.json().version], [{ motto: 'Hot' }, 2]);
      const putList = await call('PUT', `/site-templates/${made.json().id}`, { variables: [{ name: 'motto', default: 'x' }] });
      assert.deepEqual([putList.status, putList.json().error.fields.variables], [422, 'must be an object of string values']);
      assert.equal((await call('PUT', `/site-templates/${made.json().id}`, { builtin: false })).status, 400, 'other members are refused as in the first reading');

      const imported = await call('POST', '/site-templates/import', { format: 'site-template/1', html, variables: { site_name: 'Imported' } });
      assert.deepEqual([imported.status, imported.json().variables], [201, { site_name: 'Imported' }]);
      assert.equal((await call('POST', '/site-templates/import', { html, variables: [{ name: 'a' }] })).status, 422);
    });

    it('validates against the keys of a variables object, placeholders of html and css at their lines', async () => {
      const html = '<html><head><title>{{site_name}}</title></head>\n<body>\n<p>{{motto}}</p>\n</body></html>';
      const css = 'body { margin: 0 }\nh1 { color: {{accent}} }';
      const answer = await call('POST', '/site-templates/validate', { html, css, variables: { site_name: 'Cafe' } });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json(), {
        valid: false,
        errors: [{ line: 3, message: 'unknown placeholder {{motto}}' }, { field: 'css', line: 2, message: 'unknown placeholder {{accent}}' }],
      });
      assert.deepEqual((await call('POST', '/site-templates/validate', { html, css, variables: { site_name: '', motto: '', accent: '' } })).json(), { valid: true, errors: [] });
      for (const variables of [[{ name: 'site_name', default: '' }], 'site_name', null]) {
        const refused = await call('POST', '/site-templates/validate', { html, variables });
        assert.deepEqual([refused.status, refused.json().error.fields?.variables], [422, 'must be an object'], JSON.stringify(variables));
      }
      const html2 = '<html><head><title>t</title></head><body><div></body></html>';
      assert.ok((await call('POST', '/site-templates/validate', { html: html2 })).json().errors.some((e: { message: string }) => /<div> is not closed/.test(e.message)));
    });

    it('customizes with a variables object: the copy keeps html and css and declares the variables sent and the others', async () => {
      const source = templateNamed('Minimal landing');
      const before = panel.data.siteTemplates.size;
      const values = await call('POST', `/site-templates/${source.id}/customize`, { name: 'Cafe', values: { site_name: 'Cafe' } });
      assert.deepEqual([values.status, values.json().error.code, values.json().error.message], [400, 'unknown_field', 'unknown field: values']);
      for (const variables of [[{ name: 'site_name', default: 'Cafe' }], { site_name: 1 }]) {
        const refused = await call('POST', `/site-templates/${source.id}/customize`, { name: 'Cafe', variables });
        assert.deepEqual([refused.status, refused.json().error.fields.variables], [422, 'must be an object of string values']);
      }
      assert.equal(panel.data.siteTemplates.size, before, 'no copy from a refused body');
      const copy = await call('POST', `/site-templates/${source.id}/customize`, { name: 'Cafe', variables: { site_name: 'Cafe', opening: '9-5' } });
      assert.equal(copy.status, 201);
      assert.deepEqual([copy.json().html, copy.json().css, copy.json().built_in], [source.html, source.css, false]);
      assert.deepEqual(copy.json().variables, { site_name: 'Cafe', tagline: source.variables[1].default, accent_color: source.variables[2].default, opening: '9-5' });
      assert.equal(panel.data.siteTemplates.size, before + 1, 'exactly one copy');
    });

    it('imports users only from entries that carry their own node_ids, answering {data, count}', async () => {
      const before = keyCount();
      const topLevel = await call('POST', '/keys/import', { items: [{ label: 'ann', type: 'PERSONAL' }], node_ids: [nodeId('ams-1')] });
      assert.deepEqual([topLevel.status, topLevel.json().error.code, topLevel.json().error.message], [400, 'unknown_field', 'unknown field: node_ids']);
      const noNodes = await call('POST', '/keys/import', { items: [{ label: 'ann', type: 'PERSONAL' }] });
      assert.deepEqual([noNodes.status, Object.keys(noNodes.json().error.fields)], [422, ['items[0].node_ids']]);
      const unknownNode = await call('POST', '/keys/import', { items: [{ label: 'ann', type: 'PERSONAL', node_ids: ['00000000-0000-4000-8000-000000000000'] }] });
      assert.match(unknownNode.json().error.fields['items[0].node_ids'], /unknown node/);
      assert.equal((await call('POST', '/keys/import', { items: [] })).status, 422);
      const many = Array.from({ length: 101 }, (_, i) => ({ label: `u${i}`, type: 'SHARED', node_ids: [nodeId('ams-1')] }));
      assert.equal((await call('POST', '/keys/import', { items: many })).status, 422);
      assert.equal(keyCount(), before, 'nothing created by a refused import');

      const done = await call('POST', '/keys/import', {
        items: [
          { label: 'ann', type: 'PERSONAL', node_ids: [nodeId('ams-1')], note: 'n', owner_label: 'Ann' },
          { label: 'bob', type: 'SHARED', node_ids: [nodeId('fra-2'), nodeId('hel-3')] },
        ],
      });
      assert.equal(done.status, 201);
      assert.deepEqual([Object.keys(done.json()).sort(), done.json().count], [['count', 'data'], 2]);
      const [ann, bob] = done.json().data;
      assert.deepEqual([ann.label, ann.owner_label, ann.note, ann.nodes.map((n: { node_name: string }) => n.node_name)], ['ann', 'Ann', 'n', ['ams-1']]);
      assert.deepEqual(bob.nodes.map((n: { node_name: string }) => n.node_name), ['fra-2', 'hel-3']);
      assert.equal(keyCount(), before + 2);
    });

    it('answers a batch as a bare array and refuses other top-level members', async () => {
      const before = keyCount();
      const refused = await call('POST', '/keys/batch', { items: [{ label: 'a', type: 'PERSONAL', node_ids: [nodeId('ams-1')] }], node_ids: [nodeId('ams-1')] });
      assert.deepEqual([refused.status, refused.json().error.code], [400, 'unknown_field']);
      const noNodes = await call('POST', '/keys/batch', { items: [{ label: 'a', type: 'PERSONAL' }] });
      assert.deepEqual([noNodes.status, Object.keys(noNodes.json().error.fields)], [422, ['items[0].node_ids']]);
      const made = await call('POST', '/keys/batch', { items: [{ label: 'a', type: 'PERSONAL', node_ids: [nodeId('ams-1')] }, { label: 'b', type: 'SHARED', node_ids: [nodeId('fra-2')] }] });
      assert.equal(made.status, 201);
      assert.ok(Array.isArray(made.json()));
      assert.deepEqual(made.json().map((key: { label: string }) => key.label), ['a', 'b']);
      assert.equal(keyCount(), before + 2);
    });

    it('changes users in bulk from {operation, key_ids}, answering done and failed', async () => {
      const [first, second] = [...panel.data.keys.values()].filter((key) => key.status !== 'revoked' && key.disabled_at === null);
      const revoked = [...panel.data.keys.values()].find((key) => key.status === 'revoked')!;
      const old = await call('POST', '/keys/bulk', { action: 'disable', ids: [first.id] });
      assert.deepEqual([old.status, old.json().error.code, old.json().error.message], [400, 'unknown_field', 'unknown fields: action, ids']);
      assert.equal(first.disabled_at, null, 'nothing changed by a refused body');
      const missing = '00000000-0000-4000-8000-000000000000';
      const answer = await call('POST', '/keys/bulk', { operation: 'disable', key_ids: [first.id, second.id, revoked.id, missing] });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.json(), {
        operation: 'disable',
        done: [first.id, second.id],
        failed: [{ key_id: revoked.id, error: 'key_revoked' }, { key_id: missing, error: 'not_found' }],
      });
      assert.ok(first.disabled_at && second.disabled_at);
      const wrong = await call('POST', '/keys/bulk', { operation: 'pause', key_ids: [] });
      assert.deepEqual([wrong.status, Object.keys(wrong.json().error.fields).sort()], [422, ['key_ids', 'operation']]);
    });

    it('summarises users in another shape with the panel\'s true figures', async () => {
      const summary = (await call('GET', '/keys/summary')).json();
      assert.deepEqual(Object.keys(summary), ['count', 'states', 'types']);
      panel.readings.set('first', ['GET /keys/summary']);
      const first = (await call('GET', '/keys/summary')).json();
      assert.equal(summary.count, first.total);
      assert.equal(summary.count, keyCount());
      assert.deepEqual(summary.states, Object.entries(first.by_state).map(([state, count]) => ({ state, count })));
      assert.deepEqual(summary.types, [{ type: 'PERSONAL', count: first.by_type.PERSONAL }, { type: 'SHARED', count: first.by_type.SHARED }]);
      for (const state of ['active', 'disabled']) {
        const listed = (await call('GET', `/keys?state=${state}&per_page=1`)).json().total;
        assert.equal(summary.states.find((entry: { state: string }) => entry.state === state).count, listed, state);
      }
    });

    it('answers the lists the spec does not show bare or under data, and those it shows as it shows them', async () => {
      const alerts = (await call('GET', '/alerts')).json();
      assert.deepEqual(Object.keys(alerts), ['data', 'unresolved_count']);
      assert.equal(alerts.unresolved_count, panel.data.alerts.filter((alert) => !alert.resolved).length);
      assert.equal(alerts.data.length, panel.data.alerts.length);
      const alert = alerts.data[0];
      assert.deepEqual([typeof alert.level, 'severity' in alert, 'title' in alert, typeof alert.message, ['bigint', 'number'].includes(typeof alert.id), alert.x_revision], ['string', false, false, 'string', true, 7]);
      const resolved = (await call('POST', `/alerts/${alert.id}/resolve`)).json();
      assert.deepEqual([resolved.id, resolved.level, resolved.resolved, 'title' in resolved], [alert.id, alert.level, true, false]);
      const many = (await call('POST', '/alerts/resolve', { ids: [alerts.data[1].id] })).json();
      assert.deepEqual([many.resolved, 'level' in many.items[0], 'severity' in many.items[0]], [1, true, false]);

      const profiles = (await call('GET', '/branding/profiles')).json();
      assert.deepEqual(Object.keys(profiles), ['data']);
      assert.equal(profiles.data.filter((profile: { is_active: boolean }) => profile.is_active).length, 1);
      assert.ok(profiles.data.every((profile: object) => !('active' in profile) && 'x_revision' in profile));
      const inactive = profiles.data.find((profile: { is_active: boolean }) => !profile.is_active);
      const activated = (await call('POST', `/branding/profiles/${inactive.id}/activate`)).json();
      assert.deepEqual([activated.id, activated.is_active, 'active' in activated], [inactive.id, true, false]);
      const live = (await call('GET', '/branding/profiles?live=1')).json();
      assert.deepEqual(live.data.map((profile: { id: string }) => profile.id), [inactive.id]);

      const started = await call('POST', '/fleet/updates', { node_ids: [nodeId('ams-1')] });
      assert.deepEqual([started.status, started.json().x_revision], [202, 7]);
      const updates = (await call('GET', '/fleet/updates')).json();
      assert.ok(Array.isArray(updates));
      assert.deepEqual([updates[0].id, updates[0].meta], [started.json().id, { source: 'third' }]);

      const audit = (await call('GET', '/audit?per_page=2')).json();
      assert.deepEqual(Object.keys(audit), ['data', 'total', 'page', 'per_page']);
      assert.deepEqual([audit.data.length, audit.per_page, audit.data[0].x_revision], [Math.min(2, audit.total), 2, 7]);

      const ams = nodeId('ams-1');
      for (const path of [`/nodes/${ams}/probes`, `/nodes/${ams}/profiles`, `/nodes/${ams}/web/carriers`, '/monitoring/web/carriers']) {
        const answer = (await call('GET', path)).json();
        assert.ok(Array.isArray(answer.data) && answer.data.length > 0 && !('items' in answer), path);
      }
      const key = [...panel.data.keys.values()].find((candidate) => candidate.bindings.length > 0)!;
      const links = (await call('GET', `/keys/${key.id}/links`)).json();
      assert.deepEqual([links.key_id, links.data.length, 'items' in links], [key.id, key.bindings.length, false]);

      // The shapes the spec gives stay.
      const keys = (await call('GET', '/keys?per_page=3')).json();
      assert.deepEqual([Object.keys(keys), keys.items.length], [['items', 'total', 'page', 'per_page'], 3]);
      const nodes = (await call('GET', '/nodes')).json();
      assert.deepEqual([Object.keys(nodes), nodes.total], [['items', 'total'], panel.data.nodes.size]);
      assert.deepEqual([nodes.items[0].name, typeof nodes.items[0].dirty, nodes.items[0].x_revision, nodes.items[0].meta], ['ams-1', 'boolean', 7, { source: 'third' }]);
      assert.equal((await call('GET', `/nodes/${ams}`)).json().x_revision, 7);
      assert.ok(Array.isArray((await call('GET', `/nodes/${ams}/jobs`)).json()), 'the job list stays a list');
    });

    it('shows settings with members never seen and takes them back unchanged in a PUT', async () => {
      const settings = (await call('GET', '/settings')).json();
      assert.deepEqual([settings.panel_name, settings.x_revision, settings.meta], [panel.data.settings.panel_name, 7, { source: 'third' }]);
      const put = await call('PUT', '/settings', { ...settings, panel_name: 'Echoed' });
      assert.deepEqual([put.status, put.json().panel_name, put.json().x_revision], [200, 'Echoed', 7]);
      assert.equal(panel.data.settings.panel_name, 'Echoed');
      assert.ok(!('x_revision' in panel.data.settings), 'the panel keeps them to itself');
      assert.equal((await call('PUT', '/settings', { base_url: 'https://x.example' })).status, 400);
    });
  });

  it('plays a route in another reading when its options or the switch say so', async () => {
    await start({ readings: { reading: 'third', routes: { 'GET /alerts': 'first', 'POST /keys/import': 'second' } } });
    assert.ok('items' in (await call('GET', '/alerts')).json(), 'the route override wins');
    const imported = await call('POST', '/keys/import', { items: [{ label: 'ann', type: 'PERSONAL' }], node_ids: [nodeId('ams-1')] });
    assert.deepEqual([imported.status, imported.json().imported], [201, 1], 'the second reading imports as the first');
    assert.ok(Array.isArray((await call('GET', '/site-templates')).json()));
    panel.readings.set('first');
    assert.deepEqual(Object.keys((await call('GET', '/site-templates')).json()), ['items', 'total']);
    panel.readings.set('third', ['GET /site-templates']);
    assert.ok(Array.isArray((await call('GET', '/site-templates')).json()));
  });

  for (const reading of READINGS.filter((name) => name !== 'third')) {
    it(`${reading} reading: the routes the third reading changes answer and take what they always did`, async () => {
      await start({ readings: { reading } });
      const templates = (await call('GET', '/site-templates')).json();
      assert.deepEqual([templates.total, 'builtin' in templates.items[0], 'updated_by' in templates.items[0], 'x_revision' in templates.items[0]], [panel.data.siteTemplates.size, true, true, false]);
      const minimal = templateNamed('Minimal landing');
      const one = (await call('GET', `/site-templates/${minimal.id}`)).json();
      assert.deepEqual(one.variables, minimal.variables);
      const html = '<html><head><title>t</title></head><body></body></html>';
      assert.equal((await call('POST', '/site-templates', { name: 'L', html, variables: [{ name: 'a', default: '' }] })).status, 201);
      assert.equal((await call('POST', '/site-templates', { name: 'O', html, variables: { a: '' } })).status, 422);

      const imported = await call('POST', '/keys/import', { items: [{ label: 'ann', type: 'PERSONAL' }], node_ids: [nodeId('ams-1')] });
      assert.deepEqual([imported.status, imported.json().imported, imported.json().items.length], [201, 1, 1]);
      assert.equal((await call('POST', '/keys/import', { items: [{ label: 'bob', type: 'PERSONAL', node_ids: [nodeId('ams-1')] }] })).status, 422);
      const batch = (await call('POST', '/keys/batch', { items: [{ label: 'c', type: 'PERSONAL', node_ids: [nodeId('ams-1')] }] })).json();
      assert.deepEqual([batch.total, batch.items.length], [1, 1]);
      const bulk = (await call('POST', '/keys/bulk', { action: 'disable', ids: [batch.items[0].id] })).json();
      assert.deepEqual([bulk.action, bulk.updated, bulk.skipped], ['disable', 1, []]);
      assert.equal((await call('POST', '/keys/bulk', { operation: 'disable', key_ids: [batch.items[0].id] })).status, 400);
      assert.deepEqual(Object.keys((await call('GET', '/keys/summary')).json()), ['total', 'by_state', 'by_type', 'online', 'devices']);

      const alerts = (await call('GET', '/alerts')).json();
      assert.deepEqual([Object.keys(alerts), typeof alerts.items[0].severity, typeof alerts.items[0].title], [['items', 'total', 'unresolved'], 'string', 'string']);
      const profiles = (await call('GET', '/branding/profiles')).json();
      assert.deepEqual([Object.keys(profiles), typeof profiles.items[0].active], [['items', 'total', 'live'], 'boolean']);
      assert.deepEqual(Object.keys((await call('GET', '/fleet/updates')).json()), ['items', 'total']);
      assert.ok(Array.isArray((await call('GET', '/audit')).json().items));
      assert.ok(Array.isArray((await call('GET', `/nodes/${nodeId('ams-1')}/probes`)).json().items));
      assert.ok(Array.isArray((await call('GET', '/monitoring/web/carriers')).json().items));
      assert.ok(!('x_revision' in (await call('GET', '/nodes')).json().items[0]));
      assert.ok(!('x_revision' in (await call('GET', '/settings')).json()));
      assert.equal((await call('PUT', '/settings', { x_revision: 7 })).status, 400);
    });
  }

  it('starts panels in the default reading set for a suite, their own options still winning', async () => {
    setDefaultReading('third');
    try {
      await start();
      assert.ok(Array.isArray((await call('GET', '/site-templates')).json()), 'the default applies');
      await panel.close();
      await start({ readings: { reading: 'first' } });
      assert.ok('items' in (await call('GET', '/site-templates')).json(), 'the panel\'s own reading wins');
      await panel.close();
      await start({ readings: { routes: { 'GET /alerts': 'first' } } });
      assert.ok('items' in (await call('GET', '/alerts')).json(), 'a route of its own wins');
      assert.ok(Array.isArray((await call('GET', '/site-templates')).json()), 'the others follow the default');
    } finally {
      setDefaultReading('first');
    }
  });

  it('plays the reading --reading names when started from the command line', async function () {
    this.timeout(20_000);
    const cli = join(__dirname, '..', '..', 'panel', 'cli.js');
    const child = spawn(process.execPath, [cli, '--dataset', 'empty', '--reading', 'third'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const { url, tokens } = JSON.parse(line) as { url: string; tokens: { owner: string } };
      const answer = await rawRequest(url, { path: '/api/v1/site-templates', token: tokens.owner });
      assert.ok(Array.isArray(answer.json()), 'the list is bare');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    const wrong = spawn(process.execPath, [cli, '--reading', 'fourth'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    wrong.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(wrong, 'exit')) as [number];
    assert.deepEqual([code, stderr.trim()], [2, 'panel: unknown reading fourth (one of first, second, third, random:<seed>)']);
  });
});

describe('the VS Code suite under each reading (test/vscode/suiteReadings.ts)', () => {
  const sourceOf = (name: string) => join(__dirname, '..', '..', '..', '..', 'test', 'vscode', `${name}.ts`);

  it('runs the whole suite, then the reading parts under the second and third readings and the random seed where a site upstream is an object', () => {
    assert.deepEqual(READING_PASSES, ['second', 'third', `random:${UPSTREAM_OBJECT_SEED}`]);
    assert.ok(wrapsUpstream(UPSTREAM_OBJECT_SEED), 'the fixed seed gives a node site\'s upstream as an object');
    const passes = suitePasses({});
    const random = `random:${UPSTREAM_OBJECT_SEED}`;
    assert.deepEqual(passes.map((pass) => pass.name), ['the suite', 'second reading', 'third reading', `${random} reading`, 'in fa', 'in zh-cn']);
    assert.deepEqual(passes.map((pass) => pass.displayLanguage), [undefined, undefined, undefined, undefined, 'fa', 'zh-cn']);
    assert.deepEqual(passes[0].env, {});
    assert.deepEqual(passes[2].env, { [READING_ENV]: 'third', [TEST_FILES_ENV]: READING_PARTS.join(',') });
    assert.deepEqual(passes[3].env, { [READING_ENV]: random, [TEST_FILES_ENV]: READING_PARTS.join(',') });
    assert.deepEqual(passes[4].env, { [DISPLAY_LANGUAGE_ENV]: 'fa', [TEST_FILES_ENV]: LANGUAGE_PARTS.join(',') });
    for (const narrowed of [{ [READING_ENV]: 'third' }, { PANEL_OPS_TEST_GREP: 'Users' }, { [TEST_FILES_ENV]: 'users.test' }, { [DISPLAY_LANGUAGE_ENV]: 'fa' }]) {
      assert.deepEqual(suitePasses(narrowed).map((pass) => pass.env), [{}], JSON.stringify(narrowed));
    }
    assert.deepEqual(suitePasses({ [DISPLAY_LANGUAGE_ENV]: 'zh-CN', [TEST_FILES_ENV]: 'languages.test' }).map((pass) => [pass.name, pass.displayLanguage]), [['in zh-cn', 'zh-cn']]);
    assert.throws(() => suitePasses({ [DISPLAY_LANGUAGE_ENV]: 'fa; rm' }), /not a language id/);
    assert.equal(suiteReading({ [READING_ENV]: 'second' }), 'second');
    assert.equal(suiteReading({}), undefined);
    assert.throws(() => suiteReading({ [READING_ENV]: 'fourth' }), /PANEL_OPS_READING=fourth: not one of first, second, third/);
  });

  it('lists only suite files that exist and start their panels in the default reading', () => {
    for (const name of READING_PARTS) {
      assert.ok(existsSync(sourceOf(name)), `${name}.ts is a file of the suite`);
      assert.doesNotMatch(readFileSync(sourceOf(name), 'utf8'), /of READINGS\b/, `${name} loops over READINGS itself: the first pass plays every reading`);
    }
    for (const name of ['users.test', 'users.create.test', 'usersTable.test', 'branding.test', 'settings.test']) assert.ok(READING_PARTS.includes(name), name);
  });
});
