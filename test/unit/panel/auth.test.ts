import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { PRESETS, SCOPES } from '../../../src/api/catalog';
import { startPanel, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';

describe('simulated panel: authentication and authorization (spec part 5)', () => {
  let panel: SimulatedPanel;
  const get = (path: string, token?: string, headers?: Record<string, string | string[]>) => rawRequest(panel.url, { path, token, headers });
  const firstKeyId = () => [...panel.data.keys.values()].find((k) => k.status === 'active' && !k.disabled_at)!.id;

  beforeEach(async () => {
    panel = await startPanel({ dataset: 'demo' });
  });
  afterEach(() => panel.close());

  it('answers 401 with the error envelope when the Authorization header is missing', async () => {
    const res = await get('/api/v1/nodes');
    assert.equal(res.status, 401);
    assert.equal(res.json().error.code, 'missing_credentials');
    assert.equal(typeof res.json().error.message, 'string');
  });

  it('answers 401 to two Authorization headers, even when both carry a valid token', async () => {
    const res = await get('/api/v1/nodes', undefined, { Authorization: [`Bearer ${panel.tokens.owner}`, `Bearer ${panel.tokens.owner}`] });
    assert.equal(res.status, 401);
  });

  it('answers 401 to a comma-joined Authorization value', async () => {
    const res = await get('/api/v1/nodes', undefined, { Authorization: `Bearer ${panel.tokens.owner}, Bearer ${panel.tokens.admin}` });
    assert.equal(res.status, 401);
  });

  it('does not fall back to a cookie when the bearer token is invalid', async () => {
    const res = await get('/api/v1/nodes', `pmt_${'0'.repeat(40)}`, { Cookie: 'session=valid-browser-session' });
    assert.equal(res.status, 401);
    assert.equal(res.json().error.code, 'invalid_token');
  });

  it('answers 401 to an expired token and to a revoked token', async () => {
    assert.equal((await get('/api/v1/nodes', panel.tokens.expired)).json().error.code, 'token_expired');
    assert.equal((await get('/api/v1/nodes', panel.tokens.revoked)).json().error.code, 'token_revoked');
  });

  it('refuses a token from the request after revokeToken', async () => {
    const { secret } = panel.issueToken({ role: 'admin', scopes: PRESETS.fullRights });
    assert.equal((await get('/api/v1/nodes', secret)).status, 200);
    panel.revokeToken(secret);
    assert.equal((await get('/api/v1/nodes', secret)).status, 401);
  });

  it('does not let a write scope stand in for the read scope (rule 5.6), and names the missing scope', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['users:write'] });
    const res = await get('/api/v1/keys', secret);
    assert.equal(res.status, 403);
    assert.equal(res.json().error.code, 'insufficient_scope');
    assert.match(res.json().error.message, /users:read/);
  });

  it('requires the write scope for sensitive reads such as QR codes and node jobs (rule 5.8)', async () => {
    const node = [...panel.data.nodes.values()][0];
    assert.equal((await get(`/api/v1/keys/${firstKeyId()}/qr`, panel.tokens.readOnly)).status, 403);
    const jobs = await get(`/api/v1/nodes/${node.id}/jobs`, panel.tokens.readOnly);
    assert.equal(jobs.status, 403);
    assert.match(jobs.json().error.message, /nodes:write/);
  });

  it('refuses writes by a viewer account even when its token holds every scope', async () => {
    const { secret } = panel.issueToken({ role: 'viewer', scopes: SCOPES });
    assert.equal((await get('/api/v1/keys', secret)).status, 200);
    const res = await rawRequest(panel.url, { method: 'POST', path: `/api/v1/keys/${firstKeyId()}/disable`, token: secret });
    assert.equal(res.status, 403);
    assert.equal(res.json().error.code, 'insufficient_role');
  });

  it('keeps OWNER routes to the owner: an admin with full rights gets 403, the owner 200', async () => {
    const denied = await rawRequest(panel.url, { method: 'PUT', path: '/api/v1/settings', token: panel.tokens.admin, json: { timezone: 'Europe/Berlin' } });
    assert.equal(denied.status, 403);
    assert.equal(denied.json().error.code, 'owner_only');
    const allowed = await rawRequest(panel.url, { method: 'PUT', path: '/api/v1/settings', token: panel.tokens.owner, json: { timezone: 'Europe/Berlin' } });
    assert.equal(allowed.status, 200);
    assert.equal(panel.data.settings.timezone, 'Europe/Berlin');
  });

  it('checks the current role on every request, so setRole applies to the next request', async () => {
    const disable = () => rawRequest(panel.url, { method: 'POST', path: `/api/v1/keys/${firstKeyId()}/disable`, token: panel.tokens.admin });
    assert.equal((await disable()).status, 200);
    panel.setRole('admin', 'viewer');
    assert.equal((await disable()).status, 403);
    panel.setRole('admin', 'admin');
    assert.equal((await disable()).status, 200);
  });

  it('refuses session-only and unlisted routes with 403 route_unavailable', async () => {
    for (const [method, path] of [['GET', '/api/v1/tokens'], ['POST', '/api/v1/tokens'], ['GET', '/api/v1/admins'], ['DELETE', '/api/v1/alerts/101']]) {
      const res = await rawRequest(panel.url, { method, path, token: panel.tokens.owner });
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.equal(res.json().error.code, 'route_unavailable');
    }
    assert.equal((await get('/not-the-api', panel.tokens.owner)).status, 404);
  });

  it('stores only a SHA-256 digest and the public prefix of each token', async () => {
    const secret = panel.tokens.owner;
    const record = panel.data.tokens.find((t) => t.digest === createHash('sha256').update(secret).digest('hex'));
    assert.ok(record);
    assert.equal(record.prefix, 'pmt_');
    assert.ok(!JSON.stringify(panel.data.tokens).includes(secret.slice(4)));
    assert.ok(/^pmt_[0-9a-f]{40}$/.test(secret), 'the secret is pmt_ and 40 hex characters');
  });

  it('sets the last-use time on use and does not move it again within a minute', async () => {
    const { id, secret } = panel.issueToken({ role: 'owner', scopes: ['nodes:read'] });
    const record = () => panel.data.tokens.find((t) => t.id === id)!;
    assert.equal(record().last_used_at, null);
    await get('/api/v1/nodes', secret);
    const first = record().last_used_at;
    assert.ok(first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await get('/api/v1/nodes', secret);
    assert.equal(record().last_used_at, first);
  });
});
