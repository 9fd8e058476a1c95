/**
 * The random reading `random:<seed>` (SHAPES.md "Readings"): a codec layered on the `first` reading. Each
 * seed varies the silent shapes (randomShapes.ts) by a table of choices keyed by shape path
 * (randomChoices.ts): the `first` answer of a silent route is encoded after the handler, and the JSON body
 * of a silent route is decoded before it (randomCodec.ts), so the panel takes back what it gives and
 * refuses other shapes with the contract's errors.
 */
import { badRequest, validationFailed } from './apiError';
import { parseExact, stringifyExact } from './exactJson';
import { describeChoices, valueForm } from './randomChoices';
import { DecodeProblems, isPlainObject, RandomCodec } from './randomCodec';
import { RANDOM_ROUTES } from './randomShapes';
import { RequestBody } from './requestBody';

export type RandomReading = `random:${number}`;

/** The smallest seed whose node site shows `upstream` as an object `{url, enabled}` (a test in randomReading.test checks it). */
export const UPSTREAM_OBJECT_SEED = 0;

export function isRandomReading(name: unknown): name is RandomReading {
  return typeof name === 'string' && /^random:(0|[1-9]\d{0,9})$/.test(name) && Number(name.slice(7)) <= 0xffffffff;
}

/** The seed of `random:<seed>`; undefined for any other reading. */
export function randomSeed(name: unknown): number | undefined {
  return isRandomReading(name) ? Number(name.slice(7)) : undefined;
}

/** Whether the seed shows a node site's `upstream` as an object. */
export function wrapsUpstream(seed: number): boolean {
  return valueForm(seed, 'node.site.upstream', 'url').startsWith('wrapped-url');
}

/** The seed's table of choices, one line per varied shape path (`node.site.upstream: wrapped {url, enabled} ...`). */
export function describeRandomReading(seed: number): string[] {
  return [`random:${seed}`, ...describeChoices(seed).map((line) => `  ${line}`)];
}

/** Whether the random reading changes `route` (a route key such as `GET /nodes/{id}/site`). */
export function isRandomRoute(route: string): boolean {
  return Object.hasOwn(RANDOM_ROUTES, route);
}

/** The seed's shape of the `first` answer of `route` (unchanged when the route is not silent). */
export function encodeAnswer(seed: number, route: string, answer: unknown, self?: string): unknown {
  const shape = RANDOM_ROUTES[route]?.answer;
  return shape ? new RandomCodec(seed, self).encode(shape, '', answer) : answer;
}

/** The `first` answer behind the seed's answer of `route`; throws when the answer is not of the seed's shape. */
export function decodeAnswer(seed: number, route: string, answer: unknown): unknown {
  const shape = RANDOM_ROUTES[route]?.answer;
  if (!shape) return answer;
  const problems = new DecodeProblems();
  const decoded = new RandomCodec(seed).decode(shape, '', answer, problems);
  if (problems.any) throw new Error(`${route}: not the shape of random:${seed}: ${JSON.stringify(problems)}`);
  return decoded;
}

/**
 * The body of `route` as the `first` reading takes it: names and values decoded, the members the codec adds
 * and those the panel owns dropped. A body that is not a JSON object goes to the handler as it came (which
 * refuses it as `first` does). 400 `unknown_field` for a canonical name the seed renamed, 422 `validation`
 * for a value of another kind.
 */
export function decodeBody(seed: number, route: string, body: RequestBody): RequestBody {
  const spec = RANDOM_ROUTES[route];
  if (!spec?.body || body.isEmpty) return body;
  if ((body.contentType ?? '').split(';')[0].trim().toLowerCase() !== 'application/json') return body;
  let value: unknown;
  try {
    value = parseExact(body.raw.toString('utf8'));
  } catch {
    return body;
  }
  if (!isPlainObject(value)) return body;
  const problems = new DecodeProblems();
  const decoded = new RandomCodec(seed).decode(spec.body, '', value, problems) as Record<string, unknown>;
  if (problems.unknown.length > 0) {
    throw badRequest('unknown_field', `unknown field${problems.unknown.length > 1 ? 's' : ''}: ${problems.unknown.join(', ')}`);
  }
  if (problems.any) throw validationFailed(problems.fields);
  for (const name of spec.owned ?? []) delete decoded[name];
  return new RequestBody(Buffer.from(stringifyExact(decoded), 'utf8'), body.contentType);
}
