import * as assert from 'node:assert/strict';
import { PanelResponseFormatError, RouteNotInCatalogError, createPanelApi, type PanelApi } from '../../../src/api';
import { startTestServer, type TestServer } from '../support/clientTestServer';

const TOKEN = 'pmt_0123456789abcdef0123456789abcdef01234567';
const ID = '7d3e0c52-2f4b-4c8e-9d6a-0b1c2d3e4f50';

describe('client: what goes on the wire', () => {
  let server: TestServer;
  let api: PanelApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createPanelApi({ baseUrl: `${server.url}/`, token: TOKEN });
  });
  afterEach(async () => {
    await api.close();
    await server.close();
  });

  const last = () => server.calls[server.calls.length - 1];
  const jsonSent = () => JSON.parse(last().body.toString('utf8')) as unknown;

  it('sends exactly one Bearer header, no cookies, and never the token in the URL', async () => {
    await api.keys.list({ q: 'alice' });
    await api.keys.create({ label: 'a', type: 'SHARED', node_ids: [ID] });
    for (const call of server.calls) {
      const names = call.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      assert.equal(names.filter((n) => n === 'authorization').length, 1);
      assert.equal(call.headers.authorization, `Bearer ${TOKEN}`);
      assert.ok(!names.includes('cookie'));
      assert.ok(!names.includes('x-csrf-token'));
      assert.ok(!call.url.includes(TOKEN));
      assert.ok(call.url.startsWith('/api/v1/'));
    }
  });

  it('sends only the fields of the create-key contract, dropping unset ones', async () => {
    const request = { label: 'Alice', type: 'PERSONAL', node_ids: [ID], expires_at: undefined, note: 'not allowed', secret: 'x' };
    await api.keys.create(request as never);
    assert.deepEqual(jsonSent(), { label: 'Alice', type: 'PERSONAL', node_ids: [ID] });
    assert.equal(last().headers['content-type'], 'application/json');
    await api.keys.create({ label: 'Bob', type: 'SHARED', node_ids: [ID], expires_at: null });
    assert.deepEqual(jsonSent(), { label: 'Bob', type: 'SHARED', node_ids: [ID], expires_at: null });
  });

  it('sends only the branding fields of spec 2.4 on update', async () => {
    await api.branding.profiles.update(ID, { panel_name: 'Ops', accent_color: undefined, evil: 1 } as never);
    assert.equal(last().method, 'PUT');
    assert.deepEqual(jsonSent(), { panel_name: 'Ops' });
  });

  it('clamps page, per_page and limit before sending', async () => {
    await api.keys.list({ page: 0, per_page: 500, state: 'expiring', node: ID });
    assert.equal(last().url, `/api/v1/keys?page=1&per_page=200&state=expiring&node=${ID}`);
    await api.audit.list({ page: -2, per_page: 0, action: 'keys.' });
    assert.equal(last().url, '/api/v1/audit?page=1&per_page=1&action=keys.');
    await api.nodes.jobs(ID, { limit: 1000 });
    assert.equal(last().url, `/api/v1/nodes/${ID}/jobs?limit=100`);
    await api.branding.profiles.list({ live: false });
    assert.equal(last().url, '/api/v1/branding/profiles?live=0');
  });

  it('sends bodiless actions without a body or content type', async () => {
    await api.keys.disable(ID).catch(() => undefined);
    assert.equal(last().method, 'POST');
    assert.equal(last().body.length, 0);
    assert.equal(last().headers['content-type'], undefined);
  });

  it('encodes path parameters so they cannot leave their segment', async () => {
    await api.keys.get('a/b?c');
    assert.equal(last().url, '/api/v1/keys/a%2Fb%3Fc');
    await assert.rejects(api.keys.get('..'), /needs a value/);
    await assert.rejects(api.keys.get(''), /needs a value/);
    assert.equal(server.calls.length, 1);
  });

  it('refuses a route that is not in the catalog before sending anything', async () => {
    for (const [method, path] of [['GET', '/tokens'], ['DELETE', '/alerts/1'], ['GET', '/keys/../tokens'], ['POST', '/account/password']]) {
      await assert.rejects(api.call(method, path), RouteNotInCatalogError, `${method} ${path}`);
    }
    assert.equal(server.calls.length, 0);
    await api.call('GET', `/nodes/${ID}/health`);
    assert.equal(last().url, `/api/v1/nodes/${ID}/health`);
  });

  it('reuses kept-alive connections for successive requests', async () => {
    let connections = 0;
    server.server.on('connection', () => connections++);
    for (let i = 0; i < 10; i++) await api.nodes.list();
    assert.equal(server.calls.length, 10);
    // undici may open a second socket while the first is being released; it never opens one per request.
    assert.ok(connections <= 2, `${connections} connections for 10 requests`);
  });

  it('names status and content type when the answer is not what the route promises', async () => {
    const answers: [number, string, string][] = [
      [404, 'application/json', '{"detail": "no such thing"}'],
      [200, 'text/plain', 'ok'],
      [200, '', '{"fine": "but unlabelled"}'],
    ];
    server.server.removeAllListeners('request');
    server.server.on('request', (_req, res) => {
      const [status, type, body] = answers.shift()!;
      res.writeHead(status, type ? { 'content-type': type } : {}).end(body);
    });
    const notEnvelope = await api.nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(notEnvelope instanceof PanelResponseFormatError, String(notEnvelope));
    assert.equal(notEnvelope.status, 404);
    assert.match(notEnvelope.message, /HTTP 404 \(application\/json\).*not the error object/);
    const notJson = await api.nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(notJson instanceof PanelResponseFormatError, String(notJson));
    assert.match(notJson.message, /HTTP 200 \(text\/plain\) but sent something other than JSON/);
    assert.deepEqual(await api.nodes.list(), { fine: 'but unlabelled' });
  });
});
