/**
 * Single-user requests of a plan (PATCH, bindings, re-reads), many at a time under AdaptiveConcurrency:
 * it grows while answers stay fast and shrinks on a 429 or rising latency. A 429 is the panel refusing
 * before it did anything, so that request alone is sent again after the pause; every other outcome is the
 * caller's. Stops starting new requests once `stop` aborts (what was sent finishes). No `vscode` import.
 */
import { AdaptiveConcurrency } from '../api/adaptiveConcurrency';
import { PanelHttpError } from '../api/errors';

const MAX_429_RETRIES = 5;

export interface PoolOptions {
  readonly cap: number;
  readonly stop?: AbortSignal;
}

/** Runs `work` on every item; resolves with the items it never started (cancelled). */
export async function adaptivePool<T>(items: readonly T[], options: PoolOptions, work: (item: T) => Promise<void>): Promise<T[]> {
  const concurrency = new AdaptiveConcurrency(options.cap);
  const waiting = [...items];
  const retries = new Map<T, number>();
  const inFlight = new Set<Promise<void>>();
  const send = (item: T) => {
    const sent = concurrency.dispatch(inFlight.size + 1);
    const started = Date.now();
    const done = work(item).then(
      () => concurrency.answered(Date.now() - started, sent),
      (error: unknown) => {
        const tries = retries.get(item) ?? 0;
        if (error instanceof PanelHttpError && error.status === 429 && tries < MAX_429_RETRIES) {
          retries.set(item, tries + 1);
          concurrency.failed(sent, error.retryAfterMs ?? 500 * 2 ** tries, true);
          waiting.unshift(item);
          return;
        }
        throw error;
      },
    );
    const tracked = done.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  let failure: { error: unknown } | undefined;
  while ((waiting.length > 0 && !options.stop?.aborted && !failure) || inFlight.size > 0) {
    while (waiting.length > 0 && !options.stop?.aborted && !failure && inFlight.size < concurrency.limit && concurrency.pauseLeft() === 0) {
      send(waiting.shift() as T);
    }
    const next: Promise<unknown>[] = [...inFlight].map((promise) => promise.catch((error: unknown) => { failure ??= { error }; }));
    if (waiting.length > 0 && concurrency.pauseLeft() > 0) next.push(new Promise((resolve) => setTimeout(resolve, concurrency.pauseLeft())));
    if (next.length === 0) break;
    await Promise.race(next);
  }
  if (failure) throw failure.error;
  return waiting;
}
