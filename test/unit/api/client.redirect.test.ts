import * as assert from 'node:assert/strict';
import { PanelRedirectError } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';
import { startTestServer, type TestServer } from '../support/clientTestServer';

/** The token only ever goes to the panel's origin; see the redirect policy in src/api/transport.ts. */
describe('client: redirects', () => {
  const fixture = usePanel({ dataset: 'demo' });
  let other: TestServer;
  before(async () => {
    other = await startTestServer();
  });
  after(() => other.close());
  beforeEach(() => {
    other.calls.length = 0;
  });

  it('follows a same-origin redirect of a read, still under /api/v1', async () => {
    fixture.panel.inject({ kind: 'redirect', status: 301, location: `${fixture.panel.url}/api/v1/nodes/`, match: { method: 'GET', path: '/nodes' } });
    const nodes = await fixture.client().nodes.list();
    assert.equal(nodes.total, fixture.panel.data.nodes.size);
    assert.deepEqual(fixture.panel.requests.map((r) => r.path), ['/api/v1/nodes', '/api/v1/nodes/']);
  });

  it('refuses a redirect to another origin: the target never sees a request, let alone the token', async () => {
    fixture.panel.inject({ kind: 'redirect', status: 302, location: `${other.url}/api/v1/nodes`, match: { path: '/nodes' } });
    const error = await fixture.client().nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelRedirectError, String(error));
    assert.equal(error.targetOrigin, other.url);
    assert.match(error.message, /another origin/);
    assert.ok(!error.message.includes(fixture.panel.tokens.owner));
    assert.equal(other.calls.length, 0);
    assert.equal(fixture.panel.requests.length, 1, 'a refused redirect is not retried');
  });

  it('treats another scheme or port on the same host as another origin', async () => {
    const sameHostOtherScheme = fixture.panel.url.replace('http://', 'https://');
    fixture.panel.inject({ kind: 'redirect', status: 308, location: `${sameHostOtherScheme}/api/v1/nodes`, match: { path: '/nodes' } });
    await assert.rejects(fixture.client().nodes.list(), PanelRedirectError);
  });

  it('does not follow a redirect of a mutation, so the change is not sent twice', async () => {
    const node = [...fixture.panel.data.nodes.values()][0];
    fixture.panel.inject({ kind: 'redirect', status: 307, location: `${fixture.panel.url}/api/v1/nodes/${node.id}/apply`, match: { method: 'POST' } });
    await assert.rejects(fixture.client().nodes.apply(node.id), (e: unknown) => e instanceof PanelRedirectError && /only reads/.test(e.message));
    assert.equal(fixture.panel.requests.length, 1);
  });

  it('refuses a same-origin redirect out of /api/v1 and a redirect loop', async () => {
    fixture.panel.inject({ kind: 'redirect', location: '/login', match: { path: '/nodes' } });
    await assert.rejects(fixture.client().nodes.list(), (e: unknown) => e instanceof PanelRedirectError && /outside \/api\/v1/.test(e.message));
    fixture.panel.inject({ kind: 'redirect', location: '/api/v1/nodes', times: 10, match: { path: '/nodes' } });
    await assert.rejects(fixture.client().nodes.list(), (e: unknown) => e instanceof PanelRedirectError && /more than 5/.test(e.message));
  });
});
