// The re-read after changes that keeps counts the panel's: a burst costs one read, a stream is not held
// back forever, one read at a time, and nothing is read while the window is unfocused unless the operator acted.
import * as assert from 'node:assert/strict';
import { RereadSoon, type WindowFocus } from '../../../src/state/rereadSoon';
import { FakeClock, settle } from '../support/fakeClock';

function fakeFocus(focused: boolean): WindowFocus & { set(focused: boolean): void } {
  const listeners = new Set<() => void>();
  let now = focused;
  return {
    get focused() {
      return now;
    },
    onDidFocus: (listener) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    set(value) {
      const returned = value && !now;
      now = value;
      if (returned) for (const listener of [...listeners]) listener();
    },
  };
}

function setup(focused = true) {
  const clock = new FakeClock();
  const focus = fakeFocus(focused);
  const reads: number[] = [];
  let finish: (() => void) | undefined;
  let hold = false;
  const reread = new RereadSoon({
    read: () => {
      reads.push(clock.now);
      if (!hold) return Promise.resolve();
      return new Promise<void>((resolve) => (finish = resolve));
    },
    delayMs: 500, maxWaitMs: 3000, scheduler: clock, now: () => clock.now, focus,
  });
  return { clock, focus, reads, reread, holdReads: () => (hold = true), finish: async () => { hold = false; finish?.(); await settle(); } };
}

describe('state: re-reading the panel\'s figures soon after changes', () => {
  it('reads once for a burst of changes, after it settles', async () => {
    const { clock, reads, reread } = setup();
    for (let i = 0; i < 20; i++) {
      reread.request(true);
      await clock.advance(100);
    }
    assert.deepEqual(reads, [], 'nothing while changes keep coming within the delay');
    await clock.advance(3000);
    assert.equal(reads.length, 1);
    assert.equal(reread.pending, false);
  });

  it('does not hold a steady stream of changes back longer than the longest wait', async () => {
    const { clock, reads, reread } = setup();
    for (let i = 0; i < 40; i++) {
      reread.request(true);
      await clock.advance(400);
    }
    assert.ok(reads.length >= 4 && reads.length <= 6, `about one read per 3 s of changes, not one per change (${reads.length})`);
  });

  it('reads once more after the read that ran when more changes came, never two at once', async () => {
    const { clock, reads, reread, holdReads, finish } = setup();
    holdReads();
    reread.request(true);
    await clock.advance(500);
    assert.equal(reads.length, 1);
    reread.request(true);
    reread.request(true);
    await clock.advance(1000);
    assert.equal(reads.length, 1, 'waits for the running read');
    await finish();
    assert.equal(reads.length, 2, 'one more read for what came meanwhile');
    await finish();
    assert.equal(reread.pending, false);
  });

  it('reads after the operator\'s action while unfocused; changes that only follow other reads wait for focus', async () => {
    const { clock, focus, reads, reread } = setup(false);
    reread.request(true);
    await clock.advance(500);
    assert.equal(reads.length, 1, 'the operator acted: read although the window is unfocused');

    reread.request(false);
    await clock.advance(10_000);
    assert.equal(reads.length, 1, 'nothing while unfocused');
    assert.equal(reread.pending, true);
    focus.set(true);
    await settle();
    assert.equal(reads.length, 2, 'one read when focus returns');
  });

  it('cancel forgets what was waiting', async () => {
    const { clock, reads, reread } = setup();
    reread.request(true);
    reread.cancel();
    await clock.advance(5000);
    assert.deepEqual(reads, []);
  });
});
