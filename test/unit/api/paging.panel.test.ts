import * as assert from 'node:assert/strict';
import { KEY_STATES, PanelCancelledError, createPanelApi } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';
import { startTestServer } from '../support/clientTestServer';

const TOKEN = 'pmt_0123456789abcdef0123456789abcdef01234567';

describe('paging of /keys and /audit against the simulated panel', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const keyRequests = () => fixture.panel.requests.filter((r) => r.path === '/api/v1/keys');

  it('listAll returns every key once, reading ceil(total / per_page) pages', async () => {
    const total = fixture.panel.data.keys.size;
    const keys = await fixture.client().keys.listAll({ per_page: 7 }, { maxConcurrency: 3 });
    assert.equal(keys.length, total);
    assert.equal(new Set(keys.map((k) => k.id)).size, total);
    assert.equal(keyRequests().length, Math.ceil(total / 7));
    assert.deepEqual(keyRequests().map((r) => Number(r.query.page)).sort((a, b) => a - b), Array.from({ length: Math.ceil(total / 7) }, (_, i) => i + 1));
  });

  it('listAll applies filters to every page', async () => {
    const shared = await fixture.client().keys.listAll({ type: 'SHARED', per_page: 2 });
    assert.ok(shared.length > 0);
    assert.ok(shared.every((k) => k.type === 'SHARED'));
    assert.ok(keyRequests().every((r) => r.query.type === 'SHARED'));
  });

  it('the six per-state counts add up to the total', async () => {
    const api = fixture.client();
    const counts = await Promise.all(KEY_STATES.map((state) => api.keys.count({ state })));
    assert.equal(counts.reduce((a, b) => a + b, 0), fixture.panel.data.keys.size);
    assert.ok(keyRequests().every((r) => r.query.per_page === '1'));
  });

  it('the page iterator walks pages in order and stops at total', async () => {
    const pages: number[] = [];
    for await (const page of fixture.client().keys.pages({ per_page: 15 })) pages.push(page.page);
    assert.deepEqual(pages, Array.from({ length: Math.ceil(fixture.panel.data.keys.size / 15) }, (_, i) => i + 1));
  });

  it('the panel falls back to 50 for an out-of-range per_page; the client never sends one', async () => {
    const raw = (await fixture.client().call('GET', '/keys', { query: { per_page: 500 } })) as { per_page: number };
    assert.equal(raw.per_page, 50);
    await fixture.client().keys.list({ per_page: 500 });
    assert.equal(keyRequests().at(-1)?.query.per_page, '200');
  });

  it('audit listAll reads every entry', async () => {
    const api = fixture.client();
    const first = await api.audit.list({ per_page: 1 });
    const all = await api.audit.listAll({ per_page: 4 });
    assert.equal(all.length, first.total);
  });

  describe('with a panel that ignores per_page or ends early', () => {
    it('uses the page size the panel answered with to know how many pages to read', async () => {
      const total = 120;
      const server = await startTestServer((call, res) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        const items = Array.from({ length: Math.max(0, Math.min(50, total - (page - 1) * 50)) }, (_, i) => ({ id: `k${(page - 1) * 50 + i}` }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, total, page, per_page: 50 }));
      });
      const api = createPanelApi({ baseUrl: server.url, token: TOKEN });
      try {
        const keys = await api.keys.listAll({ per_page: 200 });
        assert.equal(keys.length, total);
        assert.equal(server.calls.length, 3);
      } finally {
        await api.close();
        await server.close();
      }
    });

    it('stops at an empty page even when total says more', async () => {
      const server = await startTestServer((call, res) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        const items = page <= 2 ? [{ id: `k${page}` }] : [];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, total: 1000, page, per_page: 1 }));
      });
      const api = createPanelApi({ baseUrl: server.url, token: TOKEN });
      try {
        const keys = await api.keys.listAll({ per_page: 1 }, { maxConcurrency: 2 });
        assert.deepEqual(keys.map((k) => k.id), ['k1', 'k2']);
        assert.ok(server.calls.length <= 5, `${server.calls.length} requests`);
      } finally {
        await api.close();
        await server.close();
      }
    });
  });
});

describe('paging against the large data set', () => {
  const fixture = usePanel({ dataset: 'large' });

  it('lists all 20,000+ keys, one request per 200 keys', async () => {
    const keys = await fixture.client().keys.listAll();
    assert.ok(keys.length >= 20_000, `${keys.length} keys`);
    assert.equal(keys.length, fixture.panel.data.keys.size);
    assert.equal(fixture.panel.requests.length, Math.ceil(keys.length / 200));
  });

  it('stops reading pages once the signal aborts', async () => {
    const controller = new AbortController();
    fixture.panel.inject({ kind: 'latency', ms: 20, times: 1000, match: { path: '/keys' } });
    let atAbort = 0;
    setTimeout(() => {
      atAbort = fixture.panel.requests.length;
      controller.abort();
    }, 100);
    await assert.rejects(fixture.client().keys.listAll({}, { signal: controller.signal }), PanelCancelledError);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Only the (at most 16, the default cap) pages already in flight when the signal aborted may still reach the panel.
    const sent = fixture.panel.requests.length;
    assert.ok(sent <= atAbort + 16, `${sent} requests, ${atAbort} before the abort`);
    assert.ok(sent < 100, `${sent} of 100 pages requested`);
  });
});
