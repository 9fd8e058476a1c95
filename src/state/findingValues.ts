/**
 * How the fleet to-do reads the panel's values: a member is taken only when it has the type the contract
 * gives it, so a member of another shape gives no finding and nothing throws. No `vscode` import.
 */
import type { User } from '../api/types';

/** A user: an object with a non-empty string id. */
export function userOf(value: unknown): User | undefined {
  return isRecord(value) && typeof value.id === 'string' && value.id !== '' ? value as User : undefined;
}

/** Active: the panel's state says active or expiring; without a state word, the stored status says active. */
export function isActive(user: User): boolean {
  const state = textOf(user.state)?.toLowerCase();
  if (state !== undefined) return state === 'active' || state === 'expiring';
  return textOf(user.status)?.toLowerCase() === 'active';
}

/** A string with more than white space. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A finite number. */
export function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
