/**
 * Whether a failed read is worth sending again (spec 7.3: reads can be retried with bounded delay after
 * transient failures), for callers that retry themselves (paging): 429 and 5xx gateway answers, timeouts
 * and network errors are; a refused token, a missing scope, a cancellation or an untrusted certificate are not.
 */
import { PanelHttpError, PanelNetworkError, PanelResponseFormatError, PanelTimeoutError } from './errors';
import { isNodeOfflineAnswer } from './nodeFailure';
import { RETRYABLE_STATUSES } from './retryPolicy';

export interface TransientFailure {
  /** The panel asked to slow down (429). */
  readonly rateLimited: boolean;
  /** The answer's Retry-After in milliseconds, when it had one. */
  readonly retryAfterMs?: number;
}

export function transientFailure(error: unknown): TransientFailure | undefined {
  // "The node is offline" (503 in the API's error object on a node route) is an answer, not a hiccup.
  if (isNodeOfflineAnswer(error)) return undefined;
  // The error object of the API, or a body that is not (a reverse proxy's HTML page): both keep Retry-After.
  if ((error instanceof PanelHttpError || error instanceof PanelResponseFormatError) && RETRYABLE_STATUSES.has(error.status)) {
    return { rateLimited: error.status === 429, retryAfterMs: error.retryAfterMs };
  }
  if (error instanceof PanelTimeoutError && error.phase !== 'total') return { rateLimited: false };
  if (error instanceof PanelNetworkError && !error.certificateRejected) return { rateLimited: false };
  return undefined;
}
