import * as assert from 'node:assert/strict';
import { PRESETS, ROUTES, SCOPES, type RouteSpec } from '../../../src/api/catalog';
import { startPanel, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';
import { buildRouteTable } from '../../panel/routeTable';

const names = { engine: 'mtg', messenger: 'telegram' };

/** A concrete path for a catalog route, with ids of records that exist in this panel. */
function concretePath(panel: SimulatedPanel, route: RouteSpec): string {
  const key = [...panel.data.keys.values()].find((k) => k.status === 'active' && !k.disabled_at && k.subscription_active && k.bindings.length > 1)!;
  const node = [...panel.data.nodes.values()].find((n) => n.name === 'ams-1')!;
  const template = [...panel.data.siteTemplates.values()].find((t) => !t.builtin)!;
  const profile = [...panel.data.brandingProfiles.values()].find((p) => !p.active)!;
  const fleetUpdate = [...panel.data.fleetUpdates.values()][0];
  const id = route.path.startsWith('/keys') ? key.id
    : route.path.startsWith('/alerts') ? String(panel.data.alerts[0].id)
    : route.path.startsWith('/site-templates') ? template.id
    : route.path.startsWith('/branding') ? profile.id
    : route.path.startsWith('/fleet') ? fleetUpdate?.id ?? '00000000-0000-4000-8000-000000000000'
    : node.id;
  return route.path
    .replace('{engine}', names.engine)
    .replace('{messenger}', names.messenger)
    .replace('{id}', id)
    .replace('{node}', key.bindings[1].node_id);
}

describe('simulated panel: every route of src/api/catalog.ts', () => {
  it('has the same 89 routes, scopes and owner flags as its own transcription of the spec', () => {
    const mine = buildRouteTable(names).map((r) => `${r.method} ${r.path} ${r.scope}${r.ownerOnly ? ' OWNER' : ''}`).sort();
    const client = ROUTES.map((r) => `${r.method} ${r.path.replace('{engine}', names.engine).replace('{messenger}', names.messenger)} ${r.scope}${r.ownerOnly ? ' OWNER' : ''}`).sort();
    assert.equal(mine.length, 89);
    assert.deepEqual(mine, client);
  });

  it('answers 403 insufficient_scope to a token holding every scope but the route\'s own', async () => {
    const panel = await startPanel({ dataset: 'demo' });
    try {
      for (const route of ROUTES) {
        const { secret } = panel.issueToken({ role: 'owner', scopes: SCOPES.filter((s) => s !== route.scope) });
        const res = await rawRequest(panel.url, { method: route.method, path: `/api/v1${concretePath(panel, route)}`, token: secret });
        assert.equal(res.status, 403, `${route.id}: ${res.status} ${res.text}`);
        assert.equal(res.json().error.code, 'insufficient_scope', route.id);
        assert.ok(res.json().error.message.includes(route.scope), route.id);
      }
    } finally {
      await panel.close();
    }
  });

  it('serves every route to the owner\'s full-rights token (no 401, 403, 404 or 5xx)', async () => {
    for (const route of ROUTES) {
      const panel = await startPanel({ dataset: 'demo', jobStepMs: 10 });
      try {
        if (route.path.startsWith('/fleet/updates/')) {
          await rawRequest(panel.url, { method: 'POST', path: '/api/v1/fleet/updates', token: panel.tokens.owner, json: { node_ids: [[...panel.data.nodes.keys()][0]] } });
        }
        const res = await rawRequest(panel.url, { method: route.method, path: `/api/v1${concretePath(panel, route)}`, token: panel.tokens.owner, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });
        assert.ok(![401, 403, 404].includes(res.status) && res.status < 500, `${route.id}: ${res.status} ${res.text.slice(0, 200)}`);
        if (res.status < 300 && res.status !== 204 && route.id !== 'nodes.logs' && !route.id.endsWith('qr') && route.id !== 'nodes.metrics') {
          assert.match(String(res.headers['content-type']), /^application\/json/, route.id);
          assert.equal(typeof res.json(), 'object', route.id);
        }
      } finally {
        await panel.close();
      }
    }
  });

  it('gives the read-only preset exactly the routes whose scope ends in :read', async () => {
    const panel = await startPanel({ dataset: 'demo' });
    try {
      for (const route of ROUTES) {
        const res = await rawRequest(panel.url, { method: route.method, path: `/api/v1${concretePath(panel, route)}`, token: panel.tokens.readOnly });
        assert.equal(res.status === 403, !PRESETS.readOnly.includes(route.scope), `${route.id}: ${res.status}`);
      }
    } finally {
      await panel.close();
    }
  });

  it('fills the engine and messenger names from the options', async () => {
    const panel = await startPanel({ dataset: 'demo', engine: 'xray', messenger: 'slack' });
    try {
      const node = [...panel.data.nodes.values()][0];
      const call = (method: string, path: string) => rawRequest(panel.url, { method, path: `/api/v1${path}`, token: panel.tokens.owner });
      assert.equal((await call('GET', `/nodes/${node.id}/xray-update`)).json().engine, 'xray');
      assert.equal((await call('GET', `/nodes/${node.id}/mtg-update`)).json().error.code, 'route_unavailable');
      assert.equal((await call('POST', '/settings/slack/test')).json().messenger, 'slack');
      assert.equal((await call('POST', '/settings/telegram/test')).status, 403);
    } finally {
      await panel.close();
    }
  });
});
