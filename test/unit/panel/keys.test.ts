import * as assert from 'node:assert/strict';
import { startPanel, type SimulatedPanel } from '../../panel';
import { HOSTILE } from '../../panel/datasets/demo';
import { rawRequest } from '../../panel/rawRequest';

describe('simulated panel: /keys (spec 2.1, 2.2, 3, 4.1)', () => {
  let panel: SimulatedPanel;
  const as = (token: string) => ({
    get: (path: string) => rawRequest(panel.url, { path: `/api/v1${path}`, token }),
    post: (path: string, json?: unknown) => rawRequest(panel.url, { method: 'POST', path: `/api/v1${path}`, token, json }),
  });
  const owner = () => as(panel.tokens.owner);
  const keys = () => [...panel.data.keys.values()];
  const nodeNamed = (name: string) => [...panel.data.nodes.values()].find((n) => n.name === name)!;

  beforeEach(async () => {
    panel = await startPanel({ dataset: 'demo', jobStepMs: 20 });
  });
  afterEach(() => panel.close());

  it('pages with {items, total, page, per_page} and falls back on out-of-range values', async () => {
    const total = panel.data.keys.size;
    const page = (await owner().get('/keys?page=2&per_page=7')).json();
    assert.deepEqual([page.items.length, page.total, page.page, page.per_page], [7, total, 2, 7]);
    for (const query of ['per_page=0', 'per_page=201', 'per_page=abc', 'per_page=-5']) {
      assert.equal((await owner().get(`/keys?${query}`)).json().per_page, 50, query);
    }
    for (const query of ['page=0', 'page=-1', 'page=x']) assert.equal((await owner().get(`/keys?${query}`)).json().page, 1, query);
    const beyond = (await owner().get('/keys?page=99')).json();
    assert.deepEqual([beyond.items.length, beyond.total], [0, total]);
  });

  it('walks every key exactly once when fetching pages until total is reached', async () => {
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const body = (await owner().get(`/keys?per_page=9&page=${page}`)).json();
      body.items.forEach((k: { id: string }) => seen.add(k.id));
      if (body.items.length === 0 || seen.size >= body.total) break;
    }
    assert.equal(seen.size, panel.data.keys.size);
  });

  it('covers every key state and both types in the demo data, and filters by each', async () => {
    for (const state of ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked']) {
      const body = (await owner().get(`/keys?state=${state}&per_page=200`)).json();
      assert.ok(body.total >= 2, `${state}: ${body.total}`);
      assert.ok(body.items.every((k: { state: string }) => k.state === state), state);
    }
    for (const type of ['PERSONAL', 'SHARED']) {
      const body = (await owner().get(`/keys?type=${type}&per_page=200`)).json();
      assert.ok(body.total > 0 && body.items.every((k: { type: string }) => k.type === type), type);
    }
    const revoked = (await owner().get('/keys?status=revoked&per_page=200')).json();
    assert.ok(revoked.total > 0 && revoked.items.every((k: { status: string }) => k.status === 'revoked'));
    const node = nodeNamed('hel-3');
    const onNode = (await owner().get(`/keys?node=${node.id}&per_page=200`)).json();
    assert.equal(onNode.total, keys().filter((k) => k.bindings.some((b) => b.node_id === node.id)).length);
    assert.ok(onNode.items.every((k: { nodes: { node_id: string }[] }) => k.nodes.some((n) => n.node_id === node.id)));
  });

  it('answers 422 to a filter value outside its set', async () => {
    const res = await owner().get('/keys?state=sleeping&node=not-a-uuid');
    assert.equal(res.status, 422);
    assert.deepEqual(Object.keys(res.json().error.fields).sort(), ['node', 'state']);
  });

  it('searches subscription slugs only for tokens with users:write (rule 4.1.2)', async () => {
    const withSlug = keys().find((k) => k.sub_slug)!;
    const full = (await owner().get(`/keys?q=${withSlug.sub_slug}`)).json();
    assert.deepEqual(full.items.map((k: { id: string }) => k.id), [withSlug.id]);
    const readOnly = (await as(panel.tokens.readOnly).get(`/keys?q=${withSlug.sub_slug}`)).json();
    assert.equal(readOnly.total, 0);
    const byLabel = (await as(panel.tokens.readOnly).get(`/keys?q=${encodeURIComponent('FIELD ENGINEERS')}`)).json();
    assert.equal(byLabel.total, 1);
  });

  it('gives read-only tokens no secret, subscription URL, slug or proxy links', async () => {
    const item = (await as(panel.tokens.readOnly).get('/keys?per_page=200')).json().items;
    for (const key of item) {
      for (const hidden of ['secret', 'subscription_short_url', 'sub_slug', 'links']) assert.ok(!(hidden in key), `${hidden} of ${key.id}`);
    }
    const one = (await as(panel.tokens.viewer).get(`/keys/${keys()[0].id}`)).json();
    assert.ok(!('secret' in one));
    const full = (await owner().get(`/keys/${keys()[0].id}`)).json();
    assert.equal(full.secret, keys()[0].secret);
    assert.ok(Array.isArray(full.links) && full.links[0].tg.startsWith('tg://proxy?'));
  });

  it('keeps the hostile demo values intact', async () => {
    const labels = (await owner().get('/keys?per_page=200')).json().items.map((k: { label: string }) => k.label);
    for (const value of [HOSTILE.html, HOSTILE.commandLink, HOSTILE.controlCharacters, HOSTILE.long, HOSTILE.rtl]) assert.ok(labels.includes(value));
    assert.equal(HOSTILE.long.length, 10_000);
    assert.ok(keys().some((k) => k.note === null));
  });

  it('creates a key with 201: pending, bound nodes dirty with profile_sync pending, audited with the token id', async () => {
    const node = nodeNamed('ams-1');
    assert.equal(node.dirty, false);
    const res = await owner().post('/keys', { label: 'New hire', type: 'PERSONAL', node_ids: [node.id], expires_at: null });
    assert.equal(res.status, 201);
    const key = res.json();
    assert.deepEqual([key.label, key.state, key.status, key.nodes[0].profile_sync], ['New hire', 'pending', 'pending', 'pending']);
    assert.match(key.secret, /^ee[0-9a-f]{32}$/);
    assert.equal(node.dirty, true);
    const entry = panel.data.audit[panel.data.audit.length - 1];
    const ownerTokenId = panel.data.tokens[0].id;
    assert.deepEqual([entry.action, entry.actor, entry.api_token_id, entry.target.id], ['keys.create', 'owner', ownerTokenId, key.id]);
  });

  it('answers 422 with the spec example when no node is bound, and names each bad field', async () => {
    const res = await owner().post('/keys', { label: 'x', type: 'PERSONAL', node_ids: [] });
    assert.equal(res.status, 422);
    assert.deepEqual(res.json(), { error: { code: 'validation', message: 'invalid input', fields: { node_ids: 'at least one node must be bound' } } });
    const bad = (await owner().post('/keys', { type: 'personal', node_ids: ['nope'], expires_at: '2001-01-01T00:00:00Z' })).json().error.fields;
    assert.deepEqual(Object.keys(bad).sort(), ['expires_at', 'label', 'node_ids', 'type']);
    assert.match(bad.expires_at, /future/);
    const notRfc = (await owner().post('/keys', { label: 'x', type: 'SHARED', node_ids: [nodeNamed('ams-1').id], expires_at: 'next week' })).json();
    assert.match(notRfc.error.fields.expires_at, /RFC 3339/);
  });

  it('answers 400 to unknown fields and malformed JSON, creating nothing', async () => {
    const before = panel.data.keys.size;
    const unknown = await owner().post('/keys', { label: 'x', type: 'SHARED', node_ids: [nodeNamed('ams-1').id], note: 'not allowed on create' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json().error.code, 'unknown_field');
    assert.match(unknown.json().error.message, /note/);
    const malformed = await rawRequest(panel.url, { method: 'POST', path: '/api/v1/keys', token: panel.tokens.owner, headers: { 'Content-Type': 'application/json' }, body: '{"label": "x",' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json().error.code, 'malformed_json');
    assert.equal(panel.data.keys.size, before);
  });

  it('answers 404 for an absent key and for an id that is not a uuid', async () => {
    assert.equal((await owner().get('/keys/00000000-0000-4000-8000-000000000000')).status, 404);
    const malformed = await owner().post('/keys/not-a-uuid/disable');
    assert.equal(malformed.status, 404);
    assert.equal(malformed.json().error.code, 'not_found');
  });

  it('disables and enables with 200; enabling keeps an expired date and refuses a revoked key with 409', async () => {
    const active = keys().find((k) => k.status === 'active' && !k.disabled_at && !k.expires_at)!;
    const disabled = await owner().post(`/keys/${active.id}/disable`);
    assert.deepEqual([disabled.status, disabled.json().state], [200, 'disabled']);
    const enabled = await owner().post(`/keys/${active.id}/enable`);
    assert.deepEqual([enabled.status, enabled.json().state], [200, 'active']);

    const expired = keys().find((k) => k.expires_at && Date.parse(k.expires_at) < Date.now() && k.status !== 'revoked' && !k.disabled_at)!;
    const stillExpired = (await owner().post(`/keys/${expired.id}/enable`)).json();
    assert.deepEqual([stillExpired.state, stillExpired.expires_at], ['expired', expired.expires_at]);

    const revoked = keys().find((k) => k.status === 'revoked')!;
    for (const action of ['enable', 'rotate', 'disable']) {
      const res = await owner().post(`/keys/${revoked.id}/${action}`);
      assert.equal(res.status, 409, action);
      assert.equal(res.json().error.code, 'key_revoked');
    }
  });

  it('patches the allowed fields only and can clear a note or an expiry', async () => {
    const key = keys().find((k) => k.status === 'active' && k.expires_at && Date.parse(k.expires_at) > Date.now() + 8 * 86_400_000)!;
    const patch = (json: unknown) => rawRequest(panel.url, { method: 'PATCH', path: `/api/v1/keys/${key.id}`, token: panel.tokens.owner, json });
    const res = await patch({ label: 'Renamed', note: null, expires_at: null });
    assert.equal(res.status, 200);
    assert.deepEqual([res.json().label, res.json().note, res.json().expires_at], ['Renamed', null, null]);
    assert.equal((await patch({ secret: 'mine' })).status, 400);
    assert.deepEqual(Object.keys((await patch({ label: '', carrier_mode: 'warp' })).json().error.fields).sort(), ['carrier_mode', 'label']);
  });

  it('creates many keys in a batch or an import, and changes many in bulk, skipping revoked keys', async () => {
    const node = nodeNamed('sgp-6').id;
    const batch = await owner().post('/keys/batch', { items: [{ label: 'B1', type: 'PERSONAL', node_ids: [node] }, { label: 'B2', type: 'SHARED', node_ids: [node] }] });
    assert.deepEqual([batch.status, batch.json().total], [201, 2]);
    const badBatch = await owner().post('/keys/batch', { items: [{ label: 'B3', type: 'PERSONAL', node_ids: [] }] });
    assert.equal(badBatch.json().error.fields['items[0].node_ids'], 'at least one node must be bound');
    const imported = await owner().post('/keys/import', { items: [{ label: 'I1', type: 'PERSONAL', note: 'from CSV' }], node_ids: [node] });
    assert.deepEqual([imported.status, imported.json().items[0].note], [201, 'from CSV']);
    const revoked = keys().find((k) => k.status === 'revoked')!;
    const ids = batch.json().items.map((k: { id: string }) => k.id).concat(revoked.id);
    const bulk = (await owner().post('/keys/bulk', { action: 'disable', ids })).json();
    assert.equal(bulk.updated, 2);
    assert.deepEqual(bulk.skipped, [{ id: revoked.id, reason: 'key_revoked' }]);
    assert.ok(ids.slice(0, 2).every((id: string) => panel.data.keys.get(id)!.disabled_at));
  });

  it('marks profiles synced and the key active once an apply on its node succeeds', async () => {
    const node = nodeNamed('ams-1');
    const key = (await owner().post('/keys', { label: 'Sync me', type: 'SHARED', node_ids: [node.id] })).json();
    assert.equal((await rawRequest(panel.url, { method: 'POST', path: `/api/v1/nodes/${node.id}/apply`, token: panel.tokens.owner })).status, 202);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const after = (await owner().get(`/keys/${key.id}`)).json();
    assert.deepEqual([after.status, after.state, after.nodes[0].profile_sync], ['active', 'active', 'synced']);
  });
});
