/** Sites: the cover website of a node (`nodes.site.*`) and site templates (`siteTemplates.*`). */
import type { RouteId } from './catalog';
import { jsonBody, onId, type CallOptions, type Transport } from './call';
import type { JsonObject } from './types';

export interface NodeSiteApi {
  get(nodeId: string, opts?: CallOptions): Promise<JsonObject>;
  set(nodeId: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  preview(nodeId: string, opts?: CallOptions): Promise<JsonObject>;
  upstream(nodeId: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
}

export interface SiteTemplatesApi {
  list(opts?: CallOptions): Promise<JsonObject>;
  create(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  import(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  validate(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  delete(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  get(id: string, opts?: CallOptions): Promise<JsonObject>;
  update(id: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  customize(id: string, body?: JsonObject, opts?: CallOptions): Promise<JsonObject>;
}

export function createNodeSiteApi(t: Transport): NodeSiteApi {
  return {
    get: (nodeId, opts) => t.json(onId('nodes.site.get', nodeId, opts)),
    set: (nodeId, body, opts) => t.jsonOrEmpty({ ...onId('nodes.site.set', nodeId, opts), body: jsonBody(body) }),
    preview: (nodeId, opts) => t.json(onId('nodes.site.preview', nodeId, opts)),
    upstream: (nodeId, body, opts) => t.jsonOrEmpty({ ...onId('nodes.site.upstream', nodeId, opts), body: jsonBody(body) }),
  };
}

export function createSiteTemplatesApi(t: Transport): SiteTemplatesApi {
  const post = (routeId: RouteId, body: JsonObject, opts?: CallOptions) =>
    t.json<JsonObject>({ routeId, body: jsonBody(body), signal: opts?.signal });
  return {
    list: (opts) => t.json({ routeId: 'siteTemplates.list', signal: opts?.signal }),
    create: (body, opts) => post('siteTemplates.create', body, opts),
    import: (body, opts) => post('siteTemplates.import', body, opts),
    validate: (body, opts) => post('siteTemplates.validate', body, opts),
    delete: (id, opts) => t.jsonOrEmpty(onId('siteTemplates.delete', id, opts)),
    get: (id, opts) => t.json(onId('siteTemplates.get', id, opts)),
    update: (id, body, opts) => t.json({ ...onId('siteTemplates.update', id, opts), body: jsonBody(body) }),
    customize: (id, body, opts) =>
      t.json({ ...onId('siteTemplates.customize', id, opts), body: body === undefined ? undefined : jsonBody(body) }),
  };
}
