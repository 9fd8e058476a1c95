import * as assert from 'node:assert/strict';
import {
  OutcomeUnknownError, PanelHttpError, PanelResponseFormatError, isScopeDenied, isTokenRejected,
} from '../../../src/api';
import { transientFailure } from '../../../src/api/transientFailure';
import { usePanel } from '../support/clientPanelHooks';

/** Part 7: every status the panel can answer becomes the right value or error. */
describe('client: statuses of part 7 against the simulated panel', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 50 });
  const api = () => fixture.client({ retry: { maxAttempts: 1 } });
  const anyNode = () => [...fixture.panel.data.nodes.values()].find((n) => n.status === 'online')!;
  const offlineNode = () => [...fixture.panel.data.nodes.values()].find((n) => n.status === 'offline');

  it('200: a read returns the parsed object', async () => {
    const page = await api().keys.list({ per_page: 5 });
    assert.equal(page.items.length, 5);
    assert.equal(page.total, fixture.panel.data.keys.size);
  });

  it('201: create returns the new key, which exists in the panel', async () => {
    const key = await api().keys.create({ label: 'status-201', type: 'PERSONAL', node_ids: [anyNode().id] });
    assert.equal(key.label, 'status-201');
    assert.ok(fixture.panel.data.keys.has(key.id));
  });

  it('202: apply returns {queued: true}', async () => {
    assert.deepEqual(await api().nodes.apply(anyNode().id), { queued: true });
  });

  it('204: deleting a branding profile resolves without a value', async () => {
    const created = await api().branding.profiles.create('to delete');
    const id = String(created.id);
    assert.equal(await api().branding.profiles.delete(id), undefined);
    assert.equal(fixture.panel.requests.at(-1)?.status, 204);
    assert.ok(!fixture.panel.data.brandingProfiles.has(id));
  });

  it('400: an unknown JSON field is a PanelHttpError with status 400', async () => {
    const error = await api()
      .call('POST', '/keys', { body: { label: 'x', type: 'PERSONAL', node_ids: [anyNode().id], colour: 'red' } })
      .then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.equal(error.status, 400);
    assert.equal(error.route?.id, 'keys.create');
  });

  it('401: a revoked, expired or unknown token is rejected, and isTokenRejected says so', async () => {
    for (const token of [fixture.panel.tokens.revoked, fixture.panel.tokens.expired, `pmt_${'0'.repeat(40)}`]) {
      const error = await fixture.client({ token }).nodes.list().then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof PanelHttpError, String(error));
      assert.equal(error.status, 401);
      assert.ok(isTokenRejected(error));
      assert.ok(!isScopeDenied(error));
    }
  });

  it('403: a missing scope names the scope the route needs', async () => {
    const key = [...fixture.panel.data.keys.values()][0];
    const error = await fixture.client({ token: fixture.panel.tokens.readOnly }).keys.links(key.id).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.equal(error.status, 403);
    assert.ok(isScopeDenied(error));
    assert.equal(error.requiredScope, 'users:write');
    assert.equal(error.route?.id, 'keys.links');
    assert.match(error.message, /needs users:write/);
  });

  it('404: an unknown key id', async () => {
    const error = await api().keys.get('00000000-0000-4000-8000-000000000000').then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.equal(error.status, 404);
    assert.ok(error.code);
  });

  it('409: enabling a revoked key is a conflict', async () => {
    const revoked = [...fixture.panel.data.keys.values()].find((k) => k.status === 'revoked');
    assert.ok(revoked, 'the demo data set has a revoked key');
    const error = await api().keys.enable(revoked.id).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.equal(error.status, 409);
  });

  it('422: validation errors carry the fields', async () => {
    const error = await api().keys.create({ label: 'x', type: 'PERSONAL', node_ids: [] }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.equal(error.status, 422);
    assert.equal(error.code, 'validation');
    assert.ok(error.fields?.node_ids, JSON.stringify(error.fields));
    assert.match(error.message, /node_ids/);
  });

  for (const status of [500, 502, 503, 504] as const) {
    it(`${status}: a server failure is a PanelHttpError with that status`, async () => {
      fixture.panel.inject({ kind: 'status', status, match: { method: 'GET', path: '/nodes' } });
      const error = await api().nodes.list().then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof PanelHttpError, String(error));
      assert.equal(error.status, status);
      assert.equal(error.route?.id, 'nodes.list');
    });
  }

  it('503: an offline node answers a live operation with 503', async () => {
    const node = offlineNode();
    assert.ok(node, 'the demo data set has an offline node');
    const error = await api().nodes.restart(node.id).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.equal(error.status, 503);
  });

  it('an HTML error page from a reverse proxy is a format error naming status and content type', async () => {
    fixture.panel.inject({ kind: 'html', status: 502, match: { path: '/nodes' } });
    const error = await api().nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelResponseFormatError, String(error));
    assert.equal(error.status, 502);
    assert.match(error.contentType, /text\/html/);
    assert.match(error.message, /502/);
    assert.match(error.message, /text\/html/);
    assert.match(error.message, /HTML/);
  });

  it('a reverse proxy\'s HTML 429 or 503 page keeps its Retry-After, which paging reads', async () => {
    for (const status of [429, 503]) {
      fixture.panel.inject({ kind: 'html', status, retryAfterSeconds: 7, match: { path: '/nodes' } });
      const error = await api().nodes.list().then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof PanelResponseFormatError, String(error));
      assert.equal(error.status, status);
      assert.equal(error.retryAfterMs, 7000);
      assert.deepEqual(transientFailure(error), { rateLimited: status === 429, retryAfterMs: 7000 });
    }
  });

  it('an empty body where JSON is due is a format error', async () => {
    fixture.panel.inject({ kind: 'empty-body', status: 200, match: { path: '/nodes' } });
    const error = await api().nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelResponseFormatError, String(error));
    assert.equal(error.status, 200);
    assert.match(error.message, /empty/);
  });

  it('malformed JSON is a format error, not a crash', async () => {
    fixture.panel.inject({ kind: 'malformed-json', match: { path: '/nodes' } });
    const error = await api().nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelResponseFormatError, String(error));
    assert.match(error.message, /malformed JSON/);
    assert.match(error.message, /application\/json/);
  });

  it('a lost answer to a mutation is OutcomeUnknownError, and the change did happen', async () => {
    fixture.panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: '/keys' } });
    const before = fixture.panel.data.keys.size;
    const error = await api()
      .keys.create({ label: 'lost-answer', type: 'SHARED', node_ids: [anyNode().id] })
      .then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.equal(error.route?.id, 'keys.create');
    assert.match(error.message, /re-read/);
    assert.equal(fixture.panel.data.keys.size, before + 1);
    assert.ok([...fixture.panel.data.keys.values()].some((k) => k.label === 'lost-answer'));
    assert.equal(fixture.panel.requests.filter((r) => r.method === 'POST').length, 1);
  });
});
