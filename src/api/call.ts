/**
 * What a typed method asks of the transport: a catalog route by id, its path parameters, query and body,
 * and the kind of answer the route promises. Group files (keys.ts, nodes.ts, ...) only build these.
 */
import type { RouteId } from './catalog';
import type { JsonValue } from './types';

/** Last argument of every API method. */
export interface CallOptions {
  /** Cancels the call (and any retry wait). */
  signal?: AbortSignal;
}

export type QueryValue = string | number | boolean | undefined;

/** A binary part for multipart/form-data uploads. */
export interface UploadFile {
  bytes: Uint8Array;
  /** File name sent in the part's Content-Disposition; defaults to `upload`. */
  filename?: string;
  /** Defaults to `application/octet-stream`. */
  contentType?: string;
}

export type CallBody =
  | { kind: 'json'; value: JsonValue }
  | { kind: 'multipart'; field: string; file: UploadFile };

export interface Call {
  /** Catalog route id, e.g. `keys.disable`. */
  routeId: RouteId;
  /** Values for `{id}`, `{node}` placeholders; `{engine}`/`{messenger}` come from the client options. */
  params?: Readonly<Record<string, string | number>>;
  /** Query parameters; undefined values are not sent. */
  query?: Readonly<Record<string, QueryValue>>;
  body?: CallBody;
  signal?: AbortSignal;
  /** Attempts of a read in all (1: no retry); the client's retry policy when absent. Mutations get one. */
  attempts?: number;
}

/** A PNG (or other binary) answer, e.g. a QR code. */
export interface BinaryResponse {
  contentType: string;
  bytes: Uint8Array;
}

/** A streamed text answer (node logs). Iterate it for chunks as they arrive, or read everything. */
export interface TextStream extends AsyncIterable<string> {
  readonly contentType: string;
  /** Reads the rest of the stream into one string. */
  readAll(): Promise<string>;
  /** Stops reading and closes the connection's body; iteration ends. */
  cancel(): void;
}

/** The part of the client the typed methods use. */
export interface Transport {
  /** JSON answer required (any 2xx with a JSON body). */
  json<T>(call: Call): Promise<T>;
  /** JSON answer or no body (204, or an empty 200): resolves undefined without a body. */
  jsonOrEmpty<T>(call: Call): Promise<T | undefined>;
  bytes(call: Call): Promise<BinaryResponse>;
  text(call: Call): Promise<string>;
  stream(call: Call): Promise<TextStream>;
}

/** A call to a route whose path has one `{id}`. */
export function onId(routeId: RouteId, id: string, opts?: CallOptions): Call {
  return { routeId, params: { id }, signal: opts?.signal };
}

/** A JSON body of the given object with undefined members dropped (the panel rejects unknown fields). */
export function jsonBody(value: Record<string, unknown>, allowed?: readonly string[]): CallBody {
  const out: Record<string, JsonValue> = {};
  for (const [name, member] of Object.entries(value)) {
    if (member === undefined) continue;
    if (allowed && !allowed.includes(name)) continue;
    out[name] = member as JsonValue;
  }
  return { kind: 'json', value: out };
}
