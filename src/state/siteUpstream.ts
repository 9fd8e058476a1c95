/**
 * A node site's upstream, sent in the shape the panel gives it (`POST /nodes/{id}/site/upstream`, whose
 * body the contract does not show): `{url}` holding the upstream as read (a URL, null, or an object such as
 * `{url, enabled}`). When the upstream is an object the panel refuses there (400 or 422 naming `url`), the
 * URL it holds is sent as `{url}`, then the object itself as the body (bodyEncodings.ts, remembered per
 * panel). The one sender of both the Set Site Upstream command and the panel folder's apply. No `vscode` import.
 */
import { sendEncoded, type RefusedFields } from '../api/bodyEncodings';
import type { CallOptions } from '../api/call';
import type { JsonObject, JsonValue } from '../api/types';

export interface UpstreamApi {
  readonly refusedFields: RefusedFields;
  readonly nodes: { readonly site: { upstream(nodeId: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined> } };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sends `upstream` (in the shape read) as a node site's upstream; see the file's comment. */
export async function sendSiteUpstream(api: UpstreamApi, id: string, upstream: JsonValue, opts?: CallOptions): Promise<JsonObject | undefined> {
  const send = (body: JsonObject | undefined) => api.nodes.site.upstream(id, body ?? {}, opts);
  const encodings = isObject(upstream)
    ? [
      { name: 'url as the panel gives the upstream', body: { url: upstream }, guessed: ['url'], send },
      { name: 'url as text', body: { url: upstreamUrl(upstream) ?? null }, guessed: ['url'], send },
      { name: 'the upstream as the body', body: upstream, guessed: Object.keys(upstream), send },
    ]
    : [{ name: 'url as the panel gives the upstream', body: { url: upstream }, send }];
  return (await sendEncoded({ memory: api.refusedFields, route: 'nodes.site.upstream', encodings })).value;
}

/** The URL an upstream holds: itself when text, else the first text member named like one; undefined when none. */
export function upstreamUrl(upstream: JsonValue | undefined): string | undefined {
  if (typeof upstream === 'string') return upstream;
  if (!isObject(upstream)) return undefined;
  for (const name of ['url', 'href', 'address', 'target', 'value']) if (typeof upstream[name] === 'string') return upstream[name];
  return undefined;
}
