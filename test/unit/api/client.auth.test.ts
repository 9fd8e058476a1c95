import * as assert from 'node:assert/strict';
import { PRESETS, PanelHttpError, isScopeDenied, isTokenRejected, type PanelApi } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';

async function failure(promise: Promise<unknown>): Promise<PanelHttpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof PanelHttpError, `expected a PanelHttpError, got ${String(error)}`);
  return error;
}

/** Part 5 (authentication and authorization) as the client sees it. */
describe('client: authentication rules of part 5', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 50 });
  const onlineNode = () => [...fixture.panel.data.nodes.values()].find((n) => n.status === 'online')!;
  const firstKey = () => [...fixture.panel.data.keys.values()].find((k) => k.status !== 'revoked')!;
  const withScopes = (role: 'owner' | 'admin' | 'viewer', scopes: Parameters<typeof fixture.panel.issueToken>[0]['scopes']): PanelApi =>
    fixture.client({ token: fixture.panel.issueToken({ role, scopes }).secret, retry: { maxAttempts: 1 } });

  it('5.1/5.2: each request carries exactly one Bearer header and no cookie or CSRF header', async () => {
    const api = fixture.client();
    await api.nodes.list();
    await api.keys.disable(firstKey().id);
    assert.equal(fixture.panel.requests.length, 2);
    for (const request of fixture.panel.requests) {
      assert.equal(request.headers.authorization, `Bearer ${fixture.panel.tokens.owner}`);
      assert.equal(request.headers.cookie, undefined);
      assert.equal(request.headers['x-csrf-token'], undefined);
      assert.ok(!Object.values(request.query).some((v) => v.includes(fixture.panel.tokens.owner)));
    }
  });

  it('5.6: a write scope does not include the read scope', async () => {
    const api = withScopes('owner', ['users:write']);
    const error = await failure(api.keys.list());
    assert.equal(error.status, 403);
    assert.equal(error.requiredScope, 'users:read');
    assert.match(error.message, /needs users:read/);
    // ...while the write route itself works
    await api.keys.disable(firstKey().id);
  });

  it('5.8: sensitive reads need the write scope even on GET', async () => {
    const api = fixture.client({ token: fixture.panel.tokens.readOnly, retry: { maxAttempts: 1 } });
    const key = firstKey();
    const node = onlineNode();
    const cases: [Promise<unknown>, string][] = [
      [api.keys.links(key.id), 'users:write'],
      [api.keys.qr(key.id), 'users:write'],
      [api.nodes.installCommand(node.id), 'nodes:write'],
      [api.nodes.registrationSecret(node.id), 'nodes:write'],
      [api.nodes.jobs(node.id), 'nodes:write'],
      [api.nodes.logs(node.id), 'nodes:write'],
    ];
    for (const [call, scope] of cases) {
      const error = await failure(call);
      assert.equal(error.status, 403);
      assert.equal(error.requiredScope, scope);
      assert.match(error.message, new RegExp(`needs ${scope}`));
    }
  });

  it('4.1 rule 1: read-only tokens get keys without secrets and subscription URLs', async () => {
    const readOnly = await fixture.client({ token: fixture.panel.tokens.readOnly }).keys.list({ per_page: 50 });
    assert.ok(readOnly.items.length > 0);
    for (const key of readOnly.items) {
      assert.equal(key.secret, undefined);
      assert.equal(key.subscription_short_url, undefined);
    }
    const full = await fixture.client().keys.list({ per_page: 50 });
    assert.ok(full.items.some((key) => typeof key.secret === 'string'));
  });

  it('5.9: viewers are read-only even with a full-rights token', async () => {
    const api = withScopes('viewer', PRESETS.fullRights);
    await api.nodes.list();
    const error = await failure(api.keys.create({ label: 'by viewer', type: 'PERSONAL', node_ids: [onlineNode().id] }));
    assert.equal(error.status, 403);
    assert.ok(isScopeDenied(error));
  });

  it('5.9: owner-only routes refuse an admin, and say the route needs an owner', async () => {
    const admin = fixture.client({ token: fixture.panel.tokens.admin, retry: { maxAttempts: 1 } });
    const error = await failure(admin.settings.put({ panel_name: 'x' }));
    assert.equal(error.status, 403);
    assert.equal(error.requiredScope, 'settings:write');
    assert.match(error.message, /owner account/);
    const testError = await failure(admin.settings.messengerTest());
    assert.equal(testError.status, 403);
    assert.equal(testError.route?.ownerOnly, true);
  });

  it('5.9: admins and owners can create, disable and enable users', async () => {
    const admin = fixture.client({ token: fixture.panel.tokens.admin });
    const key = await admin.keys.create({ label: 'by admin', type: 'PERSONAL', node_ids: [onlineNode().id] });
    assert.equal((await admin.keys.disable(key.id)).state, 'disabled');
    assert.notEqual((await admin.keys.enable(key.id)).state, 'disabled');
  });

  it('5.5: a role change applies to the next request', async () => {
    const admin = fixture.client({ token: fixture.panel.tokens.admin, retry: { maxAttempts: 1 } });
    await admin.keys.disable(firstKey().id);
    fixture.panel.setRole('admin', 'viewer');
    try {
      const error = await failure(admin.keys.enable(firstKey().id));
      assert.equal(error.status, 403);
    } finally {
      fixture.panel.setRole('admin', 'admin');
    }
    await admin.keys.enable(firstKey().id);
  });

  it('5.10: expired and revoked tokens give 401; revoking a token in use rejects the next request', async () => {
    for (const token of [fixture.panel.tokens.expired, fixture.panel.tokens.revoked]) {
      assert.ok(isTokenRejected(await failure(fixture.client({ token }).nodes.list())));
    }
    const issued = fixture.panel.issueToken({ role: 'owner', scopes: PRESETS.readOnly });
    const api = fixture.client({ token: issued.secret });
    await api.nodes.list();
    fixture.panel.revokeToken(issued.secret);
    const error = await failure(api.nodes.list());
    assert.equal(error.status, 401);
    assert.equal(fixture.panel.requests.filter((r) => r.status === 401).length, 3, 'a 401 is not retried');
  });

  it('5.10: a token expiring later works until then', async () => {
    const soon = fixture.panel.issueToken({ role: 'owner', scopes: ['nodes:read'], expiresAt: new Date(Date.now() + 3_600_000) });
    const nodes = await fixture.client({ token: soon.secret }).nodes.list();
    assert.equal(nodes.total, fixture.panel.data.nodes.size);
  });

  it('5.12: mutations are audited with the token identifier', async () => {
    const issued = fixture.panel.issueToken({ role: 'owner', scopes: ['users:write'] });
    await fixture.client({ token: issued.secret }).keys.disable(firstKey().id);
    const entry = fixture.panel.data.audit.at(-1);
    assert.equal(entry?.api_token_id, issued.id);
  });
});
