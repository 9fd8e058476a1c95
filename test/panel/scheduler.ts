/** Timers and open streams of one simulated panel, all cancelled when it closes. */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly lifetime = new AbortController();

  /** Aborted when the panel closes; long-running responses (log streams) end on it. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  after(ms: number, task: () => void): void {
    if (this.lifetime.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, ms);
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.lifetime.abort();
  }
}
