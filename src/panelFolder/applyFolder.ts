/**
 * Applying a folder plan, in dependency order: site templates (before the sites that use them), nodes
 * (before their bindings), the nodes' order, each node's site, blocklist, web policy and reliability,
 * branding profiles, the settings, the users (through the users table's scheduler), then deletions, which
 * are only sent when the operator asked for them.
 *
 * Each resource is read again first: one the panel holds differently from what the plan was made against
 * (the pull in `folder` mode, the plan's read otherwise) is a conflict, skipped and listed; one the panel
 * no longer has is gone. A lost answer is never sent again: the resource is read back and the outcome is
 * what the panel holds (reconciled, or not applied); a lost create is looked for by name (or hostname) so
 * nothing is made twice. Bodies the contract does not show go through api/bodyEncodings.ts (optional
 * members a panel does not take are left out and reported). Returns the nodes whose configuration changed
 * (the VS Code layer offers to apply configuration on them). No `vscode` import.
 */
import { sendWithOptionalFields } from '../api/bodyEncodings';
import { sendSiteUpstream, upstreamUrl } from '../state/siteUpstream';
import { isLostAnswer, PanelHttpError } from '../api/errors';
import type { BrandingProfileUpdate, JsonObject, JsonValue } from '../api/types';
import { inPool } from '../state/inPool';
import { listFromResponse } from '../api/listFromResponse';
import { mergedTemplateShape, templateIdOf, templateMemberOf, templateNameOf, type TemplateMember, type TemplateShape } from '../state/siteTemplateRecord';
import { sendTemplate } from '../state/templateSend';
import { applyPlan, type ApplyResult, type OutcomeDetail, type UserOutcome } from '../usersTable/applyPlan';
import type { UsersPlan } from '../usersTable/usersPlan';
import { words } from '../usersTable/refusalWords';
import { echoedObject, fingerprint, isObject, sameJson, type ResourceKind } from './folderFormat';
import { diffFields, isPendingNode, pendingNodeId, type ChangeAction, type FieldChange, type FolderPlan, type ResourceChange } from './folderPlan';
import {
  brandingResources, HOSTNAME_NAMES, UPSTREAM_NAMES, hostnameOf, idText, NODE_FIELDS, NODE_MEMBERS, nodeResource, readNodeParts, siteUpstream, templateResource,
  type FolderApi, type LiveResource,
} from './readPanel';

/** A node's members the panel may refuse to take on a create or an update (all but its name and hostname). */
const OPTIONAL_NODE_FIELDS: readonly string[] = [...NODE_MEMBERS.region, ...NODE_MEMBERS.note];

export type ResourceOutcomeKind = 'applied' | 'reconciled' | 'conflict' | 'gone' | 'refused' | 'notApplied' | 'notSent';

/** Why, for a resource: the panel's words, a failure, what changed on the panel (a conflict), or what a read-back found. */
export type ResourceDetail =
  | Extract<OutcomeDetail, { kind: 'panel' | 'failed' | 'lostHeld' | 'lostNotHeld' | 'notRead' }>
  | { readonly kind: 'changed'; readonly fields: readonly FieldChange[] }
  | { readonly kind: 'lostCreated' | 'lostNotCreated' | 'lostDeleted' | 'lostStillThere' };

export interface ResourceOutcome {
  readonly kind: ResourceKind;
  readonly name: string;
  readonly action: ChangeAction;
  readonly outcome: ResourceOutcomeKind;
  readonly id?: string;
  /** The fields of the change (create: those sent). */
  readonly fields: readonly string[];
  readonly detail?: ResourceDetail;
  /** Optional members the panel did not take (400 naming them), left out. */
  readonly dropped?: readonly string[];
}

export interface ApplyFolderOptions {
  /** Send the plan's deletions (resources and users): the operator confirmed them. */
  readonly deleteRemoved?: boolean;
  /** Most requests in flight for node reads and users (default 8). */
  readonly maxConcurrency?: number;
  /** Stops between resources: the rest is "not sent". */
  readonly stop?: AbortSignal;
  readonly now?: () => number;
}

export interface FolderApplyResult {
  readonly outcomes: readonly ResourceOutcome[];
  readonly users?: ApplyResult;
  /** Nodes whose configuration changed (site, blocklist, web policy, reliability, users bound): apply configuration on them. */
  readonly changedNodes: readonly { readonly id: string; readonly name: string }[];
  readonly cancelled: boolean;
}

interface Step {
  kind: ResourceOutcomeKind;
  detail?: ResourceDetail;
  dropped?: string[];
}

const WORSE: readonly ResourceOutcomeKind[] = ['applied', 'reconciled', 'notApplied', 'refused', 'gone', 'conflict', 'notSent'];

/** One resource's outcome as its requests go: the worst of its steps. */
class Track {
  kind: ResourceOutcomeKind = 'applied';
  detail?: ResourceDetail;
  dropped: string[] = [];
  id?: string;

  constructor(readonly change: ResourceChange) {
    this.id = change.id;
  }

  add(step: Step): void {
    if (step.dropped) this.dropped.push(...step.dropped);
    if (WORSE.indexOf(step.kind) > WORSE.indexOf(this.kind)) {
      this.kind = step.kind;
      this.detail = step.detail;
    } else if (step.kind === this.kind && step.detail && !this.detail) this.detail = step.detail;
  }

  get going(): boolean {
    return this.kind === 'applied' || this.kind === 'reconciled';
  }

  outcome(): ResourceOutcome {
    const { change } = this;
    return {
      kind: change.kind, name: change.name, action: change.action, outcome: this.kind, ...(this.id ? { id: this.id } : {}),
      fields: change.fields.map((field) => field.field), ...(this.detail ? { detail: this.detail } : {}),
      ...(this.dropped.length > 0 ? { dropped: [...new Set(this.dropped)] } : {}),
    };
  }
}

function status(error: unknown): number | undefined {
  return error instanceof PanelHttpError ? error.status : undefined;
}

/** Sends one request; a lost answer is read back (`holds`), a 404 is gone, anything else refused in the panel's words. */
async function sent<T>(call: () => Promise<T>, holds: () => Promise<boolean>): Promise<{ value?: T; step: Step }> {
  try {
    return { value: await call(), step: { kind: 'applied' } };
  } catch (error) {
    if (isLostAnswer(error)) {
      const held = await holds().catch(() => false);
      return { step: held ? { kind: 'reconciled', detail: { kind: 'lostHeld' } } : { kind: 'notApplied', detail: { kind: 'lostNotHeld' } } };
    }
    if (status(error) === 404) return { step: { kind: 'gone' } };
    if (error instanceof PanelHttpError && error.status === 409 && error.code === 'version_conflict') {
      return { step: { kind: 'conflict', detail: words(error) as ResourceDetail } };
    }
    if (status(error) === 429) throw error;
    return { step: { kind: 'refused', detail: words(error) as ResourceDetail } };
  }
}

function fieldsOf(change: ResourceChange): Map<string, JsonValue | undefined> {
  return new Map(change.fields.map((field) => [field.field, field.to]));
}

export async function applyFolder(api: FolderApi, plan: FolderPlan, options: ApplyFolderOptions = {}): Promise<FolderApplyResult> {
  const cap = options.maxConcurrency ?? 8;
  const stopped = () => options.stop?.aborted === true;
  const tracks = plan.changes.filter((change) => change.action !== 'delete' || options.deleteRemoved).map((change) => new Track(change));
  const of = (kind: ResourceKind, action?: ChangeAction) => tracks.filter((track) => track.change.kind === kind && (action === undefined || track.change.action === action));
  const changedNodes = new Map<string, string>();
  const nodeNames = new Map(plan.live.nodes.map((node) => [node.id.toLowerCase(), node.name]));
  const templateIds = new Map(plan.live.templates.map((template) => [template.name, template.id]));
  const notSent = (list: readonly Track[]) => {
    for (const track of list) if (track.going) track.add({ kind: 'notSent' });
  };
  /** Checks a re-read resource against what the plan was made on: a conflict or gone stops the track. */
  const reread = (track: Track, now: LiveResource | null | undefined) => {
    if (now === null) track.add({ kind: 'gone' });
    else if (now === undefined) track.add({ kind: 'conflict', detail: { kind: 'notRead' } });
    else if (track.change.baseHash !== undefined && fingerprint(now.doc) !== track.change.baseHash) {
      track.add({ kind: 'conflict', detail: { kind: 'changed', fields: track.change.doc ? diffFields(track.change.kind, track.change.doc, now) : [] } });
    }
    return now ?? undefined;
  };

  // 1. Site templates.
  for (const track of of('template').filter((entry) => entry.change.action !== 'delete')) {
    if (stopped()) {
      notSent([track]);
      continue;
    }
    const { change } = track;
    const doc = change.doc ?? {};
    if (change.action === 'create') {
      const created = await createTemplate(api, doc, mergedTemplateShape(plan.live.templates.map((template) => template.templateShape)));
      track.add(created.step);
      if (created.id) {
        track.id = created.id;
        templateIds.set(change.name, created.id);
      }
      continue;
    }
    const now = reread(track, await readTemplate(api, change.id ?? ''));
    if (!track.going || !now) continue;
    // Echo what was read: each member under the name and in the shape this template came in.
    const values: Partial<Record<TemplateMember, JsonValue>> = {};
    const rest: JsonObject = {};
    for (const field of change.fields) {
      const member = templateMemberOf(field.field);
      if (member !== undefined) values[member] = field.to ?? null;
      else if (field.to !== undefined) rest[field.field] = field.to;
    }
    if (now.version !== undefined) values.version = now.version;
    const optional = [...Object.keys(values), ...Object.keys(rest)].filter((name) => !['html', 'name'].includes(name));
    const result = await sent(
      () => sendTemplate({ memory: api.refusedFields, route: 'siteTemplates.update', values, rest, shape: now.templateShape, optional, send: (part) => api.siteTemplates.update(change.id ?? '', part) }),
      async () => {
        const back = await readTemplate(api, change.id ?? '');
        return back !== null && back !== undefined && diffFields('template', doc, back).length === 0;
      },
    );
    track.add({ ...result.step, dropped: result.value ? result.value.dropped.filter((name) => name !== 'version') : undefined });
    // A renamed template: the sites that name it by its new name bind to it.
    if (track.going && typeof doc.name === 'string' && change.id) templateIds.set(doc.name, change.id);
  }

  // 2. Nodes: creates, then the members of their entry.
  for (const track of of('node', 'create')) {
    if (stopped()) {
      notSent([track]);
      continue;
    }
    const doc = track.change.doc ?? {};
    const body: JsonObject = {};
    for (const field of NODE_FIELDS) if (doc[field] !== undefined && doc[field] !== null) body[field] = doc[field];
    let id: string | undefined;
    const result = await sent(
      () => sendWithOptionalFields({ memory: api.refusedFields, route: 'nodes.create', body, optional: OPTIONAL_NODE_FIELDS, send: (part) => api.nodes.create(part) }),
      async () => {
        const found = await findNode(api, doc);
        id = found ? idText(found.id) || undefined : undefined;
        return id !== undefined;
      },
    );
    id ??= result.value ? idText(result.value.value.id) : undefined;
    track.add({ ...result.step, dropped: result.value?.dropped ? [...result.value.dropped] : undefined });
    if (result.step.kind === 'reconciled') track.detail = { kind: 'lostCreated' };
    if (result.step.kind === 'notApplied') track.detail = { kind: 'lostNotCreated' };
    if (id) {
      track.id = id;
      nodeNames.set(id.toLowerCase(), track.change.name);
      changedNodes.set(id.toLowerCase(), track.change.name);
    }
  }
  const nodeUpdates = of('node', 'update');
  const nowNodes = await readNodes(api, nodeUpdates.map((track) => track.change.id ?? ''), templateIds, cap);
  for (const track of nodeUpdates) {
    if (stopped()) {
      notSent([track]);
      continue;
    }
    const now = reread(track, nowNodes.get((track.change.id ?? '').toLowerCase()));
    if (!track.going || !now) continue;
    const fields = fieldsOf(track.change);
    const body: JsonObject = {};
    for (const field of NODE_FIELDS) if (!HOSTNAME_NAMES.includes(field) && fields.has(field)) body[field] = fields.get(field) ?? null;
    if (Object.keys(body).length === 0) continue;
    const id = track.change.id ?? '';
    const result = await sent(
      () => sendWithOptionalFields({ memory: api.refusedFields, route: 'nodes.update', body, optional: OPTIONAL_NODE_FIELDS, send: (part) => api.nodes.update(id, part) }),
      async () => {
        const back = await api.nodes.get(id);
        return Object.entries(body).every(([name, value]) => sameJson(back[name] as JsonValue | undefined, value));
      },
    );
    track.add({ ...result.step, dropped: result.value?.dropped ? [...result.value.dropped] : undefined });
  }

  // 3. The nodes' order, once, when a node's place changed.
  const orderTracks = of('node').filter((track) => track.going && track.change.action !== 'delete' && track.change.fields.some((field) => field.field === 'order'));
  if (orderTracks.length > 0 && !stopped()) {
    const idsByName = new Map<string, string>();
    for (const [id, name] of nodeNames) if (!idsByName.has(name)) idsByName.set(name, id);
    const ids = plan.nodeOrder.map((name) => idsByName.get(name)).filter((id): id is string => id !== undefined);
    const result = await sent(() => api.nodes.order({ ids }), async () => {
      const listed = listFromResponse(await api.nodes.list(), ['items', 'nodes', 'data']).filter(isObject).map((item) => idText(item.id).toLowerCase());
      return ids.every((id, index) => listed[index] === id.toLowerCase());
    });
    for (const track of orderTracks) track.add(result.step);
  }

  // 4. Each node's site, blocklist, web policy and reliability (created nodes included).
  const partTracks = of('node').filter((track) => track.going && track.change.action !== 'delete' && track.id);
  await inPool(partTracks, Math.min(cap, 8), async (track) => {
    if (stopped()) return notSent([track]);
    const changed = await applyNodeParts(api, track, templateIds);
    if (changed) changedNodes.set((track.id ?? '').toLowerCase(), track.change.name);
  });

  // 5. Branding profiles.
  const brandingTracks = of('branding').filter((track) => track.change.action !== 'delete');
  if (brandingTracks.length > 0) {
    const listed = await readBranding(api);
    for (const track of brandingTracks) {
      if (stopped()) {
        notSent([track]);
        continue;
      }
      await applyProfile(api, track, listed);
    }
  }

  // 6. The settings.
  for (const track of of('settings')) {
    if (stopped()) {
      notSent([track]);
      continue;
    }
    const now = reread(track, await readSettings(api));
    if (!track.going || !now) continue;
    const body: JsonObject = {};
    for (const field of track.change.fields) if (field.to !== undefined) body[field.field] = field.to;
    const result = await sent(() => api.settings.put(body), async () => {
      const back = await readSettings(api);
      return back !== null && back !== undefined && Object.entries(body).every(([name, value]) => sameJson(back.doc[name], value));
    });
    track.add(result.step);
  }

  // 7. The users.
  let users: ApplyResult | undefined;
  if (plan.users && !stopped()) {
    // Bindings to nodes this apply created take their new ids; a user bound to one that was not created is not sent.
    const created = new Map<string, string>();
    for (const track of of('node', 'create')) if (track.going && track.id) created.set(pendingNodeId(track.change.name), track.id);
    const { plan: usersPlan, withheld } = withCreatedNodes(plan.users.plan, created);
    users = await applyPlan(api, usersPlan, {
      base: new Map(plan.users.base.map((user) => [user.id.toLowerCase(), user])),
      deleteRemoved: options.deleteRemoved === true, maxConcurrency: cap, stop: options.stop, now: options.now,
    });
    if (withheld.length > 0) users = { ...users, outcomes: [...users.outcomes, ...withheld] };
    for (const id of users.reboundNodes) changedNodes.set(id.toLowerCase(), nodeNames.get(id.toLowerCase()) ?? id);
  }

  // 8. Deletions (asked for): branding profiles, nodes, then templates no node serves any more.
  for (const kind of ['branding', 'node', 'template'] as const) {
    for (const track of of(kind, 'delete')) {
      if (stopped()) {
        notSent([track]);
        continue;
      }
      await deleteResource(api, track, kind, templateIds, cap);
    }
  }

  return {
    outcomes: tracks.map((track) => track.outcome()), users,
    changedNodes: [...changedNodes].map(([id, name]) => ({ id, name })), cancelled: stopped(),
  };
}

async function readTemplate(api: FolderApi, id: string): Promise<LiveResource | null | undefined> {
  try {
    return templateResource(await api.siteTemplates.get(id), id);
  } catch (error) {
    if (status(error) === 404) return null;
    if (status(error) === 429) throw error;
    return undefined;
  }
}

async function findTemplate(api: FolderApi, name: string): Promise<string | undefined> {
  const listed = listFromResponse(await api.siteTemplates.list(), ['items', 'templates', 'data', 'results']).filter(isObject);
  const found = listed.find((item) => templateNameOf(item, undefined) === name);
  return found ? templateIdOf(found) : undefined;
}

/**
 * A new template: its variables in the shape the panel gives them (`shape`, another template's as read),
 * else the other shape (a panel refusing the shape names `variables`).
 */
async function createTemplate(api: FolderApi, doc: JsonObject, shape: TemplateShape): Promise<{ step: Step; id?: string }> {
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

async function findNode(api: FolderApi, doc: JsonObject): Promise<JsonObject | undefined> {
  const listed = listFromResponse(await api.nodes.list(), ['items', 'nodes', 'data']).filter(isObject);
  const hostname = hostnameOf(doc)?.toLowerCase();
  return listed.find((item) => (hostname !== undefined && hostnameOf(item)?.toLowerCase() === hostname))
    ?? listed.find((item) => item.name === doc.name);
}

/** The nodes of `ids` as the panel holds them now (one list, then each node's parts); null: gone, undefined: not read. */
async function readNodes(api: FolderApi, ids: readonly string[], templateIds: ReadonlyMap<string, string>, cap: number): Promise<Map<string, LiveResource | null | undefined>> {
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
async function applyNodeParts(api: FolderApi, track: Track, templateIds: ReadonlyMap<string, string>): Promise<boolean> {
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

async function readBranding(api: FolderApi): Promise<LiveResource[] | undefined> {
  try {
    return brandingResources(await api.branding.profiles.list());
  } catch (error) {
    if (status(error) === 429) throw error;
    return undefined;
  }
}

async function applyProfile(api: FolderApi, track: Track, listed: readonly LiveResource[] | undefined): Promise<void> {
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

async function readSettings(api: FolderApi): Promise<LiveResource | null | undefined> {
  try {
    const answer = await api.settings.get();
    return isObject(answer) ? { kind: 'settings', id: 'settings', name: 'settings', doc: echoedObject(answer) } : undefined;
  } catch (error) {
    if (status(error) === 429) throw error;
    return undefined;
  }
}

async function deleteResource(api: FolderApi, track: Track, kind: 'branding' | 'node' | 'template', templateIds: ReadonlyMap<string, string>, cap: number): Promise<void> {
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

/**
 * The users' plan with the bindings to nodes this apply created (`pendingNodeId`) given their new ids; a
 * create or update that binds a node that was not created is left out, as not sent (`nodeNotCreated`).
 */
export function withCreatedNodes(plan: UsersPlan, created: ReadonlyMap<string, string>): { plan: UsersPlan; withheld: UserOutcome[] } {
  const withheld: UserOutcome[] = [];
  const missing = (ids: readonly string[]) => ids.find((id) => isPendingNode(id) && !created.has(id.toLowerCase()));
  const real = (ids: readonly string[]) => ids.map((id) => (isPendingNode(id) ? created.get(id.toLowerCase()) ?? id : id));
  const nodeOf = (id: string) => id.slice(id.indexOf(':') + 1);
  const creates = plan.creates.filter((create) => {
    const absent = missing(create.values.nodeIds);
    if (absent !== undefined) withheld.push({ action: 'create', kind: 'notSent', label: create.values.label, line: create.line, detail: { kind: 'nodeNotCreated', node: nodeOf(absent) } });
    return absent === undefined;
  }).map((create) => ({ ...create, values: { ...create.values, nodeIds: real(create.values.nodeIds) } }));
  const updates = plan.updates.filter((change) => {
    const absent = missing(change.addNodes);
    if (absent !== undefined) withheld.push({ action: 'update', kind: 'notSent', id: change.before.id, label: change.before.label, line: change.line, detail: { kind: 'nodeNotCreated', node: nodeOf(absent) } });
    return absent === undefined;
  }).map((change) => ({ ...change, addNodes: real(change.addNodes), after: { ...change.after, nodeIds: real(change.after.nodeIds) } }));
  return { plan: { ...plan, creates, updates }, withheld };
}

/** A profile no longer listed (what a 404 says for routes with a GET by id). */
class PanelHttpErrorLike extends Error {}
