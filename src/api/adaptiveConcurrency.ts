/**
 * How many pages a listing keeps in flight, adapted to the panel's answers: it starts small (or where the
 * client's last listing on this panel ended, ConcurrencyMemory), grows while answers stay fast (by half a
 * request per answer at first, 1.5 times per round trip, so a panel that limits concurrency sees a small
 * overshoot; then by one per round trip once it has shrunk), and shrinks
 * at once on a 429 or 503 (halved, with a pause for Retry-After or a backoff) and on rising latency, an
 * answer four times slower than the fastest (by a quarter, once per backlog: answers sent while the
 * backlog drains do not shrink it again). It never exceeds the cap. A 429 also teaches a ceiling: the
 * number in flight the panel accepted; that ceiling is probed again, by one, only after a long run of
 * answers at it, so a panel that limits concurrency sees a handful of 429s, not one per page.
 * Signals about requests sent before the last shrink are not counted twice. No I/O here (unit-tested).
 */

/** An answer slower than this many times the fastest one (and LATENCY_SLACK_MS more) means rising latency. */
const LATENCY_FACTOR = 4;
const LATENCY_SLACK_MS = 50;
/** Answers at the learnt ceiling before one more request in flight is tried. */
const PROBE_AFTER = 40;
const INITIAL = 4;
/** Growth per fast answer before the first shrink. */
const SLOW_START_STEP = 0.5;
/** How long a listing's end state is a good start for the client's next listing on the same panel. */
export const MEMORY_TTL_MS = 5 * 60_000;

/** Where a listing ended: what it kept in flight, the ceiling a 429 taught it, and whether it was still growing fast. */
export interface ConcurrencyState {
  readonly limit: number;
  /** Learnt from a 429; undefined when the panel never refused. */
  readonly ceiling?: number;
  readonly slowStart: boolean;
}

export interface Dispatch {
  /** The shrink count when the request was sent (see `generation`). */
  readonly generation: number;
  /** Requests in flight once it was sent, itself included. */
  readonly slot: number;
  /** When it was sent (the controller's clock). */
  readonly sentAt: number;
}

export class AdaptiveConcurrency {
  private value: number;
  private slowStart = true;
  private ceiling: number;
  private fastest = Infinity;
  private shrinks = 0;
  private answersAtCeiling = 0;
  private pausedUntil = 0;
  /** Requests sent before this were queued behind the backlog that made answers slow; their slowness is old news. */
  private drainedAt = 0;

  constructor(
    private readonly cap: number,
    private readonly now: () => number = Date.now,
    start?: ConcurrencyState,
  ) {
    this.cap = Math.max(1, Math.trunc(cap));
    this.ceiling = Math.min(this.cap, start?.ceiling ?? this.cap);
    this.value = Math.min(this.cap, start?.limit ?? INITIAL);
    this.slowStart = start?.slowStart ?? true;
  }

  /** Where this listing stands, for the next one (ConcurrencyMemory). */
  state(): ConcurrencyState {
    return { limit: this.limit, ceiling: this.ceiling < this.cap ? this.ceiling : undefined, slowStart: this.slowStart };
  }

  /** Requests that may be in flight now. */
  get limit(): number {
    return Math.max(1, Math.min(this.ceiling, Math.floor(this.value)));
  }

  /** What a request records when it is sent, with `slot` requests in flight (itself included). */
  dispatch(slot: number): Dispatch {
    return { generation: this.shrinks, slot, sentAt: this.now() };
  }

  /** Milliseconds before the next request may be sent (Retry-After or backoff); 0 when it may go now. */
  pauseLeft(): number {
    return Math.max(0, this.pausedUntil - this.now());
  }

  /** A page came back after `ms`. */
  answered(ms: number, sent: Dispatch): void {
    this.fastest = Math.min(this.fastest, ms);
    if (sent.generation !== this.shrinks) return;
    if (ms > Math.max(this.fastest * LATENCY_FACTOR, this.fastest + LATENCY_SLACK_MS)) {
      // Once per backlog: answers sent while it drains (one slow answer's time) would shrink it again and again.
      if (sent.sentAt >= this.drainedAt) {
        this.shrink(0.75);
        this.drainedAt = this.now() + ms;
      }
      return;
    }
    this.value = Math.min(this.cap, this.value + (this.slowStart ? SLOW_START_STEP : 1 / this.value));
    if (this.ceiling < this.cap && this.value >= this.ceiling && ++this.answersAtCeiling >= PROBE_AFTER) {
      this.ceiling += 1;
      this.answersAtCeiling = 0;
    }
  }

  /**
   * A page failed transiently (429, 503, another 5xx or the network) and will be sent again: nothing is sent
   * for `pauseMs`; a 429 (`rateLimited`) also sets the ceiling below the number that was in flight.
   */
  failed(sent: Dispatch, pauseMs: number, rateLimited: boolean): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + pauseMs);
    if (rateLimited && sent.slot - 1 < this.ceiling) {
      this.ceiling = Math.max(1, sent.slot - 1);
      this.answersAtCeiling = 0;
    }
    if (sent.generation === this.shrinks) this.shrink(0.5);
  }

  private shrink(factor: number): void {
    this.value = Math.max(1, Math.floor(Math.min(this.value, this.ceiling) * factor));
    this.slowStart = false;
    this.shrinks += 1;
  }
}

/**
 * The end state of a client's last listing, so that the next listing on the same panel starts where the
 * panel was last seen coping (like TCP's cached congestion window) instead of ramping up from 4 again,
 * and does not probe a ceiling a 429 taught minutes ago. Forgotten after MEMORY_TTL_MS.
 */
export class ConcurrencyMemory {
  private last: { state: ConcurrencyState; at: number } | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  recall(): ConcurrencyState | undefined {
    return this.last && this.now() - this.last.at < MEMORY_TTL_MS ? this.last.state : undefined;
  }

  remember(state: ConcurrencyState): void {
    this.last = { state, at: this.now() };
  }
}
