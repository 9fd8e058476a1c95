import { createServer, type AddressInfo } from 'node:net';
import * as assert from 'node:assert/strict';
import { OutcomeUnknownError, PanelHttpError, PanelNetworkError } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';

/** Reads are retried after transient failures; mutations never are (spec 7.3). */
describe('client: retries', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 50 });
  const count = (method: string, path: string) =>
    fixture.panel.requests.filter((r) => r.method === method && r.path === `/api/v1${path}`).length;
  const onlineNode = () => [...fixture.panel.data.nodes.values()].find((n) => n.status === 'online')!;

  for (const status of [502, 503, 504] as const) {
    it(`retries a read after ${status} and returns the answer of the next attempt`, async () => {
      fixture.panel.inject({ kind: 'status', status, match: { method: 'GET', path: '/nodes' } });
      const nodes = await fixture.client().nodes.list();
      assert.equal(nodes.total, fixture.panel.data.nodes.size);
      assert.equal(count('GET', '/nodes'), 2);
      assert.ok(fixture.logLines.some((line) => line.startsWith('warn') && line.includes(`-> ${status}; retry 2 of 3`)));
    });
  }

  it('does not retry a read after 500', async () => {
    fixture.panel.inject({ kind: 'status', status: 500, match: { method: 'GET', path: '/nodes' } });
    await assert.rejects(fixture.client().nodes.list(), (e: unknown) => e instanceof PanelHttpError && e.status === 500);
    assert.equal(count('GET', '/nodes'), 1);
  });

  it('gives up after maxAttempts (default 3) and reports the last status', async () => {
    fixture.panel.inject({ kind: 'status', status: 503, times: 5, match: { method: 'GET', path: '/nodes' } });
    await assert.rejects(fixture.client().nodes.list(), (e: unknown) => e instanceof PanelHttpError && e.status === 503);
    assert.equal(count('GET', '/nodes'), 3);
  });

  it('honours Retry-After of a 429 before the next attempt', async () => {
    fixture.panel.inject({ kind: 'rate-limit', retryAfterSeconds: 1, match: { method: 'GET', path: '/nodes' } });
    const started = Date.now();
    await fixture.client().nodes.list();
    const waited = Date.now() - started;
    assert.ok(waited >= 950, `waited only ${waited} ms`);
    assert.equal(count('GET', '/nodes'), 2);
  });

  it('caps a long Retry-After at maxRetryAfterMs', async () => {
    fixture.panel.inject({ kind: 'rate-limit', retryAfterSeconds: 3600, match: { method: 'GET', path: '/nodes' } });
    const started = Date.now();
    await fixture.client({ retry: { maxRetryAfterMs: 100 } }).nodes.list();
    assert.ok(Date.now() - started < 5000);
    assert.equal(count('GET', '/nodes'), 2);
  });

  it('retries a read after a reset connection', async () => {
    fixture.panel.inject({ kind: 'reset', match: { method: 'GET', path: '/nodes' } });
    const nodes = await fixture.client().nodes.list();
    assert.ok(nodes.items.length > 0);
    assert.equal(count('GET', '/nodes'), 2);
  });

  for (const status of [502, 503, 504] as const) {
    it(`never retries a POST after ${status}`, async () => {
      fixture.panel.inject({ kind: 'status', status, times: 3, match: { method: 'POST', path: '/keys' } });
      await assert.rejects(
        fixture.client().keys.create({ label: 'no-retry', type: 'PERSONAL', node_ids: [onlineNode().id] }),
        (e: unknown) => e instanceof PanelHttpError && e.status === status,
      );
      assert.equal(count('POST', '/keys'), 1);
    });
  }

  it('never retries a POST after 429', async () => {
    fixture.panel.inject({ kind: 'rate-limit', retryAfterSeconds: 0, match: { method: 'POST' } });
    await assert.rejects(fixture.client().nodes.apply(onlineNode().id), (e: unknown) => e instanceof PanelHttpError && e.status === 429);
    assert.equal(fixture.panel.requests.filter((r) => r.method === 'POST').length, 1);
  });

  it('a reset connection during a POST is OutcomeUnknownError, sent once', async () => {
    fixture.panel.inject({ kind: 'reset', match: { method: 'POST', path: '/keys' } });
    const error = await fixture
      .client()
      .keys.create({ label: 'reset-post', type: 'PERSONAL', node_ids: [onlineNode().id] })
      .then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.equal(count('POST', '/keys'), 1);
  });

  it('a panel that cannot be reached is a network error after the read retries', async () => {
    // A port nothing listens on (port 1 is on fetch's list of blocked ports, refused before connecting).
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const url = fixture.panel.url.replace(/:\d+$/, `:${port}`);
    const error = await fixture.client({ baseUrl: url }).nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelNetworkError, String(error));
    assert.equal(error.code, 'ECONNREFUSED');
    assert.equal(fixture.logLines.filter((line) => line.includes('failed (') && line.includes('retry')).length >= 2, true);
  });
});
