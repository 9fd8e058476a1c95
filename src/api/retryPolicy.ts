/**
 * When and how long to wait before retrying a read (spec 7.3: reads can be retried with bounded delay
 * after transient failures; mutations never are).
 */
import type { RetryOptions } from './options';

/** Statuses after which a read is retried: node operation failure, node offline, gateway timeout, rate limited. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const positive = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
  return {
    maxAttempts: Math.max(1, Math.trunc(positive(options.maxAttempts, 3))),
    baseDelayMs: positive(options.baseDelayMs, 300),
    maxDelayMs: positive(options.maxDelayMs, 5_000),
    maxRetryAfterMs: positive(options.maxRetryAfterMs, 30_000),
  };
}

/**
 * `Retry-After` in milliseconds: delta seconds or an HTTP date; undefined when absent or unreadable.
 * Dates in the past give 0.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): the server's Retry-After when given (capped),
 * otherwise exponential backoff with jitter: half the step fixed, half random.
 */
export function retryDelay(policy: RetryPolicy, attempt: number, retryAfterMs?: number, random = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Waits, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
