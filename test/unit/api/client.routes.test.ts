import * as assert from 'node:assert/strict';
import { ROUTES, createPanelApi, findRoute, type PanelApi } from '../../../src/api';
import { startTestServer, type TestServer } from '../support/clientTestServer';

const TOKEN = 'pmt_0123456789abcdef0123456789abcdef01234567';
const ID = '7d3e0c52-2f4b-4c8e-9d6a-0b1c2d3e4f50';
const NODE = 'a1b2c3d4-0000-4000-8000-000000000001';
const names = { engine: 'xray', messenger: 'matrix' };

/** One invocation per catalog route id. A route added to the catalog without a method makes this table incomplete. */
const INVOCATIONS: Record<string, (api: PanelApi) => Promise<unknown>> = {
  'fleet.updates.list': (api) => api.fleet.updates.list(),
  'fleet.updates.start': (api) => api.fleet.updates.start([NODE]),
  'fleet.updates.stop': (api) => api.fleet.updates.stop(ID),
  'nodes.list': (api) => api.nodes.list(),
  'nodes.create': (api) => api.nodes.create({ name: 'n' }),
  'nodes.order': (api) => api.nodes.order({ ids: [NODE] }),
  'nodes.preflightDns': (api) => api.nodes.preflightDns({ hostname: 'h' }),
  'nodes.delete': (api) => api.nodes.delete(ID),
  'nodes.get': (api) => api.nodes.get(ID),
  'nodes.update': (api) => api.nodes.update(ID, { name: 'n' }),
  'nodes.apply': (api) => api.nodes.apply(ID),
  'nodes.blocklist.get': (api) => api.nodes.blocklist.get(ID),
  'nodes.blocklist.put': (api) => api.nodes.blocklist.put(ID, { entries: [] }),
  'nodes.check': (api) => api.nodes.check(ID),
  'nodes.diagnostics': (api) => api.nodes.diagnostics.get(ID),
  'nodes.diagnostics.web': (api) => api.nodes.diagnostics.web(ID),
  'nodes.health': (api) => api.nodes.health(ID),
  'nodes.installCommand': (api) => api.nodes.installCommand(ID),
  'nodes.jobs': (api) => api.nodes.jobs(ID, { limit: 5 }),
  'nodes.logs': async (api) => (await api.nodes.logs(ID)).readAll(),
  'nodes.metrics': (api) => api.nodes.metrics(ID),
  'nodes.probes': (api) => api.nodes.probes(ID),
  'nodes.profiles': (api) => api.nodes.profiles(ID),
  'nodes.registrationSecret': (api) => api.nodes.registrationSecret(ID),
  'nodes.reliability.get': (api) => api.nodes.reliability.get(ID),
  'nodes.reliability.put': (api) => api.nodes.reliability.put(ID, { auto_restart: true }),
  'nodes.restart': (api) => api.nodes.restart(ID),
  'nodes.stats': (api) => api.nodes.stats(ID),
  'nodes.engineUpdate.get': (api) => api.nodes.engineUpdate.get(ID),
  'nodes.engineUpdate.start': (api) => api.nodes.engineUpdate.start(ID),
  'nodes.webPolicy.get': (api) => api.nodes.webPolicy.get(ID),
  'nodes.webPolicy.put': (api) => api.nodes.webPolicy.put(ID, { mode: 'off' }),
  'nodes.web.carriers': (api) => api.nodes.web.carriers(ID),
  'nodes.web.lifecycle': (api) => api.nodes.web.lifecycle(ID, { action: 'start' }),
  'status.update': (api) => api.status.update(),
  'keys.list': (api) => api.keys.list(),
  'keys.create': (api) => api.keys.create({ label: 'l', type: 'PERSONAL', node_ids: [NODE] }),
  'keys.batch': (api) => api.keys.batch({ ids: [ID] }),
  'keys.bulk': (api) => api.keys.bulk({ ids: [ID] }),
  'keys.import': (api) => api.keys.import({ items: [] }),
  'keys.summary': (api) => api.keys.summary(),
  'keys.delete': (api) => api.keys.delete(ID),
  'keys.get': (api) => api.keys.get(ID),
  'keys.update': (api) => api.keys.update(ID, { note: 'n' }),
  'keys.bindings.add': (api) => api.keys.bindings.add(ID, { node_id: NODE }),
  'keys.bindings.remove': (api) => api.keys.bindings.remove(ID, NODE),
  'keys.disable': (api) => api.keys.disable(ID),
  'keys.enable': (api) => api.keys.enable(ID),
  'keys.links': (api) => api.keys.links(ID),
  'keys.presence': (api) => api.keys.presence(ID),
  'keys.qr': (api) => api.keys.qr(ID),
  'keys.revoke': (api) => api.keys.revoke(ID),
  'keys.rotate': (api) => api.keys.rotate(ID),
  'keys.stats': (api) => api.keys.stats(ID),
  'keys.subscription.delete': (api) => api.keys.subscription.delete(ID),
  'keys.subscription.create': (api) => api.keys.subscription.create(ID),
  'keys.subscription.qr': (api) => api.keys.subscription.qr(ID),
  'alerts.list': (api) => api.alerts.list(),
  'alerts.resolveMany': (api) => api.alerts.resolveMany([1, 2]),
  'alerts.resolve': (api) => api.alerts.resolve(3),
  'dashboard.summary': (api) => api.dashboard.summary(),
  'dashboard.trends': (api) => api.dashboard.trends(),
  'monitoring.nodeSeries': (api) => api.monitoring.nodeSeries(ID),
  'monitoring.overview': (api) => api.monitoring.overview(),
  'monitoring.web.carriers': (api) => api.monitoring.web.carriers(),
  'status.public': (api) => api.status.public(),
  'nodes.site.get': (api) => api.nodes.site.get(ID),
  'nodes.site.set': (api) => api.nodes.site.set(ID, { template_id: 't' }),
  'nodes.site.preview': (api) => api.nodes.site.preview(ID),
  'nodes.site.upstream': (api) => api.nodes.site.upstream(ID, { upstream: 'u' }),
  'siteTemplates.list': (api) => api.siteTemplates.list(),
  'siteTemplates.create': (api) => api.siteTemplates.create({ name: 't' }),
  'siteTemplates.import': (api) => api.siteTemplates.import({ url: 'u' }),
  'siteTemplates.validate': (api) => api.siteTemplates.validate({ html: '<p>' }),
  'siteTemplates.delete': (api) => api.siteTemplates.delete(ID),
  'siteTemplates.get': (api) => api.siteTemplates.get(ID),
  'siteTemplates.update': (api) => api.siteTemplates.update(ID, { name: 't' }),
  'siteTemplates.customize': (api) => api.siteTemplates.customize(ID),
  'branding.profiles.list': (api) => api.branding.profiles.list({ live: true }),
  'branding.profiles.create': (api) => api.branding.profiles.create('p'),
  'branding.profiles.delete': (api) => api.branding.profiles.delete(ID),
  'branding.profiles.update': (api) => api.branding.profiles.update(ID, { name: 'p' }),
  'branding.profiles.activate': (api) => api.branding.profiles.activate(ID),
  'branding.profiles.upload': (api) =>
    api.branding.profiles.upload(ID, 'logo', { bytes: new Uint8Array([1, 2, 3]), filename: 'logo.png', contentType: 'image/png' }),
  'settings.get': (api) => api.settings.get(),
  'settings.put': (api) => api.settings.put({ panel_name: 'x' }),
  'settings.subscriptionPagePreview': (api) => api.settings.subscriptionPagePreview(),
  'settings.messengerTest': (api) => api.settings.messengerTest(),
  'audit.list': (api) => api.audit.list(),
};

describe('client: a typed method for every catalog route', () => {
  let server: TestServer;
  let api: PanelApi;

  before(async () => {
    server = await startTestServer((call, res) => {
      const accept = String(call.headers.accept);
      if (accept.startsWith('image/png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50]));
      if (accept.startsWith('text/plain')) return res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    api = createPanelApi({ baseUrl: server.url, token: TOKEN, engineName: names.engine, messengerName: names.messenger });
  });
  after(async () => {
    await api.close();
    await server.close();
  });

  it('has an invocation for exactly the catalog ids', () => {
    assert.deepEqual(Object.keys(INVOCATIONS).sort(), ROUTES.map((r) => r.id).sort());
  });

  for (const route of ROUTES) {
    it(`${route.id}: sends exactly one ${route.method} ${route.path}`, async () => {
      const invoke = INVOCATIONS[route.id];
      assert.ok(invoke, `no client method for ${route.id}`);
      server.calls.length = 0;
      await invoke(api);
      assert.equal(server.calls.length, 1);
      const [call] = server.calls;
      const url = new URL(call.url, server.url);
      assert.ok(url.pathname.startsWith('/api/v1/'), url.pathname);
      const found = findRoute(call.method, url.pathname.slice('/api/v1'.length), names);
      assert.equal(found?.id, route.id, `${call.method} ${url.pathname}`);
    });
  }
});
