import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { createPanelApi } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';
import { startTestServer, type TestServer } from '../support/clientTestServer';

/** Everything a user or a log could see of a failing call. */
function textsOf(error: unknown): string[] {
  const e = error as Error;
  return [String(e), e?.message ?? '', e?.stack ?? '', JSON.stringify(e) ?? '', inspect(e, { depth: 6, showHidden: true })];
}

describe('client: the token never appears in a log line or an error', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 50 });

  it('redacts across every kind of failure against the simulated panel', async () => {
    const { panel } = fixture;
    const token = panel.tokens.owner;
    const node = [...panel.data.nodes.values()][0];
    const texts: string[] = [];
    const lines: string[] = [];
    const api = fixture.client({
      log: (level, message) => lines.push(`${level} ${message}`),
      timeouts: { headersMs: 150 },
    });
    const attempt = async (call: () => Promise<unknown>) => {
      const error = await call().then(() => undefined, (e: unknown) => e);
      assert.ok(error, 'the call was expected to fail');
      texts.push(...textsOf(error));
    };

    await attempt(() => api.keys.create({ label: 'x', type: 'PERSONAL', node_ids: [] }));
    await attempt(() => api.keys.get('00000000-0000-4000-8000-000000000000'));
    for (const kind of ['html', 'malformed-json', 'empty-body', 'reset'] as const) {
      panel.inject({ kind, times: 3, match: { path: '/nodes' } });
      await attempt(() => api.nodes.list());
      panel.clearFaults();
    }
    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST' } });
    await attempt(() => api.nodes.apply(node.id));
    panel.inject({ kind: 'latency', ms: 3000, times: 3, match: { path: '/nodes' } });
    await attempt(() => api.nodes.list());
    panel.clearFaults();
    panel.inject({ kind: 'redirect', location: 'http://203.0.113.9/api/v1/nodes', match: { path: '/nodes' } });
    await attempt(() => api.nodes.list());
    await attempt(() => fixture.client({ token: panel.tokens.readOnly }).keys.qr([...panel.data.keys.keys()][0]));
    await attempt(() => fixture.client({ token: panel.tokens.revoked, log: (_level, message) => lines.push(message) }).nodes.list());
    await attempt(() => fixture.client({ baseUrl: panel.url.replace(/:\d+$/, ':1'), log: (_level, message) => lines.push(message) }).nodes.list());
    const controller = new AbortController();
    controller.abort();
    await attempt(() => api.nodes.list({ signal: controller.signal }));

    const all = [...texts, ...lines, ...fixture.logLines];
    assert.ok(all.length > 40, `captured ${all.length} texts`);
    for (const secret of [token, panel.tokens.readOnly, panel.tokens.revoked]) {
      for (const text of all) assert.ok(!text.includes(secret), `token found in: ${text.slice(0, 200)}`);
    }
  });

  it('redacts a panel that echoes the token back in its error message and fields', async () => {
    const token = 'pmt_feedfacefeedfacefeedfacefeedfacefeedface';
    const server: TestServer = await startTestServer((call, res) => {
      const auth = String(call.headers.authorization);
      const body = JSON.stringify({ error: { code: `bad ${auth}`, message: `rejected ${auth} (${auth.slice(7)})`, fields: { [auth.slice(7)]: auth } } });
      res.writeHead(400, { 'content-type': 'application/json' }).end(body);
    });
    const lines: string[] = [];
    const api = createPanelApi({ baseUrl: server.url, token, log: (_level, message) => lines.push(message) });
    try {
      const error = await api.nodes.list().then(() => undefined, (e: unknown) => e);
      const texts = [...textsOf(error), ...lines];
      assert.match(texts[1], /rejected Bearer \[redacted\]/);
      for (const text of texts) assert.ok(!text.includes(token), `token found in: ${text}`);
      assert.ok(!texts.some((text) => text.includes(token.slice(4))));
    } finally {
      await api.close();
      await server.close();
    }
  });

  it('never repeats a malformed token in the refusal', async () => {
    const bad = 'pmt_abc def\u0007';
    const error = await createPanelApi({ baseUrl: fixture.panel.url, token: bad }).nodes.list().then(() => undefined, (e: unknown) => e);
    for (const text of textsOf(error)) {
      assert.ok(!text.includes('pmt_abc'), text);
    }
  });
});
