/**
 * Applying a users plan over an injected client (the panel client, or anything with its `keys` calls):
 *
 * 1. Every user the plan changes or deletes is read again first (spec 7: re-read before changing), with the
 *    document's query when listing it costs fewer requests than one read per user. A user the panel holds
 *    differently from when the document was read is a conflict: skipped and listed, never overwritten; one
 *    the panel no longer has is gone.
 * 2. Creates go through `POST /keys/import` (one request per set of nodes, 100 users a request: it takes
 *    label, type, note, owner and expiry, as Import Users sends it), enable/disable and delete through
 *    `POST /keys/bulk` (1,000 a request); field changes (`PATCH /keys/{id}`) and node bindings
 *    (`POST /keys/{id}/bindings`, `DELETE /keys/{id}/bindings/{node}`) one user at a time under adaptive
 *    concurrency.
 * 3. A lost answer is never sent again: the users it concerned are read back and the outcome is what the
 *    panel holds (reconciled, or not applied). A refusal keeps the panel's words.
 *
 * Cancelling stops between requests: what was sent finishes and is reported, the rest is "not sent".
 * No `vscode` import (unit-tested against the simulated panel).
 */
import { textOf } from '../text/plainText';
import { isLostAnswer, PanelHttpError } from '../api/errors';
import type { KeysApi } from '../api/keys';
import { sendWithOptionalFields, type RefusedFields } from '../api/optionalFields';
import type { JsonObject, Key, KeyListQuery } from '../api/types';
import { adaptivePool } from './adaptivePool';
import { sameUser, userStateOf, type UserState } from './userRows';
import type { PatchField, PlannedCreate, PlannedUpdate, UsersPlan, UserValues } from './usersPlan';

const BATCH_SIZE = 100;
const BULK_SIZE = 1000;
const PAGE = 200;
/** A user the panel created from a lost batch answer was created since the request was sent, less this clock difference. */
const CLOCK_SLACK_MS = 60_000;

export type TableKeys = Pick<KeysApi, 'get' | 'listAll' | 'allPages' | 'update' | 'bulk' | 'import' | 'bindings'>;

export interface TableClient {
  readonly keys: TableKeys;
  readonly refusedFields: RefusedFields;
}

export type OutcomeKind = 'applied' | 'reconciled' | 'conflict' | 'gone' | 'refused' | 'notApplied' | 'notSent';
export type PlanAction = 'create' | 'update' | 'delete';

/**
 * What a user's outcome adds to its kind: a reason, not a sentence (no `vscode` here to translate it);
 * `detailText` in commands/usersTable/planText.ts gives the operator's words. `panel` is the panel's own
 * words for a refusal (shown as they are), `failed` an error that is not the panel's answer (described as
 * any failure is), `changed` what changed on the panel since the table was read (a conflict: each column
 * with the value it was read with and the panel's value now), `notRead` a user that could not be read
 * again (so it was not changed), the `lost…` kinds what a read-back found after a lost answer.
 */
export type OutcomeDetail =
  | { readonly kind: 'panel'; readonly words: string }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'otherItemRefused'; readonly status: number; readonly words: string }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'changed'; readonly changes: readonly PanelChange[] }
  | { readonly kind: 'notRead' }
  | { readonly kind: 'notListed' }
  | { readonly kind: 'lostHeld' }
  | { readonly kind: 'lostNotHeld' }
  | { readonly kind: 'lostBindingsHeld' }
  | { readonly kind: 'lostBindingsMissing' }
  | { readonly kind: 'lostDeleted' }
  | { readonly kind: 'lostStillThere' }
  | { readonly kind: 'lostCreated' }
  | { readonly kind: 'lostNotCreated' };

/** One column a user changed on the panel since it was read: the value then (`was`) and the panel's now. */
export type PanelChange =
  | { readonly column: 'label' | 'note' | 'owner' | 'type'; readonly was: string; readonly now: string }
  | { readonly column: 'expiry'; readonly was: string | null; readonly now: string | null }
  | { readonly column: 'enabled' | 'revoked'; readonly was: boolean; readonly now: boolean }
  | { readonly column: 'nodes'; readonly was: readonly string[]; readonly now: readonly string[] };

export interface UserOutcome {
  readonly action: PlanAction;
  readonly kind: OutcomeKind;
  /** The user's id (a create's, once the panel made it). */
  readonly id?: string;
  readonly label: string;
  /** The document's line (creates and updates). */
  readonly line?: number;
  /** The panel's words (refused), or what was found (reconciled, not applied, conflict). */
  readonly detail?: OutcomeDetail;
  /** PATCH fields the panel did not take (400 naming them), left out. */
  readonly dropped?: readonly string[];
}

export interface ApplyProgress {
  readonly done: number;
  readonly total: number;
}

export interface ApplyOptions {
  /** Users as the document was read: a re-read user that differs is a conflict. */
  readonly base: ReadonlyMap<string, UserState>;
  /** Delete the users whose rows were deleted (the operator said so). */
  readonly deleteRemoved: boolean;
  /** The document's listing, when it has one, and how many users it held: re-read by listing when cheaper. */
  readonly query?: KeyListQuery;
  readonly queryTotal?: number;
  /** Most single-user requests in flight. */
  readonly maxConcurrency: number;
  /** Stops between requests. */
  readonly stop?: AbortSignal;
  readonly progress?: (progress: ApplyProgress) => void;
  readonly now?: () => number;
}

/** What an update did, for Revert Last Plan. */
export interface AppliedChange {
  readonly before: UserState;
  readonly after: UserState;
}

export interface ApplyResult {
  readonly outcomes: readonly UserOutcome[];
  /** Requests sent, re-reads included. */
  readonly requests: number;
  /** What the panel answered for users it changed or created (for the stores and the document). */
  readonly keys: readonly Key[];
  readonly deletedIds: readonly string[];
  /** Nodes whose bindings changed (a configuration to apply). */
  readonly reboundNodes: readonly string[];
  readonly applied: readonly AppliedChange[];
  readonly created: readonly { readonly id: string; readonly label: string }[];
  readonly deleted: readonly { readonly id: string; readonly label: string }[];
  readonly cancelled: boolean;
}

/** One user's part of the plan as it goes: each step may change its outcome. */
interface Track {
  readonly change: PlannedUpdate;
  kind: OutcomeKind;
  detail?: OutcomeDetail;
  dropped?: string[];
  key?: Key;
}

export async function applyPlan(client: TableClient, plan: UsersPlan, options: ApplyOptions): Promise<ApplyResult> {
  const now = options.now ?? Date.now;
  let requests = 0;
  const counted = <T>(call: () => Promise<T>): Promise<T> => {
    requests++;
    return call();
  };
  const outcomes: UserOutcome[] = [];
  const keys = new Map<string, Key>();
  const rebound = new Set<string>();
  const created: { id: string; label: string }[] = [];
  const deleted: { id: string; label: string }[] = [];
  const deletes = options.deleteRemoved ? plan.deletes : [];
  const total = plan.creates.length + plan.updates.length + deletes.length;
  let done = 0;
  const step = (count = 1) => {
    done += count;
    options.progress?.({ done, total });
  };
  const stopped = () => options.stop?.aborted === true;

  // 1. Re-read what the plan changes.
  const affected = [...plan.updates.map((change) => change.before.id), ...deletes.map((user) => user.id)];
  const current = await reRead(client, affected, options, counted);
  const tracks: Track[] = [];
  for (const change of plan.updates) {
    const now = current.get(change.before.id.toLowerCase());
    const base = options.base.get(change.before.id.toLowerCase()) ?? change.before;
    if (now === null) {
      outcomes.push({ action: 'update', kind: 'gone', id: change.before.id, label: change.before.label, line: change.line });
      step();
    }
    else if (now === undefined || !sameUser(userStateOf(now), base)) {
      outcomes.push({ action: 'update', kind: 'conflict', id: change.before.id, label: change.before.label, line: change.line, detail: now ? differences(base, userStateOf(now)) : { kind: 'notRead' } });
      step();
    } else tracks.push({ change, kind: 'applied', key: now });
  }
  const toDelete: UserState[] = [];
  for (const user of deletes) {
    const now = current.get(user.id.toLowerCase());
    const base = options.base.get(user.id.toLowerCase()) ?? user;
    if (now === null) {
      outcomes.push({ action: 'delete', kind: 'gone', id: user.id, label: user.label });
      step();
    } else if (now === undefined || !sameUser(userStateOf(now), base)) {
      outcomes.push({ action: 'delete', kind: 'conflict', id: user.id, label: user.label, detail: now ? differences(base, userStateOf(now)) : { kind: 'notRead' } });
      step();
    }
    else toDelete.push(user);
  }

  // 2. Creates: one `POST /keys/import` per set of nodes (it takes note and owner; `/keys/batch` does not).
  const notSent: PlannedCreate[] = [];
  for (const chunk of createGroups(plan.creates)) {
    if (stopped()) {
      notSent.push(...chunk);
      continue;
    }
    const made = await createGroup(client, chunk, counted, now);
    for (const [index, create] of chunk.entries()) {
      const result = made[index];
      if (result.key) {
        keys.set(result.key.id.toLowerCase(), result.key);
        created.push({ id: result.key.id, label: create.values.label });
        for (const nodeId of create.values.nodeIds) rebound.add(nodeId);
      }
      outcomes.push({ action: 'create', kind: result.kind, id: result.key?.id, label: create.values.label, line: create.line, detail: result.detail });
    }
    // A new user is enabled: those whose row says otherwise are disabled, in bulk.
    const disabledNew = chunk.flatMap((create, index) => (!create.values.enabled && made[index].key ? [made[index].key.id] : []));
    if (disabledNew.length > 0) await bulk(client, 'disable', disabledNew, counted).catch(() => undefined);
    step(chunk.length);
  }
  for (const create of notSent) {
    outcomes.push({ action: 'create', kind: 'notSent', label: create.values.label, line: create.line });
    step();
  }

  // 3. Field changes, one user at a time.
  const patching = tracks.filter((track) => Object.keys(track.change.fields).length > 0);
  const unpatched = await adaptivePool(patching, { cap: options.maxConcurrency, stop: options.stop }, async (track) => {
    const body = patchBody(track.change.fields);
    try {
      const sent = await sendWithOptionalFields({
        memory: client.refusedFields, route: 'keys.update', body, optional: ['type'],
        send: (part) => counted(() => client.keys.update(track.change.before.id, part)),
      });
      track.key = sent.value;
      if (sent.dropped.length > 0) track.dropped = [...sent.dropped];
    } catch (error) {
      if (isStatus(error, 429)) throw error;
      if (!isLostAnswer(error)) return refuse(track, error);
      const held = await readBack(client, track.change.before.id, counted);
      if (held && Object.entries(body).every(([name, value]) => holds(held, name, value))) {
        track.key = held;
        track.kind = 'reconciled';
        track.detail = { kind: 'lostHeld' };
      } else {
        track.kind = 'notApplied';
        track.detail = { kind: 'lostNotHeld' };
      }
    }
  });
  for (const track of unpatched) Object.assign(track, { kind: 'notSent' });

  // 4. Node bindings: added before removed, so a user never has none.
  const binding = tracks.filter((track) => isGoing(track) && (track.change.addNodes.length > 0 || track.change.removeNodes.length > 0));
  const unbound = await adaptivePool(binding, { cap: options.maxConcurrency, stop: options.stop }, async (track) => {
    const { change } = track;
    try {
      if (change.addNodes.length > 0) {
        const answer = await lostOr(() => counted(() => client.keys.bindings.add(change.before.id, { node_ids: [...change.addNodes] })));
        if (answer === 'lost') await settleBindings(client, track, counted);
        else if (isKey(answer)) track.key = answer;
      }
      for (const nodeId of change.removeNodes) {
        const answer = await lostOr(() => counted(() => client.keys.bindings.remove(change.before.id, nodeId)));
        if (answer === 'lost') await settleBindings(client, track, counted);
        else if (isKey(answer)) track.key = answer;
      }
      for (const nodeId of [...change.addNodes, ...change.removeNodes]) rebound.add(nodeId);
    } catch (error) {
      if (isStatus(error, 429)) throw error;
      refuse(track, error);
    }
  });
  for (const track of unbound) if (track.kind === 'applied') Object.assign(track, { kind: 'notSent' });

  // 5. Enable and disable, in bulk.
  for (const enable of [false, true]) {
    const group = tracks.filter((track) => isGoing(track) && track.change.enable === enable);
    for (let at = 0; at < group.length; at += BULK_SIZE) {
      const chunk = group.slice(at, at + BULK_SIZE);
      if (stopped()) {
        for (const track of chunk) if (track.kind === 'applied') track.kind = 'notSent';
        continue;
      }
      await bulkTracks(client, enable ? 'enable' : 'disable', chunk, counted);
    }
  }
  for (const track of tracks) {
    outcomes.push({ action: 'update', kind: track.kind, id: track.change.before.id, label: track.change.after.label, line: track.change.line, detail: track.detail, dropped: track.dropped });
    if (track.key) keys.set(track.key.id.toLowerCase(), track.key);
    step();
  }

  // 6. Deletes, in bulk (only those the operator asked for).
  for (let at = 0; at < toDelete.length; at += BULK_SIZE) {
    const chunk = toDelete.slice(at, at + BULK_SIZE);
    if (stopped()) {
      for (const user of chunk) outcomes.push({ action: 'delete', kind: 'notSent', id: user.id, label: user.label });
      continue;
    }
    const ids = chunk.map((user) => user.id);
    let skipped = new Map<string, string>();
    let lost = false;
    try {
      skipped = skippedOf(await counted(() => client.keys.bulk({ action: 'delete', ids })));
    } catch (error) {
      if (!isLostAnswer(error)) {
        for (const user of chunk) outcomes.push({ action: 'delete', kind: 'refused', id: user.id, label: user.label, detail: words(error) });
        continue;
      }
      lost = true;
    }
    const still = lost ? await reRead(client, ids, {}, counted) : new Map<string, Key | null>();
    for (const user of chunk) {
      const reason = skipped.get(user.id.toLowerCase());
      const gone = lost ? still.get(user.id.toLowerCase()) === null : reason === undefined;
      if (gone) {
        deleted.push({ id: user.id, label: user.label });
        for (const nodeId of user.nodeIds) rebound.add(nodeId);
      }
      outcomes.push({
        action: 'delete', id: user.id, label: user.label,
        kind: gone ? (lost ? 'reconciled' : 'applied') : lost ? 'notApplied' : 'refused',
        detail: lost ? { kind: gone ? 'lostDeleted' : 'lostStillThere' } : reason === undefined ? undefined : skippedDetail(reason),
      });
    }
    step(chunk.length);
  }

  const applied = tracks.filter((track) => track.kind === 'applied' || track.kind === 'reconciled')
    .map((track) => ({ before: track.change.before, after: track.key ? userStateOf(track.key) : { ...track.change.before, ...track.change.after, revoked: false } }));
  for (const id of deleted.map((user) => user.id.toLowerCase())) keys.delete(id);
  return {
    outcomes, requests, keys: [...keys.values()], deletedIds: deleted.map((user) => user.id), reboundNodes: [...rebound], applied, created, deleted,
    cancelled: stopped(),
  };

  function isGoing(track: Track): boolean {
    return track.kind === 'applied' || track.kind === 'reconciled';
  }
}

/** The body of a PATCH /keys/{id}: the key object's own field names (spec 2.1). */
function patchBody(fields: Partial<Record<PatchField, string | null>>): JsonObject {
  const body: JsonObject = {};
  if ('label' in fields) body.label = fields.label ?? '';
  if ('note' in fields) body.note = fields.note ?? '';
  if ('owner' in fields) body.owner_label = fields.owner ?? '';
  if ('type' in fields) body.type = fields.type ?? '';
  if ('expiry' in fields) body.expires_at = fields.expiry ?? null;
  return body;
}

function holds(key: Key, name: string, value: unknown): boolean {
  if (name === 'expires_at') return userStateOf(key).expiresAt === (value === null ? null : new Date(Date.parse(textOf(value))).toISOString());
  return (key as Record<string, unknown>)[name] === value || ((key as Record<string, unknown>)[name] ?? '') === value;
}

function refuse(track: Track, error: unknown): void {
  track.kind = 'refused';
  track.detail = words(error);
}

/** The panel's words for a refusal (its message and field messages), or the error itself. */
export function words(error: unknown): OutcomeDetail {
  return error instanceof PanelHttpError ? { kind: 'panel', words: panelWords(error) } : { kind: 'failed', error };
}

function panelWords(error: PanelHttpError): string {
  const fields = Object.entries(error.fields ?? {}).map(([name, message]) => `${name}: ${message}`);
  return [`${error.status} ${error.panelMessage || error.code}`.trim(), ...fields, ...error.details].join('; ');
}

/** A bulk answer's reason for skipping a user: the panel's words, when it gave any. */
function skippedDetail(reason: string): OutcomeDetail {
  return reason === '' ? { kind: 'skipped' } : { kind: 'panel', words: reason };
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof PanelHttpError && error.status === status;
}

function isKey(value: unknown): value is Key {
  return typeof value === 'object' && value !== null && typeof (value as Key).id === 'string';
}

async function lostOr<T>(call: () => Promise<T>): Promise<T | 'lost'> {
  try {
    return await call();
  } catch (error) {
    if (isLostAnswer(error)) return 'lost';
    throw error;
  }
}

/** After a lost answer to a binding change: what the panel holds decides. */
async function settleBindings(client: TableClient, track: Track, counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<void> {
  const held = await readBack(client, track.change.before.id, counted);
  const nodes = held ? userStateOf(held).nodeIds : [];
  const got = track.change.addNodes.every((id) => nodes.includes(id)) && track.change.removeNodes.every((id) => !nodes.includes(id));
  if (held) track.key = held;
  if (track.kind === 'applied') track.kind = 'reconciled';
  track.detail = { kind: got ? 'lostBindingsHeld' : 'lostBindingsMissing' };
}

async function readBack(client: TableClient, id: string, counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<Key | undefined> {
  try {
    return await counted(() => client.keys.get(id));
  } catch {
    return undefined;
  }
}

type Bulk = 'enable' | 'disable' | 'delete';

async function bulk(client: TableClient, action: Bulk, ids: readonly string[], counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<Map<string, string>> {
  return skippedOf(await counted(() => client.keys.bulk({ action, ids: [...ids] })));
}

async function bulkTracks(client: TableClient, action: 'enable' | 'disable', chunk: Track[], counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<void> {
  const ids = chunk.map((track) => track.change.before.id);
  try {
    const skipped = await bulk(client, action, ids, counted);
    for (const track of chunk) {
      const reason = skipped.get(track.change.before.id.toLowerCase());
      if (reason !== undefined) {
        track.kind = 'refused';
        track.detail = skippedDetail(reason);
      }
      else if (track.key) track.key = { ...track.key, disabled_at: action === 'disable' ? track.key.disabled_at ?? new Date().toISOString() : null, state: action === 'disable' ? 'disabled' : track.key.state === 'disabled' ? 'active' : track.key.state };
    }
  } catch (error) {
    if (!isLostAnswer(error)) {
      for (const track of chunk) refuse(track, error);
      return;
    }
    const held = await reRead(client, ids, {}, counted);
    for (const track of chunk) {
      const key = held.get(track.change.before.id.toLowerCase());
      if (key) track.key = key;
      const now = key ? userStateOf(key).enabled : undefined;
      if (now === (action === 'enable')) {
        track.kind = track.kind === 'applied' ? 'reconciled' : track.kind;
        track.detail ??= { kind: 'lostHeld' };
      } else {
        track.kind = 'notApplied';
        track.detail = { kind: 'lostNotHeld' };
      }
    }
  }
}

function skippedOf(answer: unknown): Map<string, string> {
  const skipped = (answer as { skipped?: unknown } | undefined)?.skipped;
  const found = new Map<string, string>();
  if (!Array.isArray(skipped)) return found;
  for (const entry of skipped) {
    if (typeof entry === 'string') found.set(entry.toLowerCase(), '');
    else if (typeof (entry as { id?: unknown })?.id === 'string') found.set(String((entry as { id: string }).id).toLowerCase(), textOf((entry as { reason?: unknown }).reason));
  }
  return found;
}

interface Made {
  readonly kind: OutcomeKind;
  readonly key?: Key;
  readonly detail?: OutcomeDetail;
}

/** Creates grouped by their set of nodes, at most BATCH_SIZE a group. */
function createGroups(creates: readonly PlannedCreate[]): PlannedCreate[][] {
  const byNodes = new Map<string, PlannedCreate[]>();
  for (const create of creates) {
    const key = create.values.nodeIds.join(',');
    byNodes.set(key, [...(byNodes.get(key) ?? []), create]);
  }
  return [...byNodes.values()].flatMap((group) => Array.from({ length: Math.ceil(group.length / BATCH_SIZE) }, (_, i) => group.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE)));
}

/** One `POST /keys/import`; after a lost answer, the users it made are found by label, type, nodes and time. */
async function createGroup(client: TableClient, chunk: readonly PlannedCreate[], counted: <T>(call: () => Promise<T>) => Promise<T>, now: () => number): Promise<Made[]> {
  const items = chunk.map(({ values }) => {
    const item: JsonObject = { label: values.label, type: values.type, expires_at: values.expiresAt };
    if (values.note !== '') item.note = values.note;
    if (values.owner !== '') item.owner_label = values.owner;
    return item;
  });
  const sentAt = now();
  try {
    const answer = await counted(() => client.keys.import({ items, node_ids: [...chunk[0].values.nodeIds] }));
    const made: Key[] = Array.isArray(answer?.items) ? (answer.items as unknown[]).filter(isKey) : [];
    return chunk.map((_, index): Made => (made[index] ? { kind: 'applied', key: made[index] } : { kind: 'notApplied', detail: { kind: 'notListed' } }));
  } catch (error) {
    if (!isLostAnswer(error)) return chunk.map((_, index) => ({ kind: 'refused', detail: itemWords(error, index) }));
    const taken = new Set<string>();
    const found: Made[] = [];
    for (const create of chunk) {
      const key = await findCreated(client, create.values, sentAt, taken, counted);
      if (key) taken.add(key.id);
      found.push(key
        ? { kind: 'reconciled', key, detail: { kind: 'lostCreated' } }
        : { kind: 'notApplied', detail: { kind: 'lostNotCreated' } });
    }
    return found;
  }
}

/** A 422 of an import names its items (`items[3].label`): each create gets its own words, or the whole refusal. */
function itemWords(error: unknown, index: number): OutcomeDetail {
  if (error instanceof PanelHttpError && error.fields) {
    const own = Object.entries(error.fields).filter(([name]) => name.startsWith(`items[${index}]`)).map(([name, message]) => `${name.replace(/^items\[\d+\]\./, '')}: ${message}`);
    if (own.length > 0) return { kind: 'panel', words: `${error.status} ${own.join('; ')}` };
    return { kind: 'otherItemRefused', status: error.status, words: panelWords(error) };
  }
  return words(error);
}

async function findCreated(client: TableClient, values: UserValues, sentAt: number, taken: ReadonlySet<string>, counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<Key | undefined> {
  const matches = await counted(() => client.keys.listAll({ q: values.label, per_page: PAGE }));
  const wanted = [...values.nodeIds].sort().join(',');
  return matches
    .filter((key) => key.label === values.label && key.type === values.type && !taken.has(key.id))
    .filter((key) => userStateOf(key).nodeIds.join(',') === wanted)
    .filter((key) => Date.parse(String(key.created_at)) >= sentAt - CLOCK_SLACK_MS)
    .sort((a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)))[0];
}

/**
 * What the panel holds now for `ids`: the key, null for one it no longer has (404), or undefined when it
 * could not be read. Lists the document's query when that costs fewer requests than one read per user.
 */
async function reRead(
  client: TableClient,
  ids: readonly string[],
  options: Partial<Pick<ApplyOptions, 'query' | 'queryTotal' | 'maxConcurrency'>>,
  counted: <T>(call: () => Promise<T>) => Promise<T>,
): Promise<Map<string, Key | null | undefined>> {
  const held = new Map<string, Key | null | undefined>();
  if (ids.length === 0) return held;
  let missing = [...ids];
  if (options.query && options.queryTotal !== undefined && Math.max(1, Math.ceil(options.queryTotal / PAGE)) < ids.length) {
    const wanted = new Set(ids.map((id) => id.toLowerCase()));
    let pages = 0;
    for await (const page of client.keys.allPages({ ...options.query, per_page: PAGE })) {
      pages++;
      for (const key of Array.isArray(page.items) ? page.items : []) if (isKey(key) && wanted.has(key.id.toLowerCase())) held.set(key.id.toLowerCase(), key);
    }
    requestsOf(counted, pages);
    missing = ids.filter((id) => !held.has(id.toLowerCase()));
  }
  await adaptivePool(missing, { cap: options.maxConcurrency ?? 8 }, async (id) => {
    try {
      held.set(id.toLowerCase(), await counted(() => client.keys.get(id)));
    } catch (error) {
      if (isStatus(error, 429)) throw error;
      held.set(id.toLowerCase(), isStatus(error, 404) ? null : undefined);
    }
  });
  return held;
}

/** Counts `pages` requests a listing sent. */
function requestsOf(counted: <T>(call: () => Promise<T>) => Promise<T>, pages: number): void {
  for (let i = 0; i < pages; i++) void counted(() => Promise.resolve());
}

/**
 * What changed on the panel since the document was read (`before`), column by column in the table's names,
 * with the panel's values now: what a conflict's entry in the report shows.
 */
export function differences(before: UserState, now: UserState): OutcomeDetail {
  const changes: PanelChange[] = [];
  for (const column of ['label', 'note', 'owner', 'type'] as const) {
    if (before[column] !== now[column]) changes.push({ column, was: before[column], now: now[column] });
  }
  if (before.expiresAt !== now.expiresAt) changes.push({ column: 'expiry', was: before.expiresAt, now: now.expiresAt });
  if (before.enabled !== now.enabled) changes.push({ column: 'enabled', was: before.enabled, now: now.enabled });
  if (before.nodeIds.join(',') !== now.nodeIds.join(',')) changes.push({ column: 'nodes', was: [...before.nodeIds], now: [...now.nodeIds] });
  if (before.revoked !== now.revoked) changes.push({ column: 'revoked', was: before.revoked, now: now.revoked });
  return { kind: 'changed', changes };
}
