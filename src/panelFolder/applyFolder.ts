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
import type { JsonObject, JsonValue } from '../api/types';
import { inPool } from '../state/inPool';
import { listFromResponse } from '../api/listFromResponse';
import { mergedTemplateShape, templateMemberOf, type TemplateMember } from '../state/siteTemplateRecord';
import { sendTemplate } from '../state/templateSend';
import { applyPlan, type ApplyResult, type UserOutcome } from '../usersTable/applyPlan';
import type { UsersPlan } from '../usersTable/usersPlan';
import { fingerprint, isObject, sameJson, type ResourceKind } from './folderFormat';
import { diffFields, isPendingNode, pendingNodeId, type ChangeAction, type FolderPlan } from './folderPlan';
import { HOSTNAME_NAMES, idText, NODE_FIELDS, type FolderApi, type LiveResource } from './readPanel';
import { fieldsOf, sent, Track, type ApplyFolderOptions, type FolderApplyResult } from './applyOutcomes';
import {
  applyNodeParts, applyProfile, createTemplate, deleteResource, findNode, OPTIONAL_NODE_FIELDS, readBranding, readNodes, readSettings, readTemplate,
} from './applyResources';

export type { ApplyFolderOptions, FolderApplyResult, ResourceDetail, ResourceOutcome, ResourceOutcomeKind } from './applyOutcomes';

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
