import * as assert from 'node:assert/strict';
import { PanelsSearch, type SearchPanel, type SearchState } from '../../../src/state/panelsSearch';
import { FakeClock, settle } from '../support/fakeClock';

const A: SearchPanel = { id: 'https://a.example', name: 'A' };
const B: SearchPanel = { id: 'https://b.example', name: 'B' };

/** A read per panel that waits until the test answers it, recording each call and whether it was aborted. */
function pendingReads() {
  const calls: { panel: string; text: string; signal: AbortSignal; answer: (items: string[]) => void; fail: (error: Error) => void }[] = [];
  const read = (panel: SearchPanel, text: string, signal: AbortSignal) => new Promise<readonly string[]>((resolve, reject) => {
    calls.push({ panel: panel.name, text, signal, answer: resolve, fail: reject });
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  return { calls, read };
}

function found(state: SearchState<string>): Record<string, string> {
  return Object.fromEntries(state.answers.map((answer) => [answer.panel.name, answer.kind === 'found' ? answer.items.join(',') : answer.kind]));
}

describe('PanelsSearch (Go to User / Go to Node)', () => {
  it('searches at once the first time, then waits for the typing to pause; only the last text is read', async () => {
    const clock = new FakeClock();
    const reads = pendingReads();
    const search = new PanelsSearch<string>({ panels: () => [A], read: reads.read, debounceMs: 250, timers: clock });
    search.type('');
    await settle();
    assert.deepEqual(reads.calls.map((call) => call.text), ['']);
    search.type('a');
    search.type('al');
    search.type('ali');
    await clock.advance(249);
    assert.deepEqual(reads.calls.map((call) => call.text), [''], 'nothing sent while typing');
    await clock.advance(1);
    assert.deepEqual(reads.calls.map((call) => call.text), ['', 'ali'], 'one read for the text the user stopped at');
    search.dispose();
  });

  it('cancels the reads of a superseded text and never shows their answers', async () => {
    const clock = new FakeClock();
    const reads = pendingReads();
    const search = new PanelsSearch<string>({ panels: () => [A, B], read: reads.read, debounceMs: 100, timers: clock });
    const states: SearchState<string>[] = [];
    search.onDidChange((state) => states.push(state));
    search.type('bo');
    await settle();
    const old = reads.calls.slice();
    search.type('bob');
    await clock.advance(100);
    assert.ok(old.every((call) => call.signal.aborted), 'both panels\' reads of "bo" are aborted');
    old[0].answer(['stale']); // an answer arriving after its abort
    const fresh = reads.calls.filter((call) => call.text === 'bob');
    fresh[1].answer(['bob@B']);
    await settle();
    assert.deepEqual(found(search.state), { A: 'loading', B: 'bob@B' }, 'the fast panel shows before the slow one');
    assert.equal(search.state.busy, true);
    fresh[0].answer(['bob@A']);
    await settle();
    assert.deepEqual(found(search.state), { A: 'bob@A', B: 'bob@B' });
    assert.equal(search.state.busy, false);
    assert.ok(states.every((state) => !JSON.stringify(state.answers).includes('stale')), 'no state ever held the superseded answer');
    search.dispose();
  });

  it('a panel that fails is one failed answer beside the others, not an error', async () => {
    const reads = pendingReads();
    const search = new PanelsSearch<string>({ panels: () => [A, B], read: reads.read, debounceMs: 0 });
    search.type('x');
    await settle();
    reads.calls[0].fail(new Error('offline'));
    reads.calls[1].answer(['x@B']);
    await settle();
    const failed = search.state.answers[0];
    assert.equal(failed.kind, 'failed');
    assert.match(String((failed as { error: Error }).error.message), /offline/);
    assert.deepEqual(found(search.state), { A: 'failed', B: 'x@B' });
    assert.equal(search.state.busy, false);
    search.dispose();
  });

  it('dispose cancels the reads in flight and the pending keystroke', async () => {
    const clock = new FakeClock();
    const reads = pendingReads();
    const search = new PanelsSearch<string>({ panels: () => [A], read: reads.read, debounceMs: 100, timers: clock });
    search.type('');
    await settle();
    search.type('z');
    search.dispose();
    assert.equal(reads.calls[0].signal.aborted, true);
    await clock.advance(500);
    assert.equal(reads.calls.length, 1, 'the waiting text is never searched');
  });
});
