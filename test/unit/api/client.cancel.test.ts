import * as assert from 'node:assert/strict';
import { OutcomeUnknownError, PanelCancelledError, PanelTimeoutError } from '../../../src/api';
import { createPanelApi } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';
import { startTestServer } from '../support/clientTestServer';

describe('client: cancellation and timeouts', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 50 });
  const onlineNode = () => [...fixture.panel.data.nodes.values()].find((n) => n.status === 'online')!;

  it('an AbortSignal cancels a read in flight', async () => {
    fixture.panel.inject({ kind: 'latency', ms: 3000, match: { path: '/nodes' } });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    const error = await fixture.client().nodes.list({ signal: controller.signal }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelCancelledError, String(error));
    assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(fixture.client().nodes.list({ signal: controller.signal }), PanelCancelledError);
    assert.equal(fixture.panel.requests.length, 0);
  });

  it('an AbortSignal also stops the wait between retries', async () => {
    fixture.panel.inject({ kind: 'rate-limit', retryAfterSeconds: 20, match: { path: '/nodes' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await assert.rejects(fixture.client().nodes.list({ signal: controller.signal }), PanelCancelledError);
    assert.ok(Date.now() - started < 2000);
    assert.equal(fixture.panel.requests.length, 1);
  });

  it('cancelling a mutation in flight reports an unknown outcome', async () => {
    fixture.panel.inject({ kind: 'latency', ms: 2000, match: { method: 'POST' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await fixture.client().nodes.apply(onlineNode().id, { signal: controller.signal }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OutcomeUnknownError, String(error));
  });

  it('the headers timeout ends a read that gets no answer', async () => {
    fixture.panel.inject({ kind: 'latency', ms: 3000, match: { path: '/nodes' } });
    const error = await fixture
      .client({ timeouts: { headersMs: 150 }, retry: { maxAttempts: 1 } })
      .nodes.list()
      .then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelTimeoutError, String(error));
    assert.equal(error.phase, 'headers');
  });

  it('the headers timeout of a mutation reports an unknown outcome', async () => {
    fixture.panel.inject({ kind: 'latency', ms: 3000, match: { method: 'POST', path: '/keys' } });
    const error = await fixture
      .client({ timeouts: { headersMs: 150 } })
      .keys.create({ label: 'slow', type: 'PERSONAL', node_ids: [onlineNode().id] })
      .then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof OutcomeUnknownError, String(error));
    assert.match(error.message, /headers timeout/);
  });

  it('the total timeout bounds a call including its retries', async () => {
    fixture.panel.inject({ kind: 'rate-limit', retryAfterSeconds: 20, match: { path: '/nodes' } });
    const started = Date.now();
    const error = await fixture.client({ timeouts: { totalMs: 200 } }).nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelTimeoutError, String(error));
    assert.equal(error.phase, 'total');
    assert.ok(Date.now() - started < 2000);
  });

  // The simulated panel streams a node's recent log lines, then 8 more lines 60 ms apart (SHAPES.md).
  it('a log stream can be read in chunks and cancelled', async () => {
    const node = onlineNode();
    const started = Date.now();
    const stream = await fixture.client().nodes.logs(node.id);
    assert.match(stream.contentType, /text/);
    const chunks: string[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      if (chunks.length === 2) stream.cancel();
    }
    assert.equal(chunks.length, 2);
    assert.ok(Date.now() - started < 400, `took ${Date.now() - started} ms; the whole stream takes about 500 ms`);
  });

  it('a log stream is cancelled through the signal while waiting for the next chunk', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const stream = await fixture.client().nodes.logs(onlineNode().id, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const result = await stream.readAll().then(() => 'ended', (e: unknown) => e);
    assert.ok(result instanceof PanelCancelledError, String(result));
    assert.ok(Date.now() - started < 400, `took ${Date.now() - started} ms`);
  });

  it('the body timeout ends a read whose body stalls, and makes a mutation\'s outcome unknown', async () => {
    const server = await startTestServer((_call, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
    });
    const api = createPanelApi({
      baseUrl: server.url,
      token: fixture.panel.tokens.owner,
      timeouts: { bodyMs: 200 },
      retry: { maxAttempts: 2, baseDelayMs: 1 },
    });
    try {
      const read = await api.nodes.list().then(() => undefined, (e: unknown) => e);
      assert.ok(read instanceof PanelTimeoutError, String(read));
      assert.equal(read.phase, 'body');
      assert.equal(server.calls.length, 2, 'a read is retried after a body timeout');
      const write = await api.nodes.apply('n1').then(() => undefined, (e: unknown) => e);
      assert.ok(write instanceof OutcomeUnknownError, String(write));
      assert.match(write.message, /body timeout/);
      assert.equal(server.calls.length, 3);
    } finally {
      await api.close();
      await server.close();
    }
  });
});
