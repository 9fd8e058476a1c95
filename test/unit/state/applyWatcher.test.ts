// Watching an apply until it lands, driven by a fake clock: the statuses seen, a failed or rolled-back job,
// the node's own fields when no job is listed, the overall timeout, no reads while unfocused, cancel.
import * as assert from 'node:assert/strict';
import type { ApplyJob, PanelNode } from '../../../src/api/types';
import { ApplyWatch, newJob, type ApplyWatchOptions } from '../../../src/state/applyWatcher';
import { FakeClock, settle } from '../support/fakeClock';

const OLD_JOB: ApplyJob = { id: 'old', status: 'running', queued_at: '2026-01-01T00:00:00Z' };

/** A panel whose apply job moves through `statuses`, one per poll; the node turns clean on ok. */
function setup(statuses: (string | undefined)[], options: Partial<ApplyWatchOptions> = {}) {
  const clock = new FakeClock();
  const reads: number[] = [];
  let poll = 0;
  const before: PanelNode = { id: 'n1', name: 'fra-2', dirty: true, last_apply_at: '2026-01-01T00:00:00Z' };
  const watch = new ApplyWatch({
    scheduler: clock,
    now: () => clock.now,
    intervalMs: 5_000,
    timeoutMs: 60_000,
    baseline: [OLD_JOB],
    before,
    focused: true,
    reads: {
      node: async () => {
        reads.push(clock.now);
        const status = statuses[Math.min(poll, statuses.length - 1)];
        return status === 'ok' ? { ...before, dirty: false, last_apply_at: '2026-01-02T00:00:00Z' } : before;
      },
      jobs: async () => {
        const status = statuses[Math.min(poll++, statuses.length - 1)];
        const job = status ? [{ id: 'new', status, queued_at: '2026-01-02T00:00:00Z', error: status === 'failed' ? 'bind: address already in use' : null }] : [];
        return [...job, OLD_JOB];
      },
    },
    ...options,
  });
  return { clock, watch, reads };
}

describe('apply watcher (fake clock)', () => {
  it('reads at once and every interval, recording queued → running → ok, and ends with the clean node', async () => {
    const { clock, watch, reads } = setup(['queued', 'queued', 'running', 'ok']);
    const result = watch.start();
    await settle();
    assert.deepEqual(clock.pending(), [5_000]);
    await clock.advance(15_000);
    const outcome = await result;
    assert.equal(outcome.kind, 'ok');
    assert.deepEqual(outcome.seen, ['queued', 'running', 'ok']);
    assert.deepEqual(reads, [0, 5_000, 10_000, 15_000]);
    assert.equal(outcome.kind === 'ok' && outcome.node.dirty, false);
    assert.deepEqual(clock.pending(), [], 'nothing is read after it landed');
  });

  it('ignores jobs listed before the apply (a seeded job that never moves)', () => {
    assert.equal(newJob([OLD_JOB], [OLD_JOB]), undefined);
    assert.equal(newJob([OLD_JOB], [{ id: 'new', status: 'queued' }, OLD_JOB])?.id, 'new');
  });

  it('ends with the failed job and its error, and with a rolled-back job', async () => {
    const failed = setup(['queued', 'failed']);
    const pending = failed.watch.start();
    await settle();
    await failed.clock.advance(5_000);
    const outcome = await pending;
    assert.equal(outcome.kind, 'failed');
    assert.equal(outcome.kind === 'failed' && outcome.job.error, 'bind: address already in use');

    const rolled = setup(['running', 'rolled_back']);
    const rolledResult = rolled.watch.start();
    await settle();
    await rolled.clock.advance(5_000);
    assert.equal((await rolledResult).kind, 'rolled_back');
  });

  it('tells a landed apply from the node alone when no job is listed', async () => {
    const { clock, watch } = setup([undefined, undefined]);
    let landed = false;
    const result = watch.start().then((outcome) => { landed = outcome.kind === 'ok'; return outcome; });
    await settle();
    await clock.advance(10_000);
    assert.equal(landed, false, 'still dirty: keeps watching');
    // The job list stays empty; the node shows a newer apply.
    const nodeOnly = setup([undefined], {
      reads: {
        node: async () => ({ id: 'n1', dirty: false, last_apply_at: '2026-01-03T00:00:00Z' }),
        jobs: async () => [],
      },
    });
    assert.equal((await nodeOnly.watch.start()).kind, 'ok');
    watch.cancel();
    assert.equal((await result).kind, 'cancelled');
  });

  it('times out after the overall timeout with the last status it saw', async () => {
    const { clock, watch, reads } = setup(['queued', 'running']);
    const result = watch.start();
    await settle();
    await clock.advance(60_000);
    const outcome = await result;
    assert.equal(outcome.kind, 'timeout');
    assert.deepEqual(outcome.seen, ['queued', 'running']);
    assert.equal(reads.length, 13);
  });

  it('reads nothing while the window is unfocused and reads at once when it returns', async () => {
    const { clock, watch, reads } = setup(['queued', 'running', 'ok']);
    const result = watch.start();
    await settle();
    watch.setFocused(false);
    await clock.advance(30_000);
    assert.deepEqual(reads, [0], 'no read while unfocused');
    watch.setFocused(true);
    await settle();
    assert.deepEqual(reads, [0, 30_000]);
    await clock.advance(5_000);
    assert.equal((await result).kind, 'ok');
  });

  it('gives up after three failed reads in a row, and a failure in between does not end it', async () => {
    let calls = 0;
    const flaky = setup(['queued', 'ok'], {
      reads: {
        node: async () => ({ id: 'n1', dirty: true }),
        jobs: async () => {
          calls += 1;
          if (calls === 2) throw new Error('reset');
          return [{ id: 'new', status: calls >= 3 ? 'ok' : 'queued' }];
        },
      },
    });
    const flakyResult = flaky.watch.start();
    await settle();
    await flaky.clock.advance(10_000);
    assert.equal((await flakyResult).kind, 'ok');

    const broken = setup(['queued'], { reads: { node: async () => { throw new Error('down'); }, jobs: async () => [] } });
    const brokenResult = broken.watch.start();
    await settle();
    await broken.clock.advance(10_000);
    const outcome = await brokenResult;
    assert.equal(outcome.kind, 'unreadable');
  });
});
