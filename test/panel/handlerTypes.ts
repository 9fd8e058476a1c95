/** The contract between the server and the per-resource handlers. */
import type { ServerResponse } from 'node:http';
import type { PanelRuntime } from './panelRuntime';
import type { RequestBody } from './requestBody';
import type { Caller } from './tokenAuthority';

export interface HandlerContext {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly caller: Caller;
  readonly body: RequestBody;
  readonly panel: PanelRuntime;
}

/** A finished answer: JSON, raw bytes with a content type, no body (204), or a stream the handler writes itself. */
export type Reply =
  | { readonly status: number; readonly json: unknown }
  | { readonly status: number; readonly bytes: Buffer | string; readonly contentType: string }
  | { readonly status: 204 }
  | { readonly stream: (res: ServerResponse, until: AbortSignal) => void };

export type Handler = (ctx: HandlerContext) => Reply;

/** Handlers keyed by the spec form of the route, e.g. `POST /keys/{id}/disable` or `GET /nodes/{id}/<engine>-update`. */
export type HandlerTable = Readonly<Record<string, Handler>>;

export function ok(json: unknown): Reply {
  return { status: 200, json };
}

export function created(json: unknown): Reply {
  return { status: 201, json };
}

export function accepted(json: unknown): Reply {
  return { status: 202, json };
}

export const noContent: Reply = { status: 204 };
