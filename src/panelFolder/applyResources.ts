/**
 * Applying a folder plan, one kind of resource at a time: reading a template, a node, the branding profiles
 * or the settings again before a change, creating a template (found again by name after a lost answer), a
 * node's site, blocklist, web policy and reliability, a branding profile, and deletions. Used by
 * `applyFolder` (applyFolder.ts), which orders them. No `vscode` import.
 */
import { sendSiteUpstream, upstreamUrl } from '../state/siteUpstream';
import type { BrandingProfileUpdate, JsonObject, JsonValue } from '../api/types';
import { inPool } from '../state/inPool';
import { listFromResponse } from '../api/listFromResponse';
import { templateIdOf, templateMemberOf, templateNameOf, type TemplateMember, type TemplateShape } from '../state/siteTemplateRecord';
import { sendTemplate } from '../state/templateSend';
import { echoedObject, fingerprint, isObject, sameJson } from './folderFormat';
import { diffFields } from './folderPlan';
import {
  brandingResources, UPSTREAM_NAMES, hostnameOf, idText, NODE_MEMBERS, nodeResource, readNodeParts, siteUpstream, templateResource, type FolderApi, type LiveResource,
} from './readPanel';
import { fieldsOf, sent, status, type Step, type Track } from './applyOutcomes';

/** A node's members the panel may refuse to take on a create or an update (all but its name and hostname). */
export const OPTIONAL_NODE_FIELDS: readonly string[] = [...NODE_MEMBERS.region, ...NODE_MEMBERS.note];

export async function readTemplate(api: FolderApi, id: string): Promise<LiveResource | null | undefined> {
  try {
    return templateResource(await api.siteTemplates.get(id), id);
  } catch (error) {
    if (status(error) === 404) return null;
    if (status(error) === 429) throw error;
    return undefined;
  }
}

export async function findTemplate(api: FolderApi, name: string): Promise<string | undefined> {
  const listed = listFromResponse(await api.siteTemplates.list(), ['items', 'templates', 'data', 'results']).filter(isObject);
  const found = listed.find((item) => templateNameOf(item, undefined) === name);
  return found ? templateIdOf(found) : undefined;
}

/**
 * A new template: its variables in the shape the panel gives them (`shape`, another template's as read),
 * else the other shape (a panel refusing the shape names `variables`).
 */
export async function createTemplate(api: FolderApi, doc: JsonObject, shape: TemplateShape): Promise<{ step: Step; id?: string }> {
  const values: Partial<Record<TemplateMember, JsonValue>> = {};
  const rest: JsonObject = {};
  for (const [name, value] of Object.entries(doc)) {
    if (name === 'builtin') continue;
    const member = templateMemberOf(name);
    if (member !== undefined && member !== 'version') values[member] = value;
    else if (member === undefined) rest[name] = value;
  }
  const optional = [...Object.keys(values), ...Object.keys(rest)].filter((name) => !['name', 'html', 'variables'].includes(name));
  const name = typeof doc.name === 'string' ? doc.name : '';
  let id: string | undefined;
  const result = await sent(
    () => sendTemplate({ memory: api.refusedFields, route: 'siteTemplates.create', values, rest, shape, optional, send: (part) => api.siteTemplates.create(part) }),
    async () => {
      id = await findTemplate(api, name);
      return id !== undefined;
    },
  );
  const step: Step = { ...result.step, dropped: result.value ? [...result.value.dropped] : undefined };
  if (step.kind === 'reconciled') step.detail = { kind: 'lostCreated' };
  if (step.kind === 'notApplied') step.detail = { kind: 'lostNotCreated' };
  return { step, id: id ?? (result.value ? idText(result.value.value.id ?? result.value.value.template_id) || undefined : undefined) };
}

export async function findNode(api: FolderApi, doc: JsonObject): Promise<JsonObject | undefined> {
  const listed = listFromResponse(await api.nodes.list(), ['items', 'nodes', 'data']).filter(isObject);
  const hostname = hostnameOf(doc)?.toLowerCase();
  return listed.find((item) => (hostname !== undefined && hostnameOf(item)?.toLowerCase() === hostname))
    ?? listed.find((item) => item.name === doc.name);
}

/** The nodes of `ids` as the panel holds them now (one list, then each node's parts); null: gone, undefined: not read. */
export async function readNodes(api: FolderApi, ids: readonly string[], templateIds: ReadonlyMap<string, string>, cap: number): Promise<Map<string, LiveResource | null | undefined>> {
  const found = new Map<string, LiveResource | null | undefined>();
  if (ids.length === 0) return found;
  const templateNames = new Map([...templateIds].map(([name, id]) => [id.toLowerCase(), name]));
  let items: JsonObject[];
  try {
    items = listFromResponse(await api.nodes.list(), ['items', 'nodes', 'data']).filter(isObject);
  } catch (error) {
    if (status(error) === 429) throw error;
    return found;
  }
  const orderOf = new Map(items.map((item, index) => [idText(item.id).toLowerCase(), { item, order: index + 1 }]));
  await inPool(ids, cap, async (id) => {
    const entry = orderOf.get(id.toLowerCase());
    if (!entry) return void found.set(id.toLowerCase(), null);
    try {
      const parts = await readNodeParts(api, id, undefined, new Set());
      found.set(id.toLowerCase(), parts === null ? null : nodeResource(entry.item, entry.order, parts, templateNames));
    } catch (error) {
      if (status(error) === 429) throw error;
      found.set(id.toLowerCase(), undefined);
    }
  });
  return found;
}

/** A node's parts the change touches; true when its configuration changed. */
export async function applyNodeParts(api: FolderApi, track: Track, templateIds: ReadonlyMap<string, string>): Promise<boolean> {
  const id = track.id ?? '';
  const doc = track.change.doc ?? {};
  const creating = track.change.action === 'create';
  const fields = creating ? new Map(Object.entries(doc).flatMap(([name, value]): [string, JsonValue][] =>
    name === 'site' && isObject(value) ? Object.entries(value).map(([member, inner]) => [`site.${member}`, inner]) : [[name, value]]))
    : fieldsOf(track.change);
  let changed = false;
  const site: JsonObject = {};
  // The template by id, under the name the panel gives it (the contract is silent on the site's members).
  const templateMember = track.change.live?.siteTemplateMember ?? 'template_id';
  // The upstream, whatever the panel calls it, goes through its own route (the site's body does not take it).
  const upstreamField = UPSTREAM_NAMES.map((name) => `site.${name}`).find((field) => fields.has(field));
  for (const [field, value] of fields) {
    if (!field.startsWith('site.') || field === upstreamField || value === undefined) continue;
    const member = field.slice('site.'.length);
    if (member === 'template') site[templateMember] = typeof value === 'string' ? templateIds.get(value) ?? null : null;
    else site[member] = value;
  }
  if (creating && Object.keys(site).every((member) => (member === templateMember && site[member] === null) || (member === 'enabled' && site[member] === false) || (member === 'variables' && isObject(site[member]) && Object.keys(site[member]).length === 0))) {
    for (const member of Object.keys(site)) delete site[member]; // a new node's site is already so
  }
  const steps: { send: () => Promise<unknown>; holds: () => Promise<boolean> }[] = [];
  if (Object.keys(site).length > 0) {
    steps.push({
      send: () => api.nodes.site.set(id, site),
      holds: async () => {
        const back = echoedObject(await api.nodes.site.get(id));
        return Object.entries(site).every(([member, value]) => member === templateMember || sameJson(back[member], value));
      },
    });
  }
  if (upstreamField && !(creating && fields.get(upstreamField) === null)) {
    const upstream = fields.get(upstreamField) ?? null;
    steps.push({
      send: () => sendSiteUpstream(api, id, upstream),
      holds: async () => {
        const back = siteUpstream(await api.nodes.site.get(id));
        return sameJson(back, upstream) || (back !== undefined && upstreamUrl(back) === upstreamUrl(upstream));
      },
    });
  }
  const whole = (field: 'blocklist' | 'web_policy' | 'reliability', put: (body: JsonObject) => Promise<unknown>, get: () => Promise<JsonObject>) => {
    const value = fields.get(field);
    if (!isObject(value)) return;
    steps.push({ send: () => put(value), holds: async () => sameJson(echoedObject(await get()), echoedObject(value)) });
  };
  whole('blocklist', (body) => api.nodes.blocklist.put(id, body), () => api.nodes.blocklist.get(id));
  whole('web_policy', (body) => api.nodes.webPolicy.put(id, body), () => api.nodes.webPolicy.get(id));
  whole('reliability', (body) => api.nodes.reliability.put(id, body), () => api.nodes.reliability.get(id));
  for (const step of steps) {
    const result = await sent(step.send, step.holds);
    track.add(result.step);
    if (result.step.kind === 'applied' || result.step.kind === 'reconciled') changed = true;
  }
  return changed;
}

export async function readBranding(api: FolderApi): Promise<LiveResource[] | undefined> {
  try {
    return brandingResources(await api.branding.profiles.list());
  } catch (error) {
    if (status(error) === 429) throw error;
    return undefined;
  }
}

export async function applyProfile(api: FolderApi, track: Track, listed: readonly LiveResource[] | undefined): Promise<void> {
  const { change } = track;
  const doc = change.doc ?? {};
  if (change.action === 'update') {
    const now = listed === undefined ? undefined : listed.find((profile) => profile.id.toLowerCase() === (change.id ?? '').toLowerCase()) ?? null;
    if (now === null) return track.add({ kind: 'gone' });
    if (now === undefined) return track.add({ kind: 'conflict', detail: { kind: 'notRead' } });
    if (change.baseHash !== undefined && fingerprint(now.doc) !== change.baseHash) {
      return track.add({ kind: 'conflict', detail: { kind: 'changed', fields: diffFields('branding', doc, now) } });
    }
  } else {
    const name = typeof doc.name === 'string' ? doc.name : change.name;
    let id: string | undefined;
    const result = await sent(() => api.branding.profiles.create(name), async () => {
      id = (await readBranding(api))?.find((profile) => profile.name === name)?.id;
      return id !== undefined;
    });
    track.add(result.step);
    if (result.step.kind === 'reconciled') track.detail = { kind: 'lostCreated' };
    if (result.step.kind === 'notApplied') track.detail = { kind: 'lostNotCreated' };
    track.id = id ?? (result.value ? idText(result.value.id) || undefined : undefined);
    if (!track.id || !track.going) return;
  }
  const id = track.id ?? '';
  const fields = change.action === 'create' ? new Map(Object.entries(doc)) : fieldsOf(change);
  const update: Record<string, string> = {};
  for (const [field, value] of fields) {
    // A new profile already has its name; `active` is the activation below.
    if (field === 'active' || (field === 'name' && change.action === 'create')) continue;
    if (typeof value === 'string') update[field] = value;
  }
  if (Object.keys(update).length > 0) {
    const result = await sent(() => api.branding.profiles.update(id, update as BrandingProfileUpdate), async () => {
      const back = (await readBranding(api))?.find((profile) => profile.id === id);
      return back !== undefined && Object.entries(update).every(([field, value]) => back.doc[field] === value);
    });
    track.add(result.step);
  }
  if (fields.get('active') === true && track.going) {
    const result = await sent(() => api.branding.profiles.activate(id), async () => (await readBranding(api))?.find((profile) => profile.id === id)?.doc.active === true);
    track.add(result.step);
  }
}

export async function readSettings(api: FolderApi): Promise<LiveResource | null | undefined> {
  try {
    const answer = await api.settings.get();
    return isObject(answer) ? { kind: 'settings', id: 'settings', name: 'settings', doc: echoedObject(answer) } : undefined;
  } catch (error) {
    if (status(error) === 429) throw error;
    return undefined;
  }
}

export async function deleteResource(api: FolderApi, track: Track, kind: 'branding' | 'node' | 'template', templateIds: ReadonlyMap<string, string>, cap: number): Promise<void> {
  const id = track.change.id ?? '';
  const now = kind === 'template' ? await readTemplate(api, id)
    : kind === 'node' ? (await readNodes(api, [id], templateIds, cap)).get(id.toLowerCase())
      : await readBranding(api).then((listed) => (listed === undefined ? undefined : listed.find((profile) => profile.id.toLowerCase() === id.toLowerCase()) ?? null));
  if (now === null) return track.add({ kind: 'gone' });
  if (now === undefined) return track.add({ kind: 'conflict', detail: { kind: 'notRead' } });
  if (track.change.baseHash !== undefined && fingerprint(now.doc) !== track.change.baseHash) return track.add({ kind: 'conflict', detail: { kind: 'changed', fields: [] } });
  const send = (): Promise<unknown> => (kind === 'template' ? api.siteTemplates.delete(id) : kind === 'node' ? api.nodes.delete(id) : api.branding.profiles.delete(id));
  const reread = kind === 'template' ? () => api.siteTemplates.get(id) : kind === 'node' ? () => api.nodes.get(id) : async () => {
    if (!(await readBranding(api))?.some((profile) => profile.id === id)) throw new PanelHttpErrorLike();
  };
  const result = await sent(send, async () => {
    try {
      await reread();
      return false;
    } catch (error) {
      return status(error) === 404 || error instanceof PanelHttpErrorLike;
    }
  });
  track.add(result.step);
  if (result.step.kind === 'reconciled') track.detail = { kind: 'lostDeleted' };
  if (result.step.kind === 'notApplied') track.detail = { kind: 'lostStillThere' };
}

/** A profile no longer listed (what a 404 says for routes with a GET by id). */
class PanelHttpErrorLike extends Error {}
