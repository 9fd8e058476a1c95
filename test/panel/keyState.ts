/** The derived key state of spec part 3, from the stored status and dates. */
import type { KeyRecord, KeyState } from './types';

const EXPIRING_WINDOW_MS = 7 * 24 * 3600_000;

/** revoked > disabled > expired > expiring (access ends within 7 days) > pending > active. */
export function deriveKeyState(key: KeyRecord, nowMs: number): KeyState {
  if (key.status === 'revoked' || key.revoked_at) return 'revoked';
  if (key.disabled_at) return 'disabled';
  if (key.expires_at) {
    const expires = Date.parse(key.expires_at);
    if (expires <= nowMs) return 'expired';
    if (expires - nowMs <= EXPIRING_WINDOW_MS) return 'expiring';
  }
  if (key.status === 'pending') return 'pending';
  return 'active';
}
