/**
 * Reads a connected panel's configuration as documents, one per resource, defensively (spec "not shown":
 * any JSON object; lists under `items`, `data` or bare; members we rely on may be absent): the settings,
 * each node with its site, blocklist, web policy and reliability, each site template in full, each
 * branding profile, and the users in the users table's terms. A part the token may not read (403) is left
 * out and named in `unread`; a member absent from a document is one the folder does not manage.
 * Nothing secret is kept: no token, user secret, link, subscription address, install command or
 * registration secret is read into a document. No `vscode` import.
 */
import { PanelHttpError } from '../api/errors';
import type { PanelApi } from '../api/index';
import type { JsonObject, JsonValue } from '../api/types';
import { brandingProfiles } from '../state/brandingModel';
import { inPool } from '../state/inPool';
import { listFromResponse } from '../api/listFromResponse';
import { memberNamed, scalarOf } from '../api/silentValues';
import { parseTemplateRecord, TEMPLATE_MEMBER_NAMES, templateIdOf, type TemplateShape } from '../state/siteTemplateRecord';
import { NodeNames, userStateOf, type UserState } from '../usersTable/userRows';
import { echoedObject, isObject, isSiteOwnedMember, withoutSecrets, type ResourceKind } from './folderFormat';
import { userFingerprint } from './userFingerprint';

/** One resource as the panel holds it, in the folder's terms. */
export interface LiveResource {
  readonly kind: ResourceKind;
  readonly id: string;
  readonly name: string;
  /** What the resource's file holds (a template's html, css and variables included). */
  readonly doc: JsonObject;
  /** The panel's version and clock for it, when it shows them (kept in the state file). */
  readonly version?: string | number;
  readonly updatedAt?: string;
  /** Templates: built into the panel (never changed or deleted). */
  readonly builtin?: boolean;
  /** Templates: the variables as the panel gave them (what a change is sent in the shape of). */
  readonly variablesAsRead?: JsonValue;
  /** Nodes: the name the panel gives its site's template id (`template_id`, `template`…), what a change is sent under. */
  readonly siteTemplateMember?: string;
  /** Templates: the names and shapes the panel gave its members in (what a body about it is written in). */
  readonly templateShape?: TemplateShape;
}

export interface LivePanel {
  readonly origin: string;
  readonly settings?: LiveResource;
  /** In the panel's order. */
  readonly nodes: readonly LiveResource[];
  readonly templates: readonly LiveResource[];
  readonly branding: readonly LiveResource[];
  /** undefined when the users could not be read. */
  readonly users?: readonly UserState[];
  readonly names: NodeNames;
  /** Parts the token may not read (`settings`, `nodes.site`, `users`…): left out of the documents. */
  readonly unread: readonly string[];
}

export type FolderApi = Pick<PanelApi, 'baseUrl' | 'keys' | 'nodes' | 'siteTemplates' | 'branding' | 'settings' | 'refusedFields'>;

export interface ReadOptions {
  readonly signal?: AbortSignal;
  /** Nodes and templates read at once (default 32; a node is four reads). */
  readonly maxConcurrency?: number;
  /** Read the users too (default true). */
  readonly users?: boolean;
}

/** The parts of one node read beside its list entry. */
export interface NodeParts {
  site?: JsonObject;
  blocklist?: JsonObject;
  web_policy?: JsonObject;
  reliability?: JsonObject;
}

const NODE_PARTS = ['site', 'blocklist', 'web_policy', 'reliability'] as const;

export async function readPanel(api: FolderApi, options: ReadOptions = {}): Promise<LivePanel> {
  const unread = new Set<string>();
  const signal = options.signal;
  const cap = options.maxConcurrency ?? 32;
  const usersRead = options.users === false ? Promise.resolve(undefined) : readUsers(api, signal, unread);
  const settingsRead = optional(() => api.settings.get({ signal }), 'settings', unread);
  const brandingRead = optional(() => api.branding.profiles.list({}, { signal }), 'branding', unread);
  const templatesRead = readTemplates(api, cap, signal, unread);
  const nodeList = await optional(() => api.nodes.list({ signal }), 'nodes', unread);
  const items = listFromResponse(nodeList, ['items', 'nodes', 'data']).filter(isObject);
  // The node parts do not need the templates: read them while the templates are read.
  const parts = await inPool(items, cap, (item) => readNodeParts(api, idText(item.id), signal, unread));
  const templates = await templatesRead;
  const templateNames = new Map(templates.map((template) => [template.id.toLowerCase(), template.name]));
  const nodes: LiveResource[] = [];
  items.forEach((item, index) => {
    const part = parts[index];
    if (part === null) return; // gone while read
    nodes.push(nodeResource(item, index + 1, part, templateNames));
  });
  const settingsAnswer = await settingsRead;
  const settings: LiveResource | undefined = isObject(settingsAnswer) ? {
    kind: 'settings', id: 'settings', name: 'settings', doc: echoedObject(settingsAnswer),
    ...versionOf(settingsAnswer),
  } : undefined;
  const brandingAnswer = await brandingRead;
  const branding = brandingAnswer === undefined ? [] : brandingResources(brandingAnswer);
  const users = await usersRead;
  return {
    origin: api.baseUrl, settings, nodes, templates, branding, users,
    names: new NodeNames(nodes.map((node) => ({ id: node.id, name: node.name }))),
    unread: [...unread].sort(),
  };
}

/**
 * Every user, each once (the first copy of an id), read page by page: each page is made into users and
 * their fingerprints while the next pages are in flight, so that work is not left for after the last page
 * (the users are a large panel's longest read).
 */
async function readUsers(api: FolderApi, signal: AbortSignal | undefined, unread: Set<string>): Promise<UserState[] | undefined> {
  return optional(async () => {
    const users: UserState[] = [];
    const seen = new Set<string>();
    for await (const page of api.keys.allPages({ per_page: 200 }, { signal })) { // the contract's largest page
      for (const key of page.items) {
        if (typeof key?.id !== 'string' || seen.has(key.id)) continue;
        seen.add(key.id);
        const user = userStateOf(key);
        userFingerprint(user);
        users.push(user);
      }
    }
    return users;
  }, 'users', unread);
}

/** A read whose 403 (missing scope or role) leaves the part out; anything else fails the read. */
async function optional<T>(read: () => Promise<T>, part: string, unread: Set<string>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PanelHttpError && error.status === 403) {
      unread.add(part);
      return undefined;
    }
    throw error;
  }
}

/** A node's site, blocklist, web policy and reliability; null when the node is gone (404). */
export async function readNodeParts(api: FolderApi, id: string, signal: AbortSignal | undefined, unread: Set<string>): Promise<NodeParts | null> {
  try {
    const [site, blocklist, webPolicy, reliability] = await Promise.all([
      optional(() => api.nodes.site.get(id, { signal }), 'nodes.site', unread),
      optional(() => api.nodes.blocklist.get(id, { signal }), 'nodes.blocklist', unread),
      optional(() => api.nodes.webPolicy.get(id, { signal }), 'nodes.web_policy', unread),
      optional(() => api.nodes.reliability.get(id, { signal }), 'nodes.reliability', unread),
    ]);
    const parts: NodeParts = {};
    if (isObject(site)) parts.site = site;
    if (isObject(blocklist)) parts.blocklist = blocklist;
    if (isObject(webPolicy)) parts.web_policy = webPolicy;
    if (isObject(reliability)) parts.reliability = reliability;
    return parts;
  } catch (error) {
    if (error instanceof PanelHttpError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The members of a node's list entry the folder manages, each under the names a panel may give it (spec 2.3
 * names only `name`; the others are silent): the file holds each under the name, and in the shape, the
 * panel used, and a change goes back so.
 */
export const NODE_MEMBERS = {
  name: ['name'], hostname: ['hostname', 'host', 'fqdn'], region: ['region', 'location'], note: ['note', 'notes', 'comment'],
} as const satisfies Record<string, readonly string[]>;

/** Every name of a managed member of a node's entry, in the order a node's file lists them. */
export const NODE_FIELDS: readonly string[] = Object.values(NODE_MEMBERS).flat();

/** The names a node's hostname may have. */
export const HOSTNAME_NAMES: readonly string[] = NODE_MEMBERS.hostname;

/** A node's hostname as text, under whichever name and in whichever shape it is held; undefined when none. */
export function hostnameOf(record: JsonObject): string | undefined {
  const scalar = scalarOf(memberNamed(record, HOSTNAME_NAMES)?.value);
  return typeof scalar === 'string' ? scalar : undefined;
}

/** A node's document: the managed members of its entry, its place in the panel's order, and its parts. */
export function nodeResource(item: JsonObject, order: number, parts: NodeParts, templateNames: ReadonlyMap<string, string>): LiveResource {
  const doc: JsonObject = {};
  for (const names of Object.values(NODE_MEMBERS)) {
    const member = memberNamed(item, names);
    if (member) doc[member.name] = withoutSecrets(member.value as JsonValue);
  }
  doc.order = order;
  if (parts.site) doc.site = siteDoc(parts.site, templateNames);
  for (const part of NODE_PARTS) if (part !== 'site' && parts[part]) doc[part] = echoedObject(parts[part]);
  const id = idText(item.id);
  const templateMember = parts.site ? memberNamed(parts.site, SITE_TEMPLATE_IDS)?.name : undefined;
  return { kind: 'node', id, name: typeof item.name === 'string' ? item.name : id, doc, ...(templateMember ? { siteTemplateMember: templateMember } : {}) };
}

/** The names a site's template reference may have: by id, by name (the panel's; the folder names templates). */
export const SITE_TEMPLATE_IDS: readonly string[] = ['template_id', 'templateId', 'template'];
const SITE_TEMPLATE_NAMES = ['template_name', 'templateName', 'template_title', 'templateTitle'];

/** A node's site: the template by name (null for none), and the other members echoed (the panel's own left out by rule). */
function siteDoc(site: JsonObject, templateNames: ReadonlyMap<string, string>): JsonObject {
  const owned = Object.keys(site).filter(isSiteOwnedMember);
  const doc = echoedObject(site, [...SITE_TEMPLATE_IDS, ...SITE_TEMPLATE_NAMES, 'upstream_url', ...owned]);
  const idMember = memberNamed(site, SITE_TEMPLATE_IDS);
  const nameMember = memberNamed(site, SITE_TEMPLATE_NAMES);
  const idScalar = scalarOf(idMember?.value);
  const nameScalar = scalarOf(nameMember?.value);
  const templateId = typeof idScalar === 'string' && idScalar !== '' ? idScalar : undefined;
  if (idMember || nameMember) {
    doc.template = templateId ? templateNames.get(templateId.toLowerCase()) ?? (typeof nameScalar === 'string' ? nameScalar : templateId) : null;
  }
  if (Object.hasOwn(site, 'upstream_url') && !Object.hasOwn(site, 'upstream')) doc.upstream = withoutSecrets(site.upstream_url);
  return Object.fromEntries(Object.keys(doc).sort().map((name) => [name, doc[name]]));
}

/** The names a node site's upstream may have in its file (`upstream_url` is written as `upstream`). */
export const UPSTREAM_NAMES: readonly string[] = ['upstream', 'upstream_url', 'upstreamUrl', 'backend'];

/** A node site answer's upstream as the folder writes it (any shape, under any of its names); undefined when it has none. */
export function siteUpstream(site: unknown): JsonValue | undefined {
  return isObject(site) ? memberNamed(siteDoc(site, new Map()), UPSTREAM_NAMES)?.value as JsonValue | undefined : undefined;
}

async function readTemplates(api: FolderApi, cap: number, signal: AbortSignal | undefined, unread: Set<string>): Promise<LiveResource[]> {
  const list = await optional(() => api.siteTemplates.list({ signal }), 'templates', unread);
  if (list === undefined) return [];
  const ids = listFromResponse(list, ['items', 'templates', 'data', 'results']).filter(isObject).map((item) => templateIdOf(item)).filter((id): id is string => id !== undefined);
  const read = await inPool(ids, cap, async (id) => {
    try {
      return templateResource(await api.siteTemplates.get(id, { signal }), id);
    } catch (error) {
      if (error instanceof PanelHttpError && error.status === 404) return undefined;
      throw error;
    }
  });
  return read.filter((template): template is LiveResource => template !== undefined);
}

/** Members of a template answer that are its files or its flags, not "other fields". */
const TEMPLATE_OWN = [...Object.values(TEMPLATE_MEMBER_NAMES).flat(), 'builtin', 'built_in', 'builtIn', 'system', 'readonly', 'slug'];

export function templateResource(answer: unknown, fallbackId?: string): LiveResource | undefined {
  const record = parseTemplateRecord(answer, fallbackId);
  if (!record || !isObject(answer)) return undefined;
  const doc: JsonObject = { name: record.name };
  // The files hold the values (unwrapped, under the canonical names); the shape they came in is kept for the bodies.
  if (record.shape.description !== undefined) doc.description = record.description;
  if (record.builtin) doc.builtin = true;
  Object.assign(doc, echoedObject(answer, TEMPLATE_OWN));
  doc.html = record.html;
  doc.css = record.css;
  if (record.variablesAsRead !== undefined) doc.variables = record.variablesAsRead;
  return {
    kind: 'template', id: record.id, name: record.name, doc, builtin: record.builtin, variablesAsRead: record.variablesAsRead, templateShape: record.shape,
    ...(record.version === undefined ? {} : { version: record.version }),
    ...(record.updatedAt === undefined ? {} : { updatedAt: record.updatedAt }),
  };
}

/** The fields of spec 2.4 in the order a profile's file lists them. */
export const BRANDING_FILE_FIELDS = ['name', 'panel_name', 'primary_color', 'accent_color', 'theme_default', 'login_text', 'footer_text', 'support_link', 'custom_css'] as const;

export function brandingResources(answer: unknown): LiveResource[] {
  const raw = listFromResponse(answer, ['items', 'profiles', 'data']).filter(isObject);
  return brandingProfiles(answer, false).profiles.map((profile) => {
    const doc: JsonObject = {};
    for (const field of BRANDING_FILE_FIELDS) if (profile.fields[field] !== undefined) doc[field] = profile.fields[field] as string;
    doc.active = profile.active;
    const source = raw.find((item) => idText(item.id) === profile.id);
    return { kind: 'branding' as const, id: profile.id, name: profile.name || profile.id, doc, ...(source ? versionOf(source) : {}) };
  });
}

function versionOf(record: JsonObject): { version?: string | number; updatedAt?: string } {
  const version = record.version ?? record.revision ?? record.x_revision;
  return {
    ...(typeof version === 'number' || typeof version === 'string' ? { version } : {}),
    ...(typeof record.updated_at === 'string' ? { updatedAt: record.updated_at } : {}),
  };
}

/** An id as text: a string, or a number's digits; '' for anything else. */
export function idText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}
