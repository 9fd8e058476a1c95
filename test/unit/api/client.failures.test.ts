import * as assert from 'node:assert/strict';
import { type RouteId, OutcomeUnknownError, PanelCancelledError, PanelNetworkError, PanelTimeoutError, routeById } from '../../../src/api';
import { classifyFailure, type FailureContext } from '../../../src/api/failureClassifier';

const TOKEN = 'pmt_0123456789abcdef0123456789abcdef01234567';

function context(routeId: RouteId, overrides: Partial<FailureContext> = {}): FailureContext {
  return {
    route: routeById(routeId),
    origin: 'https://panel.example.com',
    timeouts: { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 },
    dispatched: true,
    clean: (text) => text.split(TOKEN).join('[redacted]'),
    ...overrides,
  };
}

function systemError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** Whether a failed attempt may have changed the panel decides between "retry", "try again" and "re-read first". */
describe('client: what a failed attempt means', () => {
  it('a refused connection never reached the panel: a network error, even for a mutation', () => {
    for (const routeId of ['nodes.list', 'keys.create'] as const) {
      const { error, retryable } = classifyFailure(systemError('ECONNREFUSED'), context(routeId));
      assert.ok(error instanceof PanelNetworkError, routeId);
      assert.equal(error.code, 'ECONNREFUSED');
      assert.equal(retryable, true);
    }
  });

  it('a reset after sending is retryable for a read and an unknown outcome for a mutation', () => {
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', cause: systemError('ECONNRESET') });
    const read = classifyFailure(reset, context('nodes.list'));
    assert.ok(read.error instanceof PanelNetworkError);
    assert.equal(read.retryable, true);
    const write = classifyFailure(reset, context('keys.rotate'));
    assert.ok(write.error instanceof OutcomeUnknownError);
    assert.equal(write.retryable, false);
    assert.equal(write.error.route?.id, 'keys.rotate');
  });

  it('an untrusted certificate is not retried and says how to fix it', () => {
    const { error, retryable } = classifyFailure(systemError('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'), context('nodes.list'));
    assert.ok(error instanceof PanelNetworkError);
    assert.equal(retryable, false);
    assert.match(error.message, /CA certificate/);
  });

  it('timeouts name their phase; a connect timeout is safe to repeat', () => {
    const connect = classifyFailure(systemError('UND_ERR_CONNECT_TIMEOUT'), context('keys.create'));
    assert.ok(connect.error instanceof PanelTimeoutError && connect.error.phase === 'connect');
    const headers = classifyFailure(systemError('UND_ERR_HEADERS_TIMEOUT'), context('nodes.list'));
    assert.ok(headers.error instanceof PanelTimeoutError && headers.error.phase === 'headers');
    assert.equal(headers.retryable, true);
  });

  it('the caller\'s abort is a cancellation, or an unknown outcome once a mutation was sent', () => {
    const controller = new AbortController();
    controller.abort();
    const reason = controller.signal.reason;
    assert.ok(classifyFailure(reason, context('nodes.list', { callerSignal: controller.signal })).error instanceof PanelCancelledError);
    assert.ok(classifyFailure(reason, context('keys.create', { callerSignal: controller.signal, dispatched: false })).error instanceof PanelCancelledError);
    assert.ok(classifyFailure(reason, context('keys.create', { callerSignal: controller.signal })).error instanceof OutcomeUnknownError);
  });

  it('cleans the underlying error text', () => {
    const { error } = classifyFailure(systemError('EPIPE', `wrote Bearer ${TOKEN}`), context('nodes.list'));
    assert.ok(!error.message.includes(TOKEN));
  });
});
