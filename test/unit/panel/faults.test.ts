import * as assert from 'node:assert/strict';
import { startPanel, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';

describe('simulated panel: injected faults', () => {
  let panel: SimulatedPanel;
  const nodes = () => rawRequest(panel.url, { path: '/api/v1/nodes', token: panel.tokens.owner });
  const nodeId = () => [...panel.data.nodes.keys()][0];
  const createKey = (label: string) =>
    rawRequest(panel.url, { method: 'POST', path: '/api/v1/keys', token: panel.tokens.owner, json: { label, type: 'PERSONAL', node_ids: [nodeId()] } });

  beforeEach(async () => {
    panel = await startPanel({ dataset: 'demo' });
  });
  afterEach(() => panel.close());

  it('delays the answer by the injected latency, then answers normally', async () => {
    panel.inject({ kind: 'latency', ms: 150 });
    const started = Date.now();
    const res = await nodes();
    assert.ok(Date.now() - started >= 140);
    assert.equal(res.status, 200);
  });

  it('answers an injected 5xx with the error envelope, for `times` requests only', async () => {
    panel.inject({ kind: 'status', status: 503, times: 2 });
    assert.equal((await nodes()).status, 503);
    assert.equal((await nodes()).json().error.code, 'unavailable');
    assert.equal((await nodes()).status, 200);
  });

  it('applies the mutation and then drops the connection without an answer', async () => {
    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: '/keys' } });
    await assert.rejects(createKey('Lost answer'), (error: NodeJS.ErrnoException) => error.code === 'ECONNRESET' || /socket hang up/.test(error.message));
    assert.ok([...panel.data.keys.values()].some((k) => k.label === 'Lost answer'));
    const recorded = panel.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/keys');
    assert.equal(recorded?.status, undefined);
  });

  it('applies the mutation and then answers the injected body in place of the handler\'s', async () => {
    panel.inject({ kind: 'answer-after-apply', json: { ok: true }, match: { method: 'POST', path: '/keys' } });
    const res = await createKey('Acknowledged');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json(), { ok: true });
    assert.ok([...panel.data.keys.values()].some((k) => k.label === 'Acknowledged'));
    // An error answer of the handler goes out as it is.
    panel.inject({ kind: 'answer-after-apply', json: {}, match: { method: 'POST', path: '/keys' } });
    const refused = await rawRequest(panel.url, { method: 'POST', path: '/api/v1/keys', token: panel.tokens.owner, json: { label: 7 } });
    assert.ok(refused.status >= 400, `status ${refused.status}`);
  });

  it('sends malformed JSON, an empty body and an HTML error page on request', async () => {
    panel.inject({ kind: 'malformed-json' });
    const malformed = await nodes();
    assert.equal(malformed.status, 200);
    assert.match(String(malformed.headers['content-type']), /application\/json/);
    assert.throws(() => malformed.json(), SyntaxError);

    panel.inject({ kind: 'empty-body' });
    const empty = await nodes();
    assert.deepEqual([empty.status, empty.body.length], [200, 0]);

    panel.inject({ kind: 'html' });
    const html = await nodes();
    assert.equal(html.status, 502);
    assert.match(String(html.headers['content-type']), /^text\/html/);
    assert.match(html.text, /<title>502 Bad Gateway<\/title>/);
  });

  it('resets the connection before handling, so nothing is applied', async () => {
    panel.inject({ kind: 'reset', match: { path: /\/keys$/ } });
    await assert.rejects(createKey('Never stored'), (error: NodeJS.ErrnoException) => error.code === 'ECONNRESET' || /socket hang up/.test(error.message));
    assert.ok(![...panel.data.keys.values()].some((k) => k.label === 'Never stored'));
  });

  it('answers 429 with Retry-After', async () => {
    panel.inject({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const res = await nodes();
    assert.equal(res.status, 429);
    assert.equal(res.headers['retry-after'], '7');
    assert.equal(res.json().error.code, 'rate_limited');
  });

  it('redirects to another origin', async () => {
    panel.inject({ kind: 'redirect', location: 'http://127.0.0.2:9/api/v1/nodes', status: 307 });
    const res = await nodes();
    assert.equal(res.status, 307);
    assert.equal(res.headers.location, 'http://127.0.0.2:9/api/v1/nodes');
  });

  it('matches faults by method and path, and clearFaults drops the queue', async () => {
    panel.inject({ kind: 'status', status: 500, match: { method: 'POST' } });
    assert.equal((await nodes()).status, 200);
    panel.inject({ kind: 'status', status: 504, match: { path: '/alerts' }, times: 5 });
    assert.equal((await rawRequest(panel.url, { path: '/api/v1/alerts', token: panel.tokens.owner })).status, 504);
    panel.clearFaults();
    assert.equal((await rawRequest(panel.url, { path: '/api/v1/alerts', token: panel.tokens.owner })).status, 200);
    assert.equal((await createKey('After clear')).status, 201);
  });

  it('answers and records a request target that is not valid percent-encoding, and still spots a token in it', async () => {
    panel.resetRequests();
    const res = await rawRequest(panel.url, { path: '/api/v1/nodes/%zz', token: panel.tokens.owner });
    assert.equal(res.status, 404);
    assert.deepEqual(panel.requests.map((r) => [r.path, r.status]), [['/api/v1/nodes/%zz', 404]]);
    const encoded = `/api/v1/nodes?q=%zz&t=${encodeURIComponent(panel.tokens.owner).replace('_', '%5F')}`;
    await rawRequest(panel.url, { path: encoded, token: panel.tokens.owner });
    assert.ok(panel.tokenUrls.includes(encoded), 'the percent-encoded token is found despite the %zz');
  });

  it('records every request with its headers and status', async () => {
    panel.resetRequests();
    await nodes();
    await rawRequest(panel.url, { path: '/api/v1/keys?per_page=3&q=a', token: panel.tokens.readOnly });
    assert.deepEqual(panel.requests.map((r) => [r.method, r.path, r.status]), [['GET', '/api/v1/nodes', 200], ['GET', '/api/v1/keys', 200]]);
    assert.deepEqual(panel.requests[1].query, { per_page: '3', q: 'a' });
    assert.ok(panel.requests[0].headers.authorization === `Bearer ${panel.tokens.owner}`, 'the Authorization header is recorded as sent');
  });
});
