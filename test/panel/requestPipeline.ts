/**
 * One request through the simulated panel: record it, apply an injected fault, authenticate, find the
 * catalog route (unlisted routes are 403 `route_unavailable`), authorize, run the handler, write the reply.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './apiError';
import { stringifyExact } from './exactJson';
import type { FaultQueue } from './faultQueue';
import { replaceAnswer } from './faultReplies';
import type { Handler, Reply } from './handlerTypes';
import type { InFlightGate } from './inFlightGate';
import type { PanelRuntime } from './panelRuntime';
import { decodeBody, encodeAnswer } from './randomReading';
import type { ReadingRoute } from './readings';
import { RequestBody } from './requestBody';
import { safeDecode, type Router } from './router';
import type { TokenAuthority } from './tokenAuthority';
import { thirdReadingAnswer } from './thirdReading';
import type { RecordedRequest } from './types';

const API_PREFIX = '/api/v1';
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface PipelineParts {
  runtime: PanelRuntime;
  authority: TokenAuthority;
  router: Router;
  handlers: ReadonlyMap<string, Handler>;
  faults: FaultQueue;
  requests: RecordedRequest[];
  /** Every request target (path and query) that held something shaped like a token; never cleared. */
  tokenUrls: string[];
  gate: InFlightGate;
  /** Added to every request (PanelOptions.latencyMs). */
  latencyMs: number;
  /** The ordinal of the TCP connection a request came on (1 for the first the panel accepted). */
  connectionOf(req: IncomingMessage): number | undefined;
}

/** The shape of the panel's API tokens (SHAPES.md): a token in a URL is always a client's mistake. */
const TOKEN_SHAPE = /pmt_[0-9a-f]{40}/i;

/** The request target percent-decoded where it is valid percent-encoding (`%zz` stays as written, never a 500). */
function decodedTarget(target: string): string {
  return target.replace(/(?:%[0-9a-f]{2})+/gi, (run) => safeDecode(run));
}

export function createRequestListener(parts: PipelineParts): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(parts, req, res).catch((error: unknown) => {
      if (!res.headersSent) writeReply(res, { status: 500, json: { error: { code: 'internal', message: String(error) } } });
      else res.destroy();
    });
  };
}

async function handle(parts: PipelineParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://panel.invalid');
  const record: RecordedRequest = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: headersOf(req.rawHeaders),
    receivedAt: Date.now(),
    connection: parts.connectionOf(req),
  };
  parts.requests.push(record);
  if (TOKEN_SHAPE.test(decodedTarget(req.url ?? ''))) parts.tokenUrls.push(req.url ?? '');
  res.on('finish', () => (record.status = res.statusCode));
  if (!parts.gate.enter(res)) {
    req.resume();
    const limited = new ApiError(429, 'rate_limited', 'too many requests in flight', undefined, { 'Retry-After': String(parts.gate.retryAfterSeconds) });
    writeReply(res, errorReply(limited));
    return;
  }

  const fault = parts.faults.take(method, url.pathname);
  if (fault?.kind === 'reset') {
    replaceAnswer(fault, req, res);
    return;
  }
  const raw = await readBody(req);
  if (raw === undefined) {
    writeReply(res, errorReply(new ApiError(413, 'too_large', 'the body is too large')));
    return;
  }
  // The body as text (its first 64 KiB) when there was one.
  if (raw.length > 0) record.body = raw.subarray(0, 65_536).toString('utf8');
  if (parts.latencyMs > 0) await new Promise<void>((resolve) => parts.runtime.scheduler.after(parts.latencyMs, resolve));
  if (fault?.kind === 'latency') await new Promise<void>((resolve) => parts.runtime.scheduler.after(fault.ms, resolve));
  if (fault && replaceAnswer(fault, req, res)) return;

  const reply = answer(parts, req, method, url, new RequestBody(raw, req.headers['content-type']));
  if (fault?.kind === 'drop-after-apply') {
    if (!fault.committedOnly || ('status' in reply && reply.status < 300)) {
      req.socket.destroy();
      return;
    }
    parts.faults.giveBack(fault);
  }
  if (fault?.kind === 'answer-after-apply' && 'status' in reply && reply.status < 300) {
    writeReply(res, { status: fault.status ?? 200, json: fault.json });
    return;
  }
  if ('stream' in reply) reply.stream(res, parts.runtime.scheduler.signal);
  else writeReply(res, reply);
}

function answer(parts: PipelineParts, req: IncomingMessage, method: string, url: URL, body: RequestBody): Reply {
  try {
    const path = url.pathname;
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) throw new ApiError(404, 'not_found', 'not found');
    const caller = parts.authority.authenticate(req.rawHeaders);
    const relative = path.slice(API_PREFIX.length) || '/';
    const match = parts.router.match(method, relative);
    if (!match) throw new ApiError(403, 'route_unavailable', `${method} ${relative} is not available to personal tokens`);
    parts.authority.authorize(caller, match.route);
    const handler = parts.handlers.get(match.route.key);
    if (!handler) throw new ApiError(500, 'internal', `no handler for ${match.route.key}`);
    // A random reading decodes a silent route's body into the `first` shape before the handler, and shows its answer in the seed's shape after it.
    const seed = parts.runtime.readings.randomSeedOf(match.route.key);
    const taken = seed === undefined ? body : decodeBody(seed, match.route.key, body);
    const reply = handler({ params: match.params, query: url.searchParams, caller, body: taken, panel: parts.runtime });
    if (seed !== undefined && 'json' in reply && reply.status < 300) return { ...reply, json: encodeAnswer(seed, match.route.key, reply.json, path) };
    return parts.runtime.readings.of(match.route.key as ReadingRoute) === 'third' && 'json' in reply
      ? { ...reply, json: thirdReadingAnswer(match.route.key, reply.json) }
      : reply;
  } catch (error) {
    if (error instanceof ApiError) return errorReply(error);
    return { status: 500, json: { error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } } };
  }
}

function errorReply(error: ApiError): Reply & { headers?: Record<string, string> } {
  return { status: error.status, json: error.envelope(), headers: error.headers };
}

function writeReply(res: ServerResponse, reply: Reply & { headers?: Record<string, string> }): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if ('json' in reply) {
    const text = stringifyExact(reply.json);
    res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  } else if ('bytes' in reply) {
    res.writeHead(reply.status, { 'Content-Type': reply.contentType, 'Content-Length': Buffer.byteLength(reply.bytes) });
    res.end(reply.bytes);
  } else if ('status' in reply) {
    res.writeHead(reply.status);
    res.end();
  }
}

/** The body, or undefined when it exceeds the limit. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

export function headersOf(rawHeaders: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    const existing = headers[name];
    headers[name] = existing === undefined ? rawHeaders[i + 1] : [...(Array.isArray(existing) ? existing : [existing]), rawHeaders[i + 1]];
  }
  return headers;
}
