// "List all" with adaptive concurrency against the simulated panel: exact items in order across transient
// failures, a panel that answers 429 above 4 requests in flight, the cap, and cancellation.
import * as assert from 'node:assert/strict';
import { PanelCancelledError, type Key, type PanelApi } from '../../../src/api';
import { AdaptiveConcurrency, ConcurrencyMemory, MEMORY_TTL_MS } from '../../../src/api/adaptiveConcurrency';
import { usePanel } from '../support/clientPanelHooks';

/** Every key in the panel's order, read one page after another (the reference a listing must equal). */
async function sequentialIds(api: PanelApi, perPage: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of api.keys.pages({ per_page: perPage })) ids.push(...page.items.map((key: Key) => key.id));
  return ids;
}

const pageOf = (request: { query: Record<string, string> }) => Number(request.query.page);

describe('list all: adaptive concurrency', () => {
  describe('transient failures', () => {
    const fixture = usePanel({ dataset: 'demo' });

    it('retries a page that failed with 503, 429 or a reset alone and returns exactly the panel\'s items in order', async () => {
      const api = fixture.client();
      const expected = await sequentialIds(api, 3);
      assert.equal(expected.length, fixture.panel.data.keys.size);
      fixture.panel.resetRequests();
      const keys = { method: 'GET', path: '/keys' };
      fixture.panel.inject({ kind: 'latency', ms: 0, times: 3, match: keys }); // page 1 and two more pass
      fixture.panel.inject({ kind: 'status', status: 503, match: keys });
      fixture.panel.inject({ kind: 'latency', ms: 0, times: 2, match: keys });
      fixture.panel.inject({ kind: 'rate-limit', retryAfterSeconds: 0, match: keys });
      fixture.panel.inject({ kind: 'reset', match: keys });

      const listed = await api.keys.listAll({ per_page: 3 });
      assert.deepEqual(listed.map((key) => key.id), expected);
      const failed = fixture.panel.requests.filter((request) => request.status !== 200).map(pageOf);
      assert.equal(failed.length, 3, 'the 503, the 429 and the reset');
      const sent = fixture.panel.requests.map(pageOf);
      const pages = Math.ceil(expected.length / 3);
      for (let page = 1; page <= pages; page++) {
        assert.equal(sent.filter((p) => p === page).length, 1 + failed.filter((p) => p === page).length, `page ${page} sent once, plus once per failure`);
      }
    });

    it('waits the Retry-After of a reverse proxy\'s HTML 503 page before sending that page again', async () => {
      fixture.panel.inject({ kind: 'html', status: 503, retryAfterSeconds: 1, match: { method: 'GET', path: '/keys' } });
      const listed = await fixture.client().keys.listAll({ per_page: 3 });
      assert.equal(listed.length, fixture.panel.data.keys.size);
      const [refused, ...rest] = fixture.panel.requests;
      assert.equal(refused.status, 503);
      const again = rest.find((request) => pageOf(request) === pageOf(refused));
      assert.ok(again, 'the refused page is sent again');
      assert.ok(again.receivedAt - refused.receivedAt >= 900, `sent again after ${again.receivedAt - refused.receivedAt} ms, not after Retry-After: 1`);
    });

    it('gives up on a page after six transient failures and says why', async () => {
      fixture.panel.inject({ kind: 'status', status: 503, times: 6, match: { method: 'GET', path: '/keys' } });
      await assert.rejects(fixture.client().keys.listAll({ per_page: 3 }), /injected 503/);
      assert.equal(fixture.panel.requests.length, 6, 'page 1, six times, and no other page');
    });

    it('does not retry a refusal: a 403 fails the listing at once', async () => {
      const { secret } = fixture.panel.issueToken({ role: 'owner', scopes: ['nodes:read'] });
      await assert.rejects(fixture.client({ token: secret }).keys.listAll({ per_page: 3 }), /users:read/);
      assert.equal(fixture.panel.requests.length, 1);
    });
  });

  describe('a panel that answers 429 whenever more than 4 requests are in flight', () => {
    const fixture = usePanel({ dataset: 'large', latencyMs: 20, inFlightLimit: { max: 4, retryAfterSeconds: 1 } });

    it('loses no page, sees only a handful of 429s, and waits Retry-After after each', async function () {
      this.timeout(60_000);
      const api = fixture.client();
      const expected = await sequentialIds(api, 200);
      fixture.panel.resetRequests();

      const listed = await api.keys.listAll();
      assert.deepEqual(listed.map((key) => key.id), expected, 'every key once, in order');
      const limited = fixture.panel.requests.filter((request) => request.status === 429);
      assert.equal(limited.length, fixture.panel.load.rejected);
      assert.ok(limited.length >= 1, 'the listing reached the limit (else this test proves nothing)');
      assert.ok(limited.length <= 5, `${limited.length} answers 429`);
      for (const refused of limited) {
        // Requests already on their way may arrive just after; nothing new is sent during Retry-After.
        const during = fixture.panel.requests.filter((r) => r.receivedAt > refused.receivedAt + 250 && r.receivedAt < refused.receivedAt + 950);
        assert.deepEqual(during.map(pageOf), [], `requests within Retry-After of the 429 for page ${pageOf(refused)}`);
      }
    });
  });

  describe('the cap', () => {
    const fixture = usePanel({ dataset: 'large', latencyMs: 30 });

    it('grows beyond its start while answers stay fast, never beyond the default cap of 16', async () => {
      const keys = await fixture.client().keys.listAll();
      assert.equal(keys.length, fixture.panel.data.keys.size);
      const most = fixture.panel.load.maxInFlight;
      assert.ok(most > 4 && most <= 16, `${most} requests in flight at most`);
    });

    it('keeps to the cap of the call, and to the client\'s paging.maxConcurrency setting', async () => {
      await fixture.client().keys.listAll({}, { maxConcurrency: 3 });
      assert.equal(fixture.panel.load.maxInFlight, 3);
      fixture.panel.resetRequests();
      await fixture.client({ paging: { maxConcurrency: 2 } }).audit.listAll({ per_page: 50 });
      assert.equal(fixture.panel.requests.length, Math.ceil(fixture.panel.data.audit.length / 50));
      assert.equal(fixture.panel.load.maxInFlight, 2);
    });
  });

  describe('one client, one listing after another', () => {
    const fixture = usePanel({ dataset: 'demo', latencyMs: 30 });

    it('starts the next listing where the last one ended: nine pages at once, where a new client sends four', async () => {
      const perPage = Math.ceil(fixture.panel.data.keys.size / 10); // page 1, then 9 more
      const api = fixture.client();
      await api.keys.listAll({ per_page: 1 }); // one page per key: grows beyond 9 and remembers it
      fixture.panel.resetRequests();
      await api.keys.listAll({ per_page: perPage });
      assert.equal(fixture.panel.load.maxInFlight, 9);

      fixture.panel.resetRequests();
      const keys = await fixture.client().keys.listAll({ per_page: perPage });
      assert.equal(keys.length, fixture.panel.data.keys.size);
      assert.ok(fixture.panel.load.maxInFlight < 9, `a new client had ${fixture.panel.load.maxInFlight} in flight`);
    });
  });

  describe('cancellation', () => {
    const fixture = usePanel({ dataset: 'demo', inFlightLimit: { max: 0, retryAfterSeconds: 30 } });

    it('ends a listing that waits out a Retry-After as soon as the signal aborts, sending nothing more', async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = Date.now();
      await assert.rejects(fixture.client().keys.listAll({ per_page: 3 }, { signal: controller.signal }), PanelCancelledError);
      assert.ok(Date.now() - started < 5_000, 'it did not wait the 30 s');
      assert.equal(fixture.panel.requests.length, 1);
    });
  });
});

describe('AdaptiveConcurrency (fake clock)', () => {
  let now = 0;
  const clock = () => now;
  const at = (c: AdaptiveConcurrency, slot = c.limit) => c.dispatch(slot);

  it('starts at 4, grows 1.5 times per round of fast answers up to the cap', () => {
    const c = new AdaptiveConcurrency(16, clock);
    assert.equal(c.limit, 4);
    for (let i = 0; i < 4; i++) c.answered(40, at(c));
    assert.equal(c.limit, 6);
    for (let i = 0; i < 6; i++) c.answered(45, at(c));
    assert.equal(c.limit, 9);
    for (let i = 0; i < 20; i++) c.answered(45, at(c));
    assert.equal(c.limit, 16);
    assert.equal(new AdaptiveConcurrency(2, clock).limit, 2, 'never above a cap below the start');
  });

  it('halves on a 429, pauses for Retry-After, learns the ceiling and probes it only after a long run', () => {
    now = 1000;
    const c = new AdaptiveConcurrency(16, clock);
    c.answered(10, at(c));
    c.answered(10, at(c));
    assert.equal(c.limit, 5);
    c.failed(at(c, 5), 1000, true);
    assert.deepEqual([c.limit, c.pauseLeft()], [2, 1000]);
    c.failed({ generation: 0, slot: 4, sentAt: 1000 }, 1000, false); // sent before the shrink: no second halving
    assert.equal(c.limit, 2);
    now += 1000;
    assert.equal(c.pauseLeft(), 0);
    let answers = 0;
    while (c.limit < 4) {
      c.answered(10, at(c));
      answers++;
    }
    assert.ok(answers <= 6, `back to the ceiling of 4 after ${answers} answers`);
    answers = 0;
    while (c.limit === 4 && answers < 100) {
      c.answered(10, at(c));
      answers++;
    }
    assert.equal(c.limit, 5);
    assert.ok(answers >= 35 && answers <= 40, `one more only after ${answers} answers at the ceiling`);
  });

  it('shrinks by a quarter when answers get four times slower than the fastest, once per backlog', () => {
    now = 0;
    const c = new AdaptiveConcurrency(16, clock);
    for (let i = 0; i < 24; i++) c.answered(100, at(c));
    assert.equal(c.limit, 16);
    c.answered(399, at(c));
    assert.equal(c.limit, 16, 'under four times the fastest is not rising latency');
    const before = at(c);
    c.answered(401, at(c));
    assert.equal(c.limit, 12);
    c.answered(500, before); // sent before that shrink
    assert.equal(c.limit, 12);
    now += 200;
    c.answered(450, at(c)); // sent while the backlog of the slow answer (401 ms) drains
    assert.equal(c.limit, 12);
    now += 300;
    c.answered(450, at(c)); // sent after it drained: still slow
    assert.equal(c.limit, 9);
  });

  it('starts a listing where the last one ended, keeps its learnt ceiling, and forgets both after five minutes', () => {
    now = 0;
    const memory = new ConcurrencyMemory(clock);
    assert.equal(new AdaptiveConcurrency(16, clock, memory.recall()).limit, 4, 'nothing remembered: starts small');

    const first = new AdaptiveConcurrency(16, clock, memory.recall());
    for (let i = 0; i < 10; i++) first.answered(40, at(first));
    first.failed(at(first, 8), 0, true); // the panel refused the 8th in flight
    memory.remember(first.state());
    assert.deepEqual(memory.recall(), { limit: 3, ceiling: 7, slowStart: false });

    const next = new AdaptiveConcurrency(16, clock, memory.recall());
    assert.equal(next.limit, 3, 'starts where the last listing ended');
    for (let i = 0; i < 30; i++) next.answered(40, at(next));
    assert.equal(next.limit, 7, 'grows again only to the ceiling the 429 taught');
    assert.equal(new AdaptiveConcurrency(3, clock, memory.recall()).limit, 3, 'never above the cap of the new call');

    now += MEMORY_TTL_MS;
    assert.equal(memory.recall(), undefined);
    assert.equal(new AdaptiveConcurrency(16, clock, memory.recall()).limit, 4);
  });
});
