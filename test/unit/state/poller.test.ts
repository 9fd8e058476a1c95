// The alert poller's schedule, driven by a fake clock: intervals, focus, backoff, single flight, stop.
import * as assert from 'node:assert/strict';
import { Poller, type PollOutcome } from '../../../src/state/poller';
import { FakeClock, settle } from '../support/fakeClock';

function setup(options: { intervalMs?: number; focused?: boolean; outcomes?: PollOutcome[] } = {}) {
  const clock = new FakeClock();
  const outcomes = [...(options.outcomes ?? [])];
  const runs: number[] = [];
  const poller = new Poller({
    scheduler: clock,
    intervalMs: options.intervalMs ?? 60_000,
    focused: options.focused ?? true,
    run: async () => {
      runs.push(clock.now);
      return outcomes.shift() ?? 'ok';
    },
  });
  return { clock, poller, runs };
}

describe('alerts poller (fake clock)', () => {
  it('polls on activation, then once per interval', async () => {
    const { clock, poller, runs } = setup({ intervalMs: 60_000 });
    await poller.activate();
    assert.deepEqual(runs, [0]);
    await clock.advance(59_999);
    assert.deepEqual(runs, [0]);
    await clock.advance(1);
    await clock.advance(60_000);
    assert.deepEqual(runs, [0, 60_000, 120_000]);
  });

  it('does not poll while the window is unfocused, and polls once when focus returns', async () => {
    const { clock, poller, runs } = setup({ intervalMs: 60_000 });
    await poller.activate();
    poller.setFocused(false);
    assert.deepEqual(clock.pending(), []);
    await clock.advance(10 * 60_000);
    assert.deepEqual(runs, [0]);
    poller.setFocused(true);
    await settle();
    assert.deepEqual(runs, [0, 600_000]);
    assert.deepEqual(clock.pending(), [60_000]);
  });

  it('activated while unfocused waits for focus instead of polling', async () => {
    const { poller, runs } = setup({ focused: false, intervalMs: 0 });
    await poller.activate();
    assert.deepEqual(runs, []);
    poller.setFocused(true);
    await settle();
    assert.equal(runs.length, 1, 'the missed first load happens when focus returns, even with polling off');
  });

  it('an interval of 0 turns polling off; a later setting turns it back on', async () => {
    const { clock, poller, runs } = setup({ intervalMs: 0 });
    await poller.activate();
    assert.deepEqual(clock.pending(), []);
    await clock.advance(3_600_000);
    assert.equal(runs.length, 1);
    poller.setInterval(30_000);
    assert.deepEqual(clock.pending(), [30_000]);
    await clock.advance(30_000);
    assert.equal(runs.length, 2);
  });

  it('backs off exponentially after failures and returns to the interval after a success', async () => {
    const { clock, poller } = setup({ intervalMs: 10_000, outcomes: ['failed', 'failed', 'failed', 'ok'] });
    await poller.activate();
    assert.deepEqual(clock.pending(), [20_000]);
    await clock.advance(20_000);
    assert.deepEqual(clock.pending(), [40_000]);
    await clock.advance(40_000);
    assert.deepEqual(clock.pending(), [80_000]);
    await clock.advance(80_000);
    assert.deepEqual(clock.pending(), [10_000]);
  });

  it('caps the backoff', async () => {
    const clock = new FakeClock();
    const poller = new Poller({ scheduler: clock, intervalMs: 60_000, focused: true, maxBackoffMs: 300_000, run: async () => 'failed' });
    await poller.activate();
    for (let i = 0; i < 6; i++) await clock.advance(clock.pending()[0] ?? 0);
    assert.deepEqual(clock.pending(), [300_000]);
  });

  it('keeps at most one poll in flight', async () => {
    const clock = new FakeClock();
    let release: (outcome: PollOutcome) => void = () => undefined;
    let started = 0;
    const poller = new Poller({
      scheduler: clock,
      intervalMs: 1_000,
      focused: true,
      run: () => {
        started += 1;
        return new Promise<PollOutcome>((resolve) => { release = resolve; });
      },
    });
    const first = poller.activate();
    const second = poller.pollNow();
    poller.setFocused(false);
    poller.setFocused(true);
    await clock.advance(5_000);
    assert.equal(started, 1);
    assert.deepEqual(clock.pending(), [], 'nothing is scheduled while a poll runs');
    release('ok');
    await Promise.all([first, second]);
    assert.deepEqual(clock.pending(), [1_000]);
  });

  it('activated again while a poll runs (another panel): ignores that poll\'s outcome and polls again once it ends', async () => {
    const clock = new FakeClock();
    const releases: ((outcome: PollOutcome) => void)[] = [];
    const poller = new Poller({
      scheduler: clock,
      intervalMs: 60_000,
      focused: true,
      run: () => new Promise<PollOutcome>((resolve) => releases.push(resolve)),
    });
    void poller.activate();
    const again = poller.activate();
    assert.equal(releases.length, 1, 'still one poll in flight');
    releases[0]('stop'); // the answer about the panel shown before
    await settle();
    assert.equal(releases.length, 2, 'a new poll follows at once instead of the old one stopping polling');
    releases[1]('ok');
    await again;
    assert.deepEqual(clock.pending(), [60_000]);
  });

  it("stops after a 'stop' outcome (token rejected) until activated again", async () => {
    const { clock, poller, runs } = setup({ intervalMs: 1_000, outcomes: ['stop'] });
    await poller.activate();
    await clock.advance(60_000);
    poller.setFocused(false);
    poller.setFocused(true);
    await poller.pollNow();
    assert.equal(runs.length, 1);
    await poller.activate();
    assert.equal(runs.length, 2);
    assert.deepEqual(clock.pending(), [1_000]);
  });

  it('deactivate cancels the timer and refuses polls', async () => {
    const { clock, poller, runs } = setup({ intervalMs: 1_000 });
    await poller.activate();
    poller.deactivate();
    await clock.advance(10_000);
    await poller.pollNow();
    assert.equal(runs.length, 1);
  });
});
