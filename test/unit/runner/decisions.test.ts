import * as assert from 'node:assert/strict';
import { OutcomeUnknownError, PanelCancelledError, PanelHttpError, PanelResponseFormatError, routeById } from '../../../src/api';
import type { MutateAction, ReadAction } from '../../../src/runner/actionRunner';
import { nodeProblemOf, recordedOn, recordNodeOutcome, type NodeProblems } from '../../../src/runner/nodeProblems';
import { failureRoute, nothingToReconcile, reconcilerOf, type Reconciler } from '../../../src/runner/reconcile';
import type { NodeProblem } from '../../../src/state/nodesStore';

const reReads: Reconciler = async () => 'The panel now holds "alice" as disabled.';
const never = () => false;
const lost = () => new OutcomeUnknownError(routeById('keys.disable'), { kind: 'failure', detail: 'connection reset' });
const unreadable = () => new PanelResponseFormatError({ status: 200, contentType: 'text/html', problem: { kind: 'htmlPage' }, route: routeById('keys.disable') });
const refused = () => new PanelHttpError({ status: 422, code: 'validation', panelMessage: 'invalid input', route: routeById('keys.create') });

describe('runner: what happens to a failed action', () => {
  it('re-reads after a lost or unreadable answer to a mutation that reconciles, never sends it again', () => {
    assert.equal(failureRoute(lost(), { cancelledByUser: false, reconciler: reReads, handledByCaller: never }), 'reconcile');
    assert.equal(failureRoute(unreadable(), { cancelledByUser: false, reconciler: reReads, handledByCaller: never }), 'reconcile');
  });

  it('tells a lost answer as a failure when the mutation chose nothingToReconcile, or for a read', () => {
    const none = reconcilerOf(nothingToReconcile('a test notification changes nothing'));
    assert.equal(none, undefined);
    assert.equal(failureRoute(lost(), { cancelledByUser: false, reconciler: none, handledByCaller: never }), 'tell');
    assert.equal(failureRoute(lost(), { cancelledByUser: false, reconciler: undefined, handledByCaller: never }), 'tell');
  });

  it('says nothing when the user cancelled, and leaves to the caller what it tells itself', () => {
    const cancelled = new PanelCancelledError(routeById('keys.list'));
    assert.equal(failureRoute(cancelled, { cancelledByUser: true, reconciler: undefined, handledByCaller: never }), 'cancelled');
    // A request cancelled by something else (a timeout, a closed panel) is a failure to tell.
    assert.equal(failureRoute(cancelled, { cancelledByUser: false, reconciler: undefined, handledByCaller: never }), 'tell');
    assert.equal(failureRoute(refused(), { cancelledByUser: false, reconciler: reReads, handledByCaller: (error) => error instanceof PanelHttpError && error.status === 422 }), 'handledByCaller');
    assert.equal(failureRoute(refused(), { cancelledByUser: false, reconciler: reReads, handledByCaller: never }), 'tell');
  });

  it('keeps the reason a mutation needs no re-read, and passes a re-read on as it is', () => {
    assert.deepEqual(nothingToReconcile('restarting twice is harmless'), { nothingToReconcile: 'restarting twice is harmless' });
    assert.equal(reconcilerOf(reReads), reReads);
  });

  it('does not let a mutation be written without saying how its lost answer is reconciled (compile-time)', () => {
    const base: ReadAction<number> = { panelId: 'p', busyLabel: 'Disabling…', failure: 'Could not disable "alice"', run: async () => 1 };
    // @ts-expect-error a mutation without `reconcile` does not compile
    const omitted: MutateAction<number> = { ...base };
    // @ts-expect-error nor does one that leaves it undefined
    const undefinedOne: MutateAction<number> = { ...base, reconcile: undefined };
    const named: MutateAction<number> = { ...base, reconcile: nothingToReconcile('a read-only check') };
    const reReading: MutateAction<number> = { ...base, reconcile: reReads };
    assert.equal(omitted.reconcile, undefined);
    assert.equal(undefinedOne.reconcile, undefined);
    assert.equal(reconcilerOf(named.reconcile), undefined);
    assert.equal(reconcilerOf(reReading.reconcile), reReads);
  });
});

describe('runner: a node\'s last problem', () => {
  class Problems implements NodeProblems {
    readonly held = new Map<string, NodeProblem>();
    setProblem(id: string, problem: NodeProblem): void { this.held.set(id, problem); }
    clearProblem(id: string): void { this.held.delete(id); }
  }
  const http = (status: number, panelMessage: string) => new PanelHttpError({ status, code: 'x', panelMessage, route: routeById('nodes.restart') });

  it('keeps a 503 as offline and a 502 as failed on the node, with what was being done', () => {
    assert.deepEqual(nodeProblemOf(http(503, 'node unreachable'), 'restart'), { kind: 'offline', operation: 'restart', message: 'node unreachable' });
    assert.deepEqual(nodeProblemOf(http(502, 'engine refused'), 'restart'), { kind: 'failedOnNode', operation: 'restart', message: 'engine refused' });
    assert.equal(nodeProblemOf(http(500, 'internal'), 'restart'), undefined);
  });

  it('clears it on the next success and leaves it through failures that say nothing about the node', () => {
    const problems = new Problems();
    const node = { id: 'n1', operation: 'restart', problems };
    recordNodeOutcome(node, { error: http(503, 'unreachable') });
    assert.equal(problems.held.get('n1')?.kind, 'offline');
    recordNodeOutcome(node, { error: http(403, 'forbidden') });
    assert.equal(problems.held.get('n1')?.kind, 'offline');
    recordNodeOutcome(node, { error: http(502, 'failed') });
    assert.equal(problems.held.get('n1')?.kind, 'failedOnNode');
    recordNodeOutcome(node, undefined);
    assert.equal(problems.held.has('n1'), false);
  });

  it('records how a run on the node ended, and hands the outcome on as it was', async () => {
    const problems = new Problems();
    const node = { id: 'n1', operation: 'apply', problems };
    const failed = { kind: 'failed', error: http(503, 'unreachable') } as const;
    assert.equal(await recordedOn(node, Promise.resolve(failed)), failed);
    assert.deepEqual(problems.held.get('n1'), { kind: 'offline', operation: 'apply', message: 'unreachable' });
    const cancelled = { kind: 'cancelled' } as const;
    assert.equal(await recordedOn(node, Promise.resolve(cancelled)), cancelled);
    assert.equal(problems.held.get('n1')?.kind, 'offline', 'a cancelled run says nothing about the node');
    assert.equal((await recordedOn(node, Promise.resolve({ kind: 'reconciled', message: 'held' } as const))).kind, 'reconciled');
    assert.equal(problems.held.get('n1')?.kind, 'offline', 'nor does a reconciled one');
    const done = { kind: 'done', value: 1 } as const;
    assert.equal(await recordedOn(node, Promise.resolve(done)), done);
    assert.equal(problems.held.has('n1'), false);
  });
});
