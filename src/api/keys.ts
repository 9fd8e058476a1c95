/** Users (keys): every `keys.*` route of the catalog, plus paging over `GET /keys`. */
import { jsonBody, onId, type BinaryResponse, type CallOptions, type Transport } from './call';
import { clampPage, clampPerPage, pagedListing, type ListAllOptions, type PageReader, type PageReadOptions, type PagingSettings } from './paging';
import type { CreateKeyRequest, JsonObject, Key, KeyListQuery, KeyPage } from './types';

/** Fields of the create-key request (spec 2.2); nothing else is sent. */
const CREATE_FIELDS = ['label', 'type', 'node_ids', 'expires_at'] as const;

export interface KeysApi {
  /** One page of `GET /keys`; page and per_page are clamped to the contract (page >= 1, per_page 1..200). */
  list(query?: KeyListQuery, opts?: CallOptions): Promise<KeyPage>;
  /** Pages of `GET /keys` one after another, until `total` is reached or a page is empty. */
  pages(query?: KeyListQuery, opts?: CallOptions): AsyncIterableIterator<KeyPage>;
  /**
   * Every key matching the query, each once, in the panel's order: the first page, then the rest with
   * adaptive concurrency (at most `maxConcurrency`, default the client's 16); a page that fails transiently
   * is read again alone.
   */
  listAll(query?: KeyListQuery, opts?: ListAllOptions): Promise<Key[]>;
  /**
   * The pages of `listAll`, each yielded in order as soon as it and those before it are read (read ahead
   * with adaptive concurrency): for a caller that writes them out as they come, like Export Users. Stopping
   * the iteration cancels the pages in flight.
   */
  allPages(query?: KeyListQuery, opts?: ListAllOptions): AsyncIterableIterator<KeyPage>;
  /** `total` of the query, read with a one-item page. */
  count(query?: Omit<KeyListQuery, 'page' | 'per_page'>, opts?: CallOptions): Promise<number>;
  create(request: CreateKeyRequest, opts?: CallOptions): Promise<Key>;
  batch(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  bulk(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  import(body: JsonObject, opts?: CallOptions): Promise<JsonObject>;
  summary(opts?: CallOptions): Promise<JsonObject>;
  delete(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  get(id: string, opts?: CallOptions): Promise<Key>;
  /** PATCH with the given fields only (the body's shape is not shown by the spec). */
  update(id: string, changes: JsonObject, opts?: CallOptions): Promise<Key>;
  bindings: {
    add(id: string, body: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
    remove(id: string, nodeId: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  };
  disable(id: string, opts?: CallOptions): Promise<Key>;
  enable(id: string, opts?: CallOptions): Promise<Key>;
  /** Proxy links (sensitive: needs users:write). */
  links(id: string, opts?: CallOptions): Promise<JsonObject>;
  presence(id: string, opts?: CallOptions): Promise<JsonObject>;
  /** QR code image of the key's proxy link (PNG bytes). */
  qr(id: string, opts?: CallOptions): Promise<BinaryResponse>;
  revoke(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  rotate(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
  stats(id: string, opts?: CallOptions): Promise<JsonObject>;
  subscription: {
    create(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
    delete(id: string, opts?: CallOptions): Promise<JsonObject | undefined>;
    /** QR code image of the subscription link (PNG bytes). */
    qr(id: string, opts?: CallOptions): Promise<BinaryResponse>;
  };
}

/** Reads a `{items, total, page, per_page}` envelope defensively (a missing total means "read until empty"). */
const KEY_PAGE_READER: PageReader<KeyPage, Key> = {
  itemsOf: (page) => (Array.isArray(page?.items) ? page.items : []),
  totalOf: (page) => (typeof page?.total === 'number' ? page.total : undefined),
  perPageOf: (page) => (typeof page?.per_page === 'number' && page.per_page > 0 ? page.per_page : undefined),
};

function listQuery(query: KeyListQuery = {}): Record<string, string | number | undefined> {
  return {
    page: clampPage(query.page),
    per_page: clampPerPage(query.per_page),
    q: query.q,
    type: query.type,
    status: query.status,
    state: query.state,
    node: query.node,
  };
}

export function createKeysApi(t: Transport, paging: PagingSettings): KeysApi {
  const list = (query?: KeyListQuery, opts?: PageReadOptions): Promise<KeyPage> =>
    t.json<KeyPage>({ routeId: 'keys.list', query: listQuery(query), signal: opts?.signal, attempts: opts?.attempts });
  const paged = pagedListing(list, KEY_PAGE_READER, paging);

  return {
    list,
    pages: (query = {}, opts) => paged.pages(query, opts),
    listAll: async (query = {}, opts) => uniqueById((await paged.listAll(query, opts)).flatMap((page) => page.items)),
    allPages: (query = {}, opts) => paged.allPages(query, opts),
    count: async (query = {}, opts) => (await list({ ...query, page: 1, per_page: 1 }, opts)).total,
    create: (request, opts) =>
      t.json<Key>({ routeId: 'keys.create', body: jsonBody({ ...request }, CREATE_FIELDS), signal: opts?.signal }),
    batch: (body, opts) => t.json({ routeId: 'keys.batch', body: jsonBody(body), signal: opts?.signal }),
    bulk: (body, opts) => t.json({ routeId: 'keys.bulk', body: jsonBody(body), signal: opts?.signal }),
    import: (body, opts) => t.json({ routeId: 'keys.import', body: jsonBody(body), signal: opts?.signal }),
    summary: (opts) => t.json({ routeId: 'keys.summary', signal: opts?.signal }),
    delete: (id, opts) => t.jsonOrEmpty(onId('keys.delete', id, opts)),
    get: (id, opts) => t.json<Key>(onId('keys.get', id, opts)),
    update: (id, changes, opts) => t.json<Key>({ ...onId('keys.update', id, opts), body: jsonBody(changes) }),
    bindings: {
      add: (id, body, opts) => t.jsonOrEmpty({ ...onId('keys.bindings.add', id, opts), body: jsonBody(body) }),
      remove: (id, nodeId, opts) =>
        t.jsonOrEmpty({ routeId: 'keys.bindings.remove', params: { id, node: nodeId }, signal: opts?.signal }),
    },
    disable: (id, opts) => t.json<Key>(onId('keys.disable', id, opts)),
    enable: (id, opts) => t.json<Key>(onId('keys.enable', id, opts)),
    links: (id, opts) => t.json(onId('keys.links', id, opts)),
    presence: (id, opts) => t.json(onId('keys.presence', id, opts)),
    qr: (id, opts) => t.bytes(onId('keys.qr', id, opts)),
    revoke: (id, opts) => t.jsonOrEmpty(onId('keys.revoke', id, opts)),
    rotate: (id, opts) => t.jsonOrEmpty(onId('keys.rotate', id, opts)),
    stats: (id, opts) => t.json(onId('keys.stats', id, opts)),
    subscription: {
      create: (id, opts) => t.jsonOrEmpty(onId('keys.subscription.create', id, opts)),
      delete: (id, opts) => t.jsonOrEmpty(onId('keys.subscription.delete', id, opts)),
      qr: (id, opts) => t.bytes(onId('keys.subscription.qr', id, opts)),
    },
  };
}

/** Keys can shift between pages while they are read concurrently; keep the first copy of each id. */
function uniqueById(keys: Key[]): Key[] {
  const seen = new Set<string>();
  return keys.filter((key) => (seen.has(key.id) ? false : (seen.add(key.id), true)));
}
