// A scheduler whose time moves only when a test advances it, for the pollers and watchers of src/state.
import type { PollScheduler } from '../../../src/state/poller';

export class FakeClock implements PollScheduler {
  now = 0;
  private timers: { id: number; at: number; callback: () => void }[] = [];
  private nextId = 1;

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Delays of the timers now pending, from now. */
  pending(): number[] {
    return this.timers.map((timer) => timer.at - this.now);
  }

  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.now = due.at;
      due.callback();
      await settle();
    }
    this.now = end;
  }
}

export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

