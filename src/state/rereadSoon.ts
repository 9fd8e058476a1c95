/**
 * "Read it again soon": after a change, one re-read of the panel's figures, however many changes came in a
 * burst. Each request restarts a short delay (a burst of answers, one read), but never waits longer than
 * `maxWaitMs` after the first; one read at a time (a request while one runs reads once more after it).
 * A request the operator's own action caused reads whatever the window's focus; one that only follows
 * other reads waits, while the window is unfocused, until it is focused again. No `vscode` import: time and
 * focus are injected, so unit tests drive them by hand.
 */
import type { Subscription } from './changeEmitter';
import { LatestLoad } from './latestLoad';
import type { PollScheduler } from './poller';

/** The window's focus as a store sees it (VS Code's `window.state`, or a test's). */
export interface WindowFocus {
  readonly focused: boolean;
  /** Fires when the window gains focus. */
  onDidFocus(listener: () => void): Subscription;
}

export interface RereadSoonOptions {
  /** The read; its signal aborts on `cancel` or `dispose`. */
  readonly read: (signal: AbortSignal) => Promise<void>;
  readonly delayMs: number;
  readonly maxWaitMs: number;
  readonly scheduler: PollScheduler;
  readonly now: () => number;
  readonly focus?: WindowFocus;
}

export const REAL_TIMERS: PollScheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RereadSoon {
  private timer: unknown;
  /** When the oldest request not yet read came. */
  private firstAt: number | undefined;
  /** A request not yet read came from the operator's action. */
  private acted = false;
  /** A request was due while the window was unfocused: read when it is focused again. */
  private waitingForFocus = false;
  /** The timer fired while a read ran: read once more after it. */
  private again = false;
  private readonly reading = new LatestLoad<void>();
  private readonly focusSubscription: Subscription | undefined;

  constructor(private readonly options: RereadSoonOptions) {
    this.focusSubscription = options.focus?.onDidFocus(() => {
      if (!this.waitingForFocus) return;
      this.waitingForFocus = false;
      this.due();
    });
  }

  /** Whether a read is waiting or running. */
  get pending(): boolean {
    return this.timer !== undefined || this.waitingForFocus || this.reading.busy;
  }

  /** Something changed: read again soon. `acted`: the operator's action changed it. */
  request(acted: boolean): void {
    if (acted) this.acted = true;
    const now = this.options.now();
    this.firstAt ??= now;
    this.clearTimer();
    const delay = Math.max(0, Math.min(this.options.delayMs, this.firstAt + this.options.maxWaitMs - now));
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = undefined;
      this.due();
    }, delay);
  }

  /** Forgets what is waiting and aborts the read that runs. */
  cancel(): void {
    this.clearTimer();
    this.firstAt = undefined;
    this.acted = false;
    this.waitingForFocus = false;
    this.again = false;
    this.reading.cancel();
  }

  dispose(): void {
    this.cancel();
    this.focusSubscription?.dispose();
  }

  private due(): void {
    if (this.firstAt === undefined) return; // cancelled meanwhile
    if (!this.acted && this.options.focus && !this.options.focus.focused) {
      this.waitingForFocus = true;
      return;
    }
    if (this.reading.busy) {
      this.again = true;
      return;
    }
    this.firstAt = undefined;
    this.acted = false;
    const read = this.reading.start(async (signal) => {
      try {
        await this.options.read(signal);
      } catch {
        // a failed re-read leaves the figures as the panel last gave them; the next change reads again
      }
    });
    void read.then(() => {
      // Changes came while it ran (`cancel` clears this): read once more, now that it has ended.
      if (!this.again) return;
      this.again = false;
      this.due();
    });
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    this.options.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
