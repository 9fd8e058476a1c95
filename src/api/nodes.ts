/** Nodes: every `nodes.*` route of the catalog except the node site routes (sites.ts), plus `status.update`. */
import type { RouteId } from './catalog';
import { jsonBody, onId, type CallOptions, type TextStream, type Transport } from './call';
import { clampJobsLimit } from './paging';
import { createNodeSiteApi, type NodeSiteApi } from './siteTemplates';
import type { ApplyJob, JsonObject, NodeList, PanelNode } from './types';

export interface NodesApi {
  /** `GET /nodes`: `{items, total}`, never paged. */
  list(opts?: CallOptions): Promise<NodeList>;
  get(id: string, opts?: CallOptions): Promise<PanelNode>;
  create(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  order(body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  preflightDns(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  delete(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  update(id: string, changes: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  /** Queues an apply: 202 `{queued: true}`, no job id. Poll the node and its jobs afterwards. */
  apply(id: string, opts?: CallOptions): Promise<JsonObject>;
  blocklist: {
    get(id: string, opts?: CallOptions): Promise<JsonObject>;
    put(id: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  check(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  diagnostics: {
    /** `GET /nodes/{id}/diagnostics` (needs nodes:write). */
    get(id: string, opts?: CallOptions): Promise<JsonObject>;
    /** `POST /nodes/{id}/diagnostics/web`. */
    web(id: string, body?: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  health(id: string, opts?: CallOptions): Promise<JsonObject>;
  /** Sensitive: the install command holds a registration secret. */
  installCommand(id: string, opts?: CallOptions): Promise<JsonObject>;
  /** Recent apply jobs, newest first as the panel sends them; `limit` is clamped to 1..100. */
  jobs(id: string, query?: { limit?: number }, opts?: CallOptions): Promise<ApplyJob[]>;
  /** Streams the node's logs as text chunks; cancel with `cancel()` or the signal. */
  logs(id: string, opts?: CallOptions): Promise<TextStream>;
  /** Prometheus text. */
  metrics(id: string, opts?: CallOptions): Promise<string>;
  probes(id: string, opts?: CallOptions): Promise<JsonObject>;
  profiles(id: string, opts?: CallOptions): Promise<JsonObject>;
  registrationSecret(id: string, opts?: CallOptions): Promise<JsonObject>;
  reliability: {
    get(id: string, opts?: CallOptions): Promise<JsonObject>;
    put(id: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  restart(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  stats(id: string, opts?: CallOptions): Promise<JsonObject>;
  /** `/nodes/{id}/{engine}-update` with the client's engine name. */
  engineUpdate: {
    get(id: string, opts?: CallOptions): Promise<JsonObject>;
    start(id: string, body?: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  webPolicy: {
    get(id: string, opts?: CallOptions): Promise<JsonObject>;
    put(id: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  web: {
    carriers(id: string, opts?: CallOptions): Promise<JsonObject>;
    lifecycle(id: string, body?: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  /** Cover website of a node (sites scopes). */
  site: NodeSiteApi;
}

/** "200 list of jobs": a bare array, or an object holding one under items/jobs/data. */
export function jobsFrom(value: unknown): ApplyJob[] {
  if (Array.isArray(value)) return value as ApplyJob[];
  if (value && typeof value === 'object') {
    for (const name of ['items', 'jobs', 'data']) {
      const list = (value as Record<string, unknown>)[name];
      if (Array.isArray(list)) return list as ApplyJob[];
    }
  }
  return [];
}

export function createNodesApi(t: Transport): NodesApi {
  const withBody = (routeId: RouteId, id: string, body: JsonObject | undefined, opts?: CallOptions) => ({
    ...onId(routeId, id, opts),
    body: body === undefined ? undefined : jsonBody(body),
  });

  return {
    list: (opts) => t.json<NodeList>({ routeId: 'nodes.list', signal: opts?.signal }),
    get: (id, opts) => t.json<PanelNode>(onId('nodes.get', id, opts)),
    create: (body, opts) => t.json({ routeId: 'nodes.create', body: jsonBody(body), signal: opts?.signal }),
    order: (body, opts) => t.jsonOrEmpty({ routeId: 'nodes.order', body: jsonBody(body), signal: opts?.signal }),
    preflightDns: (body, opts) => t.json({ routeId: 'nodes.preflightDns', body: jsonBody(body), signal: opts?.signal }),
    delete: (id, opts) => t.jsonOrEmpty(onId('nodes.delete', id, opts)),
    update: (id, changes, opts) => t.json(withBody('nodes.update', id, changes, opts)),
    apply: (id, opts) => t.json(onId('nodes.apply', id, opts)),
    blocklist: {
      get: (id, opts) => t.json(onId('nodes.blocklist.get', id, opts)),
      put: (id, body, opts) => t.jsonOrEmpty(withBody('nodes.blocklist.put', id, body, opts)),
    },
    check: (id, opts) => t.jsonOrEmpty(onId('nodes.check', id, opts)),
    diagnostics: {
      get: (id, opts) => t.json(onId('nodes.diagnostics', id, opts)),
      web: (id, body, opts) => t.jsonOrEmpty(withBody('nodes.diagnostics.web', id, body, opts)),
    },
    health: (id, opts) => t.json(onId('nodes.health', id, opts)),
    installCommand: (id, opts) => t.json(onId('nodes.installCommand', id, opts)),
    jobs: async (id, query = {}, opts) =>
      jobsFrom(await t.json<unknown>({ ...onId('nodes.jobs', id, opts), query: { limit: clampJobsLimit(query.limit) } })),
    logs: (id, opts) => t.stream(onId('nodes.logs', id, opts)),
    metrics: (id, opts) => t.text(onId('nodes.metrics', id, opts)),
    probes: (id, opts) => t.json(onId('nodes.probes', id, opts)),
    profiles: (id, opts) => t.json(onId('nodes.profiles', id, opts)),
    registrationSecret: (id, opts) => t.json(onId('nodes.registrationSecret', id, opts)),
    reliability: {
      get: (id, opts) => t.json(onId('nodes.reliability.get', id, opts)),
      put: (id, body, opts) => t.jsonOrEmpty(withBody('nodes.reliability.put', id, body, opts)),
    },
    restart: (id, opts) => t.jsonOrEmpty(onId('nodes.restart', id, opts)),
    stats: (id, opts) => t.json(onId('nodes.stats', id, opts)),
    engineUpdate: {
      get: (id, opts) => t.json(onId('nodes.engineUpdate.get', id, opts)),
      start: (id, body, opts) => t.jsonOrEmpty(withBody('nodes.engineUpdate.start', id, body, opts)),
    },
    webPolicy: {
      get: (id, opts) => t.json(onId('nodes.webPolicy.get', id, opts)),
      put: (id, body, opts) => t.jsonOrEmpty(withBody('nodes.webPolicy.put', id, body, opts)),
    },
    web: {
      carriers: (id, opts) => t.json(onId('nodes.web.carriers', id, opts)),
      lifecycle: (id, body, opts) => t.jsonOrEmpty(withBody('nodes.web.lifecycle', id, body, opts)),
    },
    site: createNodeSiteApi(t),
  };
}
