/**
 * "Latest wins", the one way a superseded load is cancelled. `start` aborts the load before it and runs
 * the new one with a fresh signal; `join` shares the load that is running (or starts one); `cancel` aborts
 * whatever runs. The signal also aborts when the caller's own `signal` does. Free of `vscode`: stores use it
 * in plain Node, and VS Code's cancellation tokens are converted once, at the boundary (the action runner).
 */
export class LatestLoad<T> {
  private running: { readonly controller: AbortController; promise: Promise<T> } | undefined;

  /** Aborts the running load (if any) and starts `load`; its signal aborts when a later load starts. */
  start(load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.cancel();
    return this.begin(load, signal);
  }

  /** Shares the running load, or starts `load` when none runs. */
  join(load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.running?.promise ?? this.begin(load, signal);
  }

  /** Whether `signal` is the latest load's and that load was not cancelled. */
  isLatest(signal: AbortSignal): boolean {
    return this.running?.controller.signal === signal && !signal.aborted;
  }

  /** Whether a load runs now. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  cancel(): void {
    const running = this.running;
    this.running = undefined;
    running?.controller.abort();
  }

  dispose(): void {
    this.cancel();
  }

  private begin(load: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const stopWithOuter = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', stopWithOuter, { once: true });
    // The load starts now, with its signal live: one cancelled before it ran would miss its abort event.
    const running: { readonly controller: AbortController; promise: Promise<T> } = { controller, promise: Promise.resolve() as Promise<T> };
    this.running = running;
    let started: Promise<T>;
    try {
      started = Promise.resolve(load(controller.signal));
    } catch (error) {
      started = Promise.reject(error);
    }
    running.promise = started.finally(() => {
      outer?.removeEventListener('abort', stopWithOuter);
      if (this.running === running) this.running = undefined;
    });
    return running.promise;
  }
}
