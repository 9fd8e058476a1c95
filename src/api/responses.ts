/**
 * Turning a received answer into a value or an error: JSON bodies, the error envelope of spec 2.5, and
 * clear errors for what a reverse proxy or a broken panel may send instead (HTML, empty, malformed JSON).
 */
import type { RouteSpec } from './catalog';
import { PanelHttpError, PanelResponseFormatError, type ExpectedBody, type FormatProblem, type PanelApiError } from './errors';
import { parseJsonExact, stringifyJsonExact } from './exactJson';
import { panelWordsOf } from './panelWords';

/** A fully read answer. */
export interface ReceivedBody {
  status: number;
  /** Content-Type header, '' when absent. */
  contentType: string;
  bytes: Uint8Array;
}

/** Answers larger than this are refused rather than held in memory. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Reads a body to the end, failing once it exceeds `limit` bytes. */
export async function readBody(body: AsyncIterable<Uint8Array>, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > limit) throw new RangeError(`the answer is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function isJsonType(contentType: string): boolean {
  return /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType.trim());
}

function looksLikeHtml(received: ReceivedBody): boolean {
  if (/^text\/html\b/i.test(received.contentType)) return true;
  const head = Buffer.from(received.bytes.subarray(0, 256)).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

/** The parsed JSON of a body, or what is wrong with it; `expected` names what should have come. */
function parseJson(received: ReceivedBody, expected: ExpectedBody): { value: unknown } | { problem: FormatProblem } {
  if (received.bytes.byteLength === 0) return { problem: { kind: 'emptyBody', expected } };
  if (looksLikeHtml(received)) return { problem: { kind: 'htmlPage', expected } };
  if (received.contentType && !isJsonType(received.contentType)) return { problem: { kind: 'notJson', expected } };
  try {
    return { value: parseJsonExact(Buffer.from(received.bytes).toString('utf8')) };
  } catch {
    return { problem: { kind: 'malformedJson' } };
  }
}

/** The JSON value of a 2xx answer; undefined for an empty answer when `allowEmpty`. */
export function jsonOf(received: ReceivedBody, route: RouteSpec, allowEmpty: boolean): unknown {
  if (allowEmpty && (received.status === 204 || received.bytes.byteLength === 0)) return undefined;
  const parsed = parseJson(received, 'json');
  if ('problem' in parsed) {
    throw new PanelResponseFormatError({ status: received.status, contentType: received.contentType, problem: parsed.problem, route });
  }
  return parsed.value;
}

/** A non-JSON 2xx answer (image, text) must at least not be empty or an HTML error page. */
export function assertPayload(received: ReceivedBody, route: RouteSpec): void {
  const problem: FormatProblem | undefined = received.bytes.byteLength === 0
    ? { kind: 'emptyBody' }
    : looksLikeHtml(received)
      ? { kind: 'htmlPage' }
      : undefined;
  if (problem) throw new PanelResponseFormatError({ status: received.status, contentType: received.contentType, problem, route });
}

/**
 * The error a non-2xx answer stands for. Panel text goes through `clean` (redaction) first. `retryAfterMs`
 * is the answer's Retry-After, kept on the error for callers that pace themselves (paging), also when the
 * body is not the API's error object (a reverse proxy's HTML page for a 429 or 503).
 */
export function errorOf(received: ReceivedBody, route: RouteSpec, clean: (text: string) => string, retryAfterMs?: number): PanelApiError {
  const parsed = parseJson(received, 'errorObject');
  const envelope = 'value' in parsed ? envelopeOf(parsed.value) : undefined;
  if (!envelope) {
    const problem: FormatProblem = 'problem' in parsed ? parsed.problem : { kind: 'notErrorObject' };
    return new PanelResponseFormatError({ status: received.status, contentType: received.contentType, problem, route, retryAfterMs });
  }
  const fields = envelope.fields
    ? Object.fromEntries(Object.entries(envelope.fields).map(([name, why]) => [clean(name), clean(why)]))
    : undefined;
  return new PanelHttpError({
    status: received.status,
    code: clean(envelope.code),
    panelMessage: clean(envelope.message),
    fields,
    details: envelope.details.map(clean),
    route,
    retryAfterMs,
  });
}

/**
 * `{ error: { code, message, fields? } }`, read defensively; the error object's other words (`problems[]`,
 * `detail`…) are kept as `details`, so a refusal is quoted in the panel's own words wherever it puts them.
 */
function envelopeOf(value: unknown): { code: string; message: string; fields?: Record<string, string>; details: string[] } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const error = (value as { error?: unknown }).error;
  if (!error || typeof error !== 'object' || Array.isArray(error)) return undefined;
  const { code, message, fields } = error as Record<string, unknown>;
  const details = panelWordsOf(error, ['message', 'fields']);
  if (typeof code !== 'string' && typeof message !== 'string' && details.length === 0) return undefined;
  const out: { code: string; message: string; fields?: Record<string, string>; details: string[] } = {
    code: typeof code === 'string' ? code : '',
    message: typeof message === 'string' ? message : '',
    details,
  };
  if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
    out.fields = Object.fromEntries(
      Object.entries(fields as Record<string, unknown>).map(([name, why]) => [name, typeof why === 'string' ? why : stringifyJsonExact(why)]),
    );
  }
  return out;
}
