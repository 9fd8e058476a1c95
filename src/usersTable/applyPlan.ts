/**
 * Applying a users plan over an injected client (the panel client, or anything with its `keys` calls):
 *
 * 1. Every user the plan changes or deletes is read again first (spec 7: re-read before changing), with the
 *    document's query when listing it costs fewer requests than one read per user. A user the panel holds
 *    differently from when the document was read is a conflict: skipped and listed, never overwritten; one
 *    the panel no longer has is gone.
 * 2. Creates go through `POST /keys/import` in the body this panel takes, else one `POST /keys` per user
 *    (createUsers.ts); enable/disable and delete through `POST /keys/bulk`, else the per-user routes
 *    (state/bulkUserChange.ts); field changes (`PATCH /keys/{id}`) and node bindings
 *    (`POST /keys/{id}/bindings`, `DELETE /keys/{id}/bindings/{node}`) one user at a time under adaptive
 *    concurrency.
 * 3. A lost answer is never sent again: the users it concerned are read back and the outcome is what the
 *    panel holds (reconciled, or not applied). A refusal keeps the panel's words.
 *
 * Cancelling stops between requests: what was sent finishes and is reported, the rest is "not sent".
 * What it takes and comes to is in applyResult.ts. No `vscode` import (unit-tested against the simulated panel).
 */
import { textOf } from '../text/plainText';
import { isLostAnswer, PanelHttpError } from '../api/errors';
import { sendWithOptionalFields } from '../api/bodyEncodings';
import type { JsonObject, User } from '../api/types';
import { adaptivePool } from '../state/adaptivePool';
import { changeUsers, type BulkOutcome } from '../state/bulkUserChange';
import { createUsers } from './createUsers';
import { words } from './refusalWords';
import { sameUser, userStateOf, type UserState } from './userRows';
import type { PatchField, PlannedUpdate, UsersPlan } from './usersPlan';

const BULK_SIZE = 1000;
const PAGE = 200;

export type { TableKeys, TableClient, OutcomeKind, PlanAction, OutcomeDetail, ColumnChangedOnPanel, UserOutcome, ApplyProgress, ApplyOptions, AppliedChange, ApplyResult, Fallback } from './applyResult';
import type { TableClient, OutcomeKind, OutcomeDetail, ColumnChangedOnPanel, UserOutcome, ApplyOptions, ApplyResult, Fallback } from './applyResult';

/** One user's part of the plan as it goes: each step may change its outcome. */
interface Track {
  readonly change: PlannedUpdate;
  kind: OutcomeKind;
  detail?: OutcomeDetail;
  dropped?: string[];
  key?: User;
}

export async function applyPlan(client: TableClient, plan: UsersPlan, options: ApplyOptions): Promise<ApplyResult> {
  const now = options.now ?? Date.now;
  let requests = 0;
  const counted = <T>(call: () => Promise<T>): Promise<T> => {
    requests++;
    return call();
  };
  const outcomes: UserOutcome[] = [];
  const keys = new Map<string, User>();
  const rebound = new Set<string>();
  const created: { id: string; label: string }[] = [];
  const deleted: { id: string; label: string }[] = [];
  const fallbacks: Fallback[] = [];
  const bulk = async (action: 'enable' | 'disable' | 'delete', ids: readonly string[]) => {
    const result = await changeUsers(client, action, ids, {
      maxConcurrency: options.maxConcurrency, counted, reRead: (wanted) => reRead(client, wanted, {}, counted),
    });
    for (const refused of result.refused) fallbacks.push({ route: 'keys.bulk', refused, sent: result.encoding, users: ids.length });
    return result;
  };
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

  // 2. Creates: `POST /keys/import` in the body this panel takes (createUsers.ts), else one `POST /keys` each.
  const creating = await createUsers(client, plan.creates.map(({ values }) => values), { route: 'keys.import', maxConcurrency: options.maxConcurrency, stop: options.stop, now, counted });
  for (const refused of creating.refused) fallbacks.push({ route: 'keys.import', refused, sent: creating.encoding, users: plan.creates.length });
  for (const [index, create] of plan.creates.entries()) {
    const result = creating.made[index];
    if (result.key) {
      keys.set(result.key.id.toLowerCase(), result.key);
      created.push({ id: result.key.id, label: create.values.label });
      for (const nodeId of create.values.nodeIds) rebound.add(nodeId);
    }
    outcomes.push({ action: 'create', kind: result.kind, id: result.key?.id, label: create.values.label, line: create.line, detail: result.detail, dropped: result.dropped });
    step();
  }
  // A new user is enabled: those whose row says otherwise are disabled, in bulk.
  const disabledNew = plan.creates.flatMap((create, index) => (!create.values.enabled && creating.made[index].key ? [creating.made[index].key.id] : []));
  if (disabledNew.length > 0) {
    const disabling = await bulk('disable', disabledNew).catch(() => undefined);
    for (const outcome of disabling?.outcomes ?? []) {
      const held = outcome.key ?? (outcome.kind === 'done' ? keys.get(outcome.id.toLowerCase()) : undefined);
      if (held) keys.set(held.id.toLowerCase(), outcome.key ?? { ...held, disabled_at: held.disabled_at ?? new Date(now()).toISOString(), state: 'disabled' });
    }
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
        else if (isUser(answer)) track.key = answer;
      }
      for (const nodeId of change.removeNodes) {
        const answer = await lostOr(() => counted(() => client.keys.bindings.remove(change.before.id, nodeId)));
        if (answer === 'lost') await settleBindings(client, track, counted);
        else if (isUser(answer)) track.key = answer;
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
      const { outcomes: changed } = await bulk(enable ? 'enable' : 'disable', chunk.map((track) => track.change.before.id));
      for (const [index, track] of chunk.entries()) settleTrack(track, changed[index], enable);
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
    const { outcomes: changed } = await bulk('delete', chunk.map((user) => user.id));
    for (const [index, user] of chunk.entries()) {
      const result = changed[index];
      const gone = result.kind === 'done' || result.kind === 'reconciled';
      if (gone) {
        deleted.push({ id: user.id, label: user.label });
        for (const nodeId of user.nodeIds) rebound.add(nodeId);
      }
      outcomes.push({
        action: 'delete', id: user.id, label: user.label,
        kind: result.kind === 'done' ? 'applied' : result.kind === 'skipped' ? 'refused' : result.kind,
        detail: bulkDetail(result, { kind: gone ? 'lostDeleted' : 'lostStillThere' }),
      });
    }
    step(chunk.length);
  }

  const applied = tracks.filter((track) => track.kind === 'applied' || track.kind === 'reconciled')
    .map((track) => ({ before: track.change.before, after: track.key ? userStateOf(track.key) : { ...track.change.before, ...track.change.after, revoked: false } }));
  for (const id of deleted.map((user) => user.id.toLowerCase())) keys.delete(id);
  return {
    outcomes, requests, keys: [...keys.values()], deletedIds: deleted.map((user) => user.id), reboundNodes: [...rebound], applied, created, deleted,
    cancelled: stopped(), fallbacks,
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

function holds(user: User, name: string, value: unknown): boolean {
  if (name === 'expires_at') return userStateOf(user).expiresAt === (value === null ? null : new Date(Date.parse(textOf(value))).toISOString());
  return (user as Record<string, unknown>)[name] === value || ((user as Record<string, unknown>)[name] ?? '') === value;
}

function refuse(track: Track, error: unknown): void {
  track.kind = 'refused';
  track.detail = words(error);
}

/** A bulk answer's reason for skipping a user: the panel's words, when it gave any. */
function skippedDetail(reason: string): OutcomeDetail {
  return reason === '' ? { kind: 'skipped' } : { kind: 'panel', words: reason };
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof PanelHttpError && error.status === status;
}

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as User).id === 'string';
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

async function readBack(client: TableClient, id: string, counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<User | undefined> {
  try {
    return await counted(() => client.keys.get(id));
  } catch {
    return undefined;
  }
}

/** A bulk outcome's detail: the panel's words for a skip or refusal, `lost` after a lost answer. */
function bulkDetail(result: BulkOutcome, lost: OutcomeDetail): OutcomeDetail | undefined {
  switch (result.kind) {
    case 'skipped': return skippedDetail(result.reason ?? '');
    case 'refused': return words(result.error);
    case 'reconciled':
    case 'notApplied': return lost;
    default: return undefined;
  }
}

/** Enable or disable of one tracked user, as the bulk change came out. */
function settleTrack(track: Track, result: BulkOutcome, enable: boolean): void {
  if (result.key) track.key = result.key;
  switch (result.kind) {
    case 'done':
      if (!result.key && track.key) track.key = { ...track.key, disabled_at: enable ? null : track.key.disabled_at ?? new Date().toISOString(), state: !enable ? 'disabled' : track.key.state === 'disabled' ? 'active' : track.key.state };
      return;
    case 'skipped':
    case 'refused':
      track.kind = 'refused';
      track.detail = bulkDetail(result, { kind: 'lostNotHeld' });
      return;
    case 'reconciled':
      track.kind = track.kind === 'applied' ? 'reconciled' : track.kind;
      track.detail ??= { kind: 'lostHeld' };
      return;
    case 'notApplied':
      track.kind = 'notApplied';
      track.detail = { kind: 'lostNotHeld' };
  }
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
): Promise<Map<string, User | null | undefined>> {
  const held = new Map<string, User | null | undefined>();
  if (ids.length === 0) return held;
  let missing = [...ids];
  if (options.query && options.queryTotal !== undefined && Math.max(1, Math.ceil(options.queryTotal / PAGE)) < ids.length) {
    const wanted = new Set(ids.map((id) => id.toLowerCase()));
    let pages = 0;
    for await (const page of client.keys.allPages({ ...options.query, per_page: PAGE })) {
      pages++;
      for (const user of Array.isArray(page.items) ? page.items : []) if (isUser(user) && wanted.has(user.id.toLowerCase())) held.set(user.id.toLowerCase(), user);
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
  const changes: ColumnChangedOnPanel[] = [];
  for (const column of ['label', 'note', 'owner', 'type'] as const) {
    if (before[column] !== now[column]) changes.push({ column, was: before[column], now: now[column] });
  }
  if (before.expiresAt !== now.expiresAt) changes.push({ column: 'expiry', was: before.expiresAt, now: now.expiresAt });
  if (before.enabled !== now.enabled) changes.push({ column: 'enabled', was: before.enabled, now: now.enabled });
  if (before.nodeIds.join(',') !== now.nodeIds.join(',')) changes.push({ column: 'nodes', was: [...before.nodeIds], now: [...now.nodeIds] });
  if (before.revoked !== now.revoked) changes.push({ column: 'revoked', was: before.revoked, now: now.revoked });
  return { kind: 'changed', changes };
}
