/** Field validation shared by handlers; each check returns a message for `error.fields`, or undefined. */

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function isRfc3339(value: unknown): value is string {
  return typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value));
}

export function requiredString(value: unknown): string | undefined {
  if (value === undefined || value === null) return 'is required';
  if (typeof value !== 'string') return 'must be a string';
  if (value.trim() === '') return 'must not be empty';
  return undefined;
}

export function optionalString(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return undefined;
  return 'must be a string';
}

export function optionalBoolean(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  return 'must be a boolean';
}

export function oneOf(value: unknown, allowed: readonly string[], required = true): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value)) return `must be one of ${allowed.join(', ')}`;
  return undefined;
}

/** A future RFC 3339 date-time or null (no expiry). */
export function futureDateOrNull(value: unknown, now: Date): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRfc3339(value)) return 'must be an RFC 3339 date-time or null';
  if (Date.parse(value) <= now.getTime()) return 'must be in the future';
  return undefined;
}

/** Collects field messages; `throwIfAny` turns them into a 422. */
export class FieldErrors {
  readonly fields: Record<string, string> = {};

  check(field: string, message: string | undefined): void {
    if (message && !(field in this.fields)) this.fields[field] = message;
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }
}
