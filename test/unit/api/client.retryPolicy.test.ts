import * as assert from 'node:assert/strict';
import { parseRetryAfter, retryDelay, retryPolicy, sleep } from '../../../src/api/retryPolicy';

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:12 GMT', now), 12_000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
  });

  it('caps Retry-After and backoff, and jitters the backoff', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 30_000 });
    assert.equal(retryDelay(policy, 1, 3_600_000), 30_000);
    assert.equal(retryDelay(policy, 1, 2000), 2000);
    assert.equal(retryDelay(policy, 1, undefined, () => 0), 50);
    assert.equal(retryDelay(policy, 1, undefined, () => 1), 100);
    assert.equal(retryDelay(policy, 3, undefined, () => 1), 400);
    assert.equal(retryDelay(policy, 10, undefined, () => 1), 1000);
    assert.equal(retryPolicy().maxAttempts, 3);
    assert.equal(retryPolicy({ maxAttempts: 0 }).maxAttempts, 1);
  });

  it('stops waiting as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await assert.rejects(sleep(10_000, controller.signal), /stop/);
    assert.ok(Date.now() - started < 2000);
  });
});
