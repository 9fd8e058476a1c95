import * as assert from 'node:assert/strict';
import { LatestLoad } from '../../../src/state/latestLoad';

/** A load that waits until the test lets it finish, and records whether its signal aborted. */
function pendingLoad(value: string) {
  let finish: () => void = () => undefined;
  const seen: { signal?: AbortSignal } = {};
  const load = (signal: AbortSignal) => {
    seen.signal = signal;
    return new Promise<string>((resolve, reject) => {
      finish = () => resolve(value);
      signal.addEventListener('abort', () => reject(new Error(`${value} aborted`)), { once: true });
    });
  };
  return { load, seen, finish: () => finish() };
}

describe('LatestLoad', () => {
  it('start aborts the load before it; only the latest one resolves', async () => {
    const loads = new LatestLoad<string>();
    const first = pendingLoad('first');
    const second = pendingLoad('second');
    const firstResult = loads.start(first.load);
    const secondResult = loads.start(second.load);
    await assert.rejects(firstResult, /first aborted/);
    assert.equal(first.seen.signal?.aborted, true);
    assert.equal(loads.isLatest(second.seen.signal!), true);
    second.finish();
    assert.equal(await secondResult, 'second');
    assert.equal(loads.busy, false);
  });

  it('join shares the running load instead of starting another', async () => {
    const loads = new LatestLoad<string>();
    const first = pendingLoad('first');
    let secondStarted = false;
    const a = loads.join(first.load);
    await Promise.resolve();
    const b = loads.join(async () => { secondStarted = true; return 'second'; });
    first.finish();
    assert.deepEqual(await Promise.all([a, b]), ['first', 'first']);
    assert.equal(secondStarted, false);
  });

  it('cancel and the caller\'s signal abort the running load', async () => {
    const loads = new LatestLoad<string>();
    const cancelled = pendingLoad('cancelled');
    const result = loads.start(cancelled.load);
    loads.cancel();
    await assert.rejects(result, /cancelled aborted/);

    const outer = new AbortController();
    const followed = pendingLoad('followed');
    const followedResult = loads.start(followed.load, outer.signal);
    await Promise.resolve();
    outer.abort();
    await assert.rejects(followedResult, /followed aborted/);
    assert.equal(loads.isLatest(followed.seen.signal!), false);
  });

  it('a load cancelled before it settles sees its signal abort, even when cancelled at once', async () => {
    const loads = new LatestLoad<string>();
    const first = pendingLoad('first');
    const result = loads.start(first.load);
    assert.ok(first.seen.signal, 'the load started at once');
    loads.cancel();
    await assert.rejects(result, /first aborted/);
    assert.equal(loads.busy, false);
  });
});
