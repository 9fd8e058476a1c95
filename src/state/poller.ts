/**
 * When to poll, separated from how: a scheduler is injected, so unit tests drive time by hand.
 * No `vscode` import. Rules: nothing while inactive, while the window is unfocused or with a zero
 * interval; one poll when focus returns (if polling is on, or a poll was missed); exponential backoff after failures; at most one poll in flight;
 * an outcome of 'stop' (token rejected, scope missing) halts polling until `activate()` is called again;
 * a poll still running at `activate()` answered for what came before (e.g. another panel), so its outcome
 * is ignored and a new poll follows it.
 */
export type PollOutcome = 'ok' | 'failed' | 'stop';

export interface PollScheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollerOptions {
  readonly run: () => Promise<PollOutcome>;
  readonly scheduler: PollScheduler;
  readonly intervalMs: number;
  readonly focused: boolean;
  /** Longest wait between polls after repeated failures; default 15 minutes (or the interval, if longer). */
  readonly maxBackoffMs?: number;
}

export class Poller {
  private intervalMs: number;
  private focused: boolean;
  private active = false;
  private stopped = false;
  private failures = 0;
  /** A poll was due while the window was unfocused. */
  private missed = false;
  private timer: unknown;
  private inFlight: Promise<void> | undefined;
  /** Counts activations, so a poll started before the latest one is followed by a new poll. */
  private activations = 0;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: PollerOptions) {
    this.intervalMs = Math.max(0, options.intervalMs);
    this.focused = options.focused;
    this.maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  }

  /** The delay before the next poll, or undefined when none is scheduled. */
  get nextDelayMs(): number | undefined {
    if (!this.canSchedule()) return undefined;
    const backoff = this.intervalMs * 2 ** Math.min(this.failures, 10);
    return this.failures === 0 ? this.intervalMs : Math.min(backoff, Math.max(this.maxBackoffMs, this.intervalMs));
  }

  /** Starts (or restarts after a 'stop') with a poll now, e.g. on connect; if unfocused, when focus returns. */
  activate(): Promise<void> {
    this.active = true;
    this.stopped = false;
    this.failures = 0;
    this.activations += 1;
    // A poll in flight started the new one when it ended: resolve when that one has ended too.
    if (this.inFlight) return this.inFlight.then(() => this.inFlight);
    if (this.focused) return this.pollNow();
    this.missed = true;
    return Promise.resolve();
  }

  /** No panel, or the token cannot read what is polled: nothing runs. */
  deactivate(): void {
    this.active = false;
    this.clearTimer();
  }

  setInterval(ms: number): void {
    const before = this.intervalMs;
    this.intervalMs = Math.max(0, ms);
    if (this.inFlight || this.intervalMs === before) return;
    this.schedule();
  }

  setFocused(focused: boolean): void {
    const returned = focused && !this.focused;
    this.focused = focused;
    if (!focused) this.clearTimer();
    else if (returned && (this.intervalMs > 0 || this.missed)) void this.pollNow();
  }

  /** Polls now unless a poll is already running (then waits for that one). */
  pollNow(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (!this.active || this.stopped) return Promise.resolve();
    this.clearTimer();
    this.missed = false;
    const activation = this.activations;
    this.inFlight = this.options
      .run()
      .catch((): 'failed' => 'failed')
      .then((outcome) => {
        if (activation !== this.activations) return;
        this.failures = outcome === 'failed' ? this.failures + 1 : 0;
        this.stopped = outcome === 'stop';
      })
      .finally(() => {
        this.inFlight = undefined;
        if (activation === this.activations) this.schedule();
        else if (this.focused) void this.pollNow();
        else this.missed = true;
      });
    return this.inFlight;
  }

  dispose(): void {
    this.deactivate();
  }

  private canSchedule(): boolean {
    return this.active && !this.stopped && this.focused && this.intervalMs > 0;
  }

  private schedule(): void {
    this.clearTimer();
    const delay = this.nextDelayMs;
    if (delay === undefined) return;
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = undefined;
      void this.pollNow();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.options.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
