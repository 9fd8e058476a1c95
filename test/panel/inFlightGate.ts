/**
 * Counts the requests the simulated panel is answering at once (from arrival to the end of the answer), the
 * most seen, and, when the `inFlightLimit` option is set, turns away with 429 and Retry-After every request
 * that arrives while more than `max` are in flight (itself included), like a rate-limiting reverse proxy.
 */
import type { ServerResponse } from 'node:http';
import type { InFlightStats, PanelOptions } from './types';

export class InFlightGate {
  private current = 0;
  private most = 0;
  private turnedAway = 0;

  constructor(private readonly limit: PanelOptions['inFlightLimit']) {}

  get stats(): InFlightStats {
    return { inFlight: this.current, maxInFlight: this.most, rejected: this.turnedAway };
  }

  /** Counts the request until its answer ends; false when it must be answered 429. */
  enter(res: ServerResponse): boolean {
    this.current += 1;
    this.most = Math.max(this.most, this.current);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      this.current -= 1;
    };
    res.once('finish', leave);
    res.once('close', leave);
    if (!this.limit || this.current <= this.limit.max) return true;
    this.turnedAway += 1;
    return false;
  }

  /** Seconds sent in Retry-After with a 429 of the limit. */
  get retryAfterSeconds(): number {
    return this.limit?.retryAfterSeconds ?? 1;
  }

  /** Forgets the most seen and the count of 429s (with the request log); requests in flight stay counted. */
  reset(): void {
    this.most = this.current;
    this.turnedAway = 0;
  }
}
