import type { PanelApi } from '../api/index';
import { isLostAnswer, PanelCancelledError } from '../api/errors';

/**
 * After a mutation whose answer was lost or unreadable: re-reads what the action touched, updates the
 * stores, and says in one sentence what the panel holds now. Never sends the mutation again.
 */
export type Reconciler = (api: PanelApi, signal: AbortSignal) => Promise<string | ReconciledAnswer>;

/**
 * What a re-read found, when the caller tells it itself (a found user is announced with Copy Link and
 * Show QR like any new user): the runner then tells nothing.
 */
export interface ReconciledAnswer {
  readonly message: string;
  readonly toldByCaller: true;
}

/** A mutation that has nothing to re-read after a lost answer, and why: written out, never implied. */
export interface NothingToReconcile {
  readonly nothingToReconcile: string;
}

/** How a mutation settles a lost answer: a re-read, or the named choice that there is nothing to re-read. */
export type Reconcile = Reconciler | NothingToReconcile;

/**
 * The explicit choice for a mutation whose lost answer needs no re-read (`why` says why, e.g. "a test
 * notification: sending it again is harmless and nothing on the panel changes"). A lost answer is then
 * told like any other failure.
 */
export function nothingToReconcile(why: string): NothingToReconcile {
  return { nothingToReconcile: why };
}

/** The re-read to run after a lost answer, or undefined for `nothingToReconcile`. */
export function reconcilerOf(reconcile: Reconcile | undefined): Reconciler | undefined {
  return typeof reconcile === 'function' ? reconcile : undefined;
}

/**
 * What the runner does with a failed action: `cancelled` when the user cancelled it (nothing is told),
 * `reconcile` for a lost or unreadable answer to a mutation that re-reads, `handledByCaller` when the
 * caller tells the user itself (e.g. a 422 shown on the prompt at fault), else `tell` one failure sentence.
 */
export type FailureRoute = 'cancelled' | 'reconcile' | 'handledByCaller' | 'tell';

export function failureRoute(
  error: unknown,
  facts: { readonly cancelledByUser: boolean; readonly reconciler: Reconciler | undefined; readonly handledByCaller: (error: unknown) => boolean },
): FailureRoute {
  if (error instanceof PanelCancelledError && facts.cancelledByUser) return 'cancelled';
  if (isLostAnswer(error) && facts.reconciler) return 'reconcile';
  return facts.handledByCaller(error) ? 'handledByCaller' : 'tell';
}
