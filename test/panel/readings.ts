/**
 * Three reasonable readings of the parts the spec does not show (SHAPES.md "Readings"), one switch per
 * route. `first` is what this simulator always did; `second` is another panel that keeps the same contract:
 * it names request fields as its resources carry them, refuses the ones it does not take with a 400 that
 * explains itself in `problems[]`, and owns some fields of its settings; `third` takes the other choice at
 * every silent point (template variables as an object of strings, import and batch bodies of `items`
 * only, another bulk body, lists bare or under `data`, objects with members never seen and without some
 * we rely on: thirdReading.ts). `random:<seed>` is a fourth kind, a seeded codec over `first` that varies
 * every silent shape of every route (randomReading.ts).
 */
import { ApiError } from './apiError';
import { isRandomReading, randomSeed, type RandomReading } from './randomReading';
import type { JsonBody, RequestBody } from './requestBody';

export { describeRandomReading, isRandomReading, randomSeed, UPSTREAM_OBJECT_SEED } from './randomReading';

export type Reading = 'first' | 'second' | 'third' | RandomReading;

/** The hand-written readings, for suites that run once per reading (`random:<seed>` is any seed besides). */
export const READINGS: readonly Reading[] = ['first', 'second', 'third'];

/** A reading by its name (`--reading`, `PANEL_OPS_READING`): one of READINGS or `random:<seed>`; undefined for anything else. */
export function readingNamed(name: string | undefined): Reading | undefined {
  return READINGS.find((reading) => reading === name) ?? (isRandomReading(name) ? name : undefined);
}

export const READING_ROUTES = [
  'POST /site-templates/validate',
  'POST /site-templates/{id}/customize',
  'POST /nodes',
  'PATCH /nodes/{id}',
  'POST /nodes/preflight/dns',
  'POST /nodes/{id}/diagnostics/web',
  'PUT /settings',
  'GET /site-templates',
  'GET /audit',
  // Routes only the third reading changes (the first and second play `first` on them).
  'GET /site-templates/{id}',
  'POST /site-templates',
  'PUT /site-templates/{id}',
  'POST /site-templates/import',
  'POST /keys/import',
  'POST /keys/batch',
  'POST /keys/bulk',
  'GET /keys/summary',
  'GET /keys/{id}/links',
  'GET /alerts',
  'POST /alerts/{id}/resolve',
  'POST /alerts/resolve',
  'GET /branding/profiles',
  'POST /branding/profiles',
  'PUT /branding/profiles/{id}',
  'POST /branding/profiles/{id}/activate',
  'GET /fleet/updates',
  'POST /fleet/updates',
  'POST /fleet/updates/{id}/stop',
  'GET /nodes',
  'GET /nodes/{id}',
  'PUT /nodes/order',
  'GET /nodes/{id}/probes',
  'GET /nodes/{id}/profiles',
  'GET /nodes/{id}/web/carriers',
  'GET /monitoring/web/carriers',
  'GET /settings',
] as const;

export type ReadingRoute = (typeof READING_ROUTES)[number];

/** The reading of each route; `reading` sets every route, `routes` overrides single ones. */
export interface ReadingOptions {
  reading?: Reading;
  routes?: Partial<Record<ReadingRoute, Reading>>;
}

let defaultReading: Reading = 'first';

/**
 * The reading of every panel started from now on whose options name none (`first` unless set): for a
 * suite run under one reading (the VS Code suite's `PANEL_OPS_READING`). A panel's own `reading` and
 * `routes` still win.
 */
export function setDefaultReading(reading: Reading): void {
  defaultReading = reading;
}

export class Readings {
  private readonly byRoute = new Map<ReadingRoute, Reading>();
  /** The reading of the routes outside READING_ROUTES (only a random reading changes them): the last one set on every route. */
  private others: Reading = 'first';

  constructor(options: ReadingOptions = {}) {
    this.set(options.reading ?? defaultReading);
    for (const [route, reading] of Object.entries(options.routes ?? {})) this.byRoute.set(route as ReadingRoute, reading);
  }

  of(route: ReadingRoute): Reading {
    return this.byRoute.get(route) ?? 'first';
  }

  /**
   * The seed of the random reading `route` plays (any route key, `GET /nodes/{id}/site` too), undefined when it
   * plays another reading. A route of READING_ROUTES plays what was set on it; any other route what was set on every route.
   */
  randomSeedOf(route: string): number | undefined {
    return randomSeed((READING_ROUTES as readonly string[]).includes(route) ? this.of(route as ReadingRoute) : this.others);
  }

  /** Plays `reading` on `routes` (every route of the switch, and with a random reading every silent route, when omitted) from the next request on. */
  set(reading: Reading, routes?: readonly ReadingRoute[]): void {
    if (routes === undefined) this.others = reading;
    for (const route of routes ?? READING_ROUTES) this.byRoute.set(route, reading);
  }
}

/**
 * The body with only `allowed` fields, as the second reading refuses others: 400 `bad_request` whose
 * `message` names no field and whose `problems[]` do (`{field, message: "unknown field"}`).
 */
export function secondReadingBody(body: RequestBody, allowed: readonly string[]): JsonBody {
  const all = body.json([...allowed, ...Object.keys(peek(body))]);
  const unknown = Object.keys(all).filter((field) => !allowed.includes(field));
  if (unknown.length > 0) throw refusal(unknown.map((field) => ({ field, message: 'unknown field' })));
  return all;
}

/** A 400 of the second reading, explained in `problems[]` only. */
export function refusal(problems: { field: string; message: string }[]): ApiError {
  return new ProblemsError(problems);
}

class ProblemsError extends ApiError {
  constructor(private readonly problems: { field: string; message: string }[]) {
    super(400, 'bad_request', 'the request was refused');
  }

  override envelope(): { error: { code: string; message: string; fields?: Record<string, string> } } {
    return { error: { code: this.code, message: this.message, problems: this.problems } as never };
  }
}

/** The top-level member names of a JSON object body (empty for anything else); parse errors surface in `json`. */
function peek(body: RequestBody): Record<string, unknown> {
  if (body.isEmpty) return {};
  try {
    const value: unknown = JSON.parse(body.raw.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
