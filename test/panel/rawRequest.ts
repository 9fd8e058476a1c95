/**
 * A bare node:http(s) client for the simulator's own tests: it can send what a well-behaved client never
 * would (two Authorization headers, malformed JSON) and reads every answer as bytes.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { parseExact, stringifyExact } from './exactJson';

export interface RawRequest {
  method?: string;
  /** Path with query, e.g. `/api/v1/keys?page=2`. */
  path: string;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
  headers?: Record<string, string | string[]>;
  /** Serialised as JSON (Content-Type application/json); bigints as their digits. */
  json?: unknown;
  /** Sent as is. */
  body?: string | Buffer;
  ca?: string;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The body as JSON; integers beyond 2^53 are bigints. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of any shape and assert on them
  json<T = any>(): T;
}

export function rawRequest(origin: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(request.path, origin);
  const headers: Record<string, string | string[]> = { ...(request.headers ?? {}) };
  if (request.token !== undefined) headers.Authorization = `Bearer ${request.token}`;
  let body = request.body;
  if (request.json !== undefined) {
    body = stringifyExact(request.json);
    headers['Content-Type'] ??= 'application/json';
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, { method: request.method ?? 'GET', headers, agent: false, ...(request.ca ? { ca: request.ca } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes, text, json: () => parseExact(text) as never });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
