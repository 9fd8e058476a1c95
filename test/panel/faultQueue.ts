/** Injected faults, consumed by the next matching requests in the order they were injected. */
import type { Fault } from './types';

interface Pending {
  fault: Fault;
  remaining: number;
}

export class FaultQueue {
  private pending: Pending[] = [];

  inject(fault: Fault): void {
    this.pending.push({ fault, remaining: fault.times ?? 1 });
  }

  clear(): void {
    this.pending = [];
  }

  /** Gives back one use of a fault taken for a request it did not apply to (it goes first again). */
  giveBack(fault: Fault): void {
    const entry = this.pending.find((candidate) => candidate.fault === fault);
    if (entry) entry.remaining++;
    else this.pending.unshift({ fault, remaining: 1 });
  }

  /** The first fault matching this request, counted as used. */
  take(method: string, path: string): Fault | undefined {
    const entry = this.pending.find(({ fault }) => matches(fault, method, path));
    if (!entry) return undefined;
    entry.remaining--;
    if (entry.remaining <= 0) this.pending.splice(this.pending.indexOf(entry), 1);
    return entry.fault;
  }
}

function matches(fault: Fault, method: string, path: string): boolean {
  const match = fault.match;
  if (!match) return true;
  if (match.method && match.method.toUpperCase() !== method) return false;
  if (match.path instanceof RegExp) return match.path.test(path);
  if (typeof match.path === 'string') return match.path === path || `/api/v1${match.path}` === path;
  return true;
}
