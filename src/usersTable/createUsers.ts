/**
 * Creating many users on one panel, whatever body the panel takes (bodyEncodings.ts). The contract shows
 * the body of one way to create a user, `POST /keys` (2.2); the import and batch bodies are not shown, so
 * each is tried in order and the documented route comes last:
 * - `POST /keys/import`: the users with one `node_ids` beside them (users grouped by their nodes), then
 *   the users each carrying their own `node_ids`, then one `POST /keys` per user;
 * - `POST /keys/batch`: `{items: [create request]}`, then one `POST /keys` per user.
 * One by one, requests go under adaptive concurrency; the note and owner, which 2.2 does not take, follow
 * in a `PATCH /keys/{id}` (left out when the panel refuses them). A lost answer is never sent again: the
 * users it asked for are searched for (label, type, nodes, created since it was sent), and what the panel
 * holds is the outcome. No `vscode` import.
 */
import { isLostAnswer, PanelHttpError } from '../api/errors';
import type { KeysApi } from '../api/keys';
import { sendEncoded, sendWithOptionalFields, type Encoding, type RefusedEncoding, type RefusedFields } from '../api/bodyEncodings';
import type { JsonObject, User } from '../api/types';
import { usersIn } from '../state/userAnswers';
import { adaptivePool } from '../state/adaptivePool';
import type { OutcomeDetail, OutcomeKind } from './applyResult';
import { itemWords, words } from './refusalWords';
import { userStateOf } from './userRows';

/** Users a request of the import or the batch carries at most. */
export const CREATE_CHUNK = 100;
const PAGE = 200;
/** A user made from a lost answer was created since the request was sent, less this clock difference. */
const CLOCK_SLACK_MS = 60_000;

/** The encodings, by name (the memory's and the log's; `createText` words them for the operator). */
export const CREATE_ENCODINGS = {
  importNodesBeside: 'import: node_ids beside the users',
  importNodesInEach: 'import: node_ids in each user',
  batch: 'batch: items',
  oneByOne: 'one POST /keys per user',
} as const;

export interface NewUser {
  readonly label: string;
  readonly type: string;
  readonly nodeIds: readonly string[];
  readonly expiresAt: string | null;
  readonly note?: string;
  readonly owner?: string;
}

export interface CreateClient {
  readonly keys: Pick<KeysApi, 'import' | 'batch' | 'create' | 'update' | 'listAll'>;
  readonly refusedFields: RefusedFields;
}

export interface CreateOptions {
  /** Which of the panel's many-user routes to try first. */
  readonly route: 'keys.import' | 'keys.batch';
  readonly maxConcurrency: number;
  readonly stop?: AbortSignal;
  readonly now?: () => number;
  /** Called around every request (counts them). */
  readonly counted?: <T>(call: () => Promise<T>) => Promise<T>;
  readonly signal?: AbortSignal;
}

/** One user's outcome, in the order asked. */
export interface Made {
  readonly kind: OutcomeKind;
  readonly key?: User;
  readonly detail?: OutcomeDetail;
  /** Members the panel did not take (the note or owner, one by one), left out. */
  readonly dropped?: readonly string[];
  /** The refusal itself, for a caller that shows a 422's fields where they belong. */
  readonly error?: unknown;
}

export interface CreateResult {
  readonly made: readonly Made[];
  /** Encodings the panel refused on the way (each once), and the one it took last. */
  readonly refused: readonly RefusedEncoding[];
  readonly encoding: string | undefined;
}

export async function createUsers(api: CreateClient, users: readonly NewUser[], options: CreateOptions): Promise<CreateResult> {
  const now = options.now ?? Date.now;
  const counted = options.counted ?? (<T>(call: () => Promise<T>) => call());
  const made = new Array<Made | undefined>(users.length);
  const refused: RefusedEncoding[] = [];
  let encoding: string | undefined;
  const indexed = users.map((user, index) => ({ user, index }));
  for (const chunk of chunks(indexed, options.route)) {
    if (options.stop?.aborted) {
      for (const { index } of chunk) made[index] = { kind: 'notSent' };
      continue;
    }
    const sentAt = now();
    try {
      const sent = await sendEncoded<Made[]>({
        memory: api.refusedFields,
        route: options.route,
        onRefused: (entry) => {
          if (!refused.some((known) => known.name === entry.name)) refused.push(entry);
        },
        encodings: encodingsOf(api, chunk.map(({ user }) => user), options, counted, now),
      });
      encoding = sent.encoding;
      for (const [at, { index }] of chunk.entries()) made[index] = sent.value[at];
    } catch (error) {
      if (isStatus(error, 429)) throw error;
      if (!isLostAnswer(error)) {
        for (const [at, { index }] of chunk.entries()) made[index] = { kind: 'refused', detail: itemWords(error, at), error };
        continue;
      }
      const taken = new Set<string>();
      for (const { user, index } of chunk) made[index] = await foundAfterLoss(api, user, sentAt, taken, counted, options.signal);
    }
  }
  // After a lost answer the encoding is the one this panel was left with.
  return { made: made.map((entry) => entry ?? { kind: 'notSent' }), refused, encoding: encoding ?? api.refusedFields.encoding(options.route) };
}

/** Up to CREATE_CHUNK users a request; for an import, users of one set of nodes together (the first encoding sends one `node_ids`). */
function chunks<T extends { user: NewUser }>(users: readonly T[], route: CreateOptions['route']): T[][] {
  const groups = new Map<string, T[]>();
  for (const entry of users) {
    const key = route === 'keys.import' ? [...entry.user.nodeIds].sort().join(',') : '';
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.values()].flatMap((group) => Array.from({ length: Math.ceil(group.length / CREATE_CHUNK) }, (_, i) => group.slice(i * CREATE_CHUNK, (i + 1) * CREATE_CHUNK)));
}

function encodingsOf(api: CreateClient, users: readonly NewUser[], options: CreateOptions, counted: <T>(call: () => Promise<T>) => Promise<T>, now: () => number): Encoding<Made[]>[] {
  const signal = options.signal;
  const answered = (answer: unknown): Made[] => {
    const keys = usersIn(answer);
    return users.map((_, index): Made => (keys[index] ? { kind: 'applied', key: keys[index] } : { kind: 'notApplied', detail: { kind: 'notListed' } }));
  };
  const oneByOne: Encoding<Made[]> = { name: CREATE_ENCODINGS.oneByOne, send: () => oneAtATime(api, users, options, counted, now) };
  if (options.route === 'keys.batch') {
    return [
      { name: CREATE_ENCODINGS.batch, body: { items: users.map((user) => createRequest(user)) }, send: async (body) => answered(await counted(() => api.keys.batch(body ?? {}, { signal }))) },
      oneByOne,
    ];
  }
  return [
    {
      name: CREATE_ENCODINGS.importNodesBeside, guessed: ['node_ids'],
      body: { items: users.map((user) => importItem(user)), node_ids: [...users[0].nodeIds] },
      send: async (body) => answered(await counted(() => api.keys.import(body ?? {}, { signal }))),
    },
    {
      name: CREATE_ENCODINGS.importNodesInEach, guessed: ['node_ids'],
      body: { items: users.map((user) => ({ ...importItem(user), node_ids: [...user.nodeIds] })) },
      send: async (body) => answered(await counted(() => api.keys.import(body ?? {}, { signal }))),
    },
    oneByOne,
  ];
}

/** A create request of 2.2: nothing else. */
function createRequest(user: NewUser): JsonObject {
  return { label: user.label, type: user.type, node_ids: [...user.nodeIds], expires_at: user.expiresAt };
}

/** An import's user: the key's own field names (spec 2.1), the note and owner only when given. */
function importItem(user: NewUser): JsonObject {
  const item: JsonObject = { label: user.label, type: user.type, expires_at: user.expiresAt };
  if (user.note) item.note = user.note;
  if (user.owner) item.owner_label = user.owner;
  return item;
}

/** The documented route: one `POST /keys` per user, then the note and owner by PATCH; each refusal is that user's. */
async function oneAtATime(api: CreateClient, users: readonly NewUser[], options: CreateOptions, counted: <T>(call: () => Promise<T>) => Promise<T>, now: () => number): Promise<Made[]> {
  const made = new Array<Made | undefined>(users.length);
  const signal = options.signal;
  const unsent = await adaptivePool(users.map((user, index) => ({ user, index })), { cap: options.maxConcurrency, stop: options.stop }, async ({ user, index }) => {
    const sentAt = now();
    let key: User;
    try {
      key = await counted(() => api.keys.create({ label: user.label, type: user.type as 'PERSONAL', node_ids: [...user.nodeIds], expires_at: user.expiresAt }, { signal }));
    } catch (error) {
      if (isStatus(error, 429)) throw error;
      made[index] = isLostAnswer(error) ? await foundAfterLoss(api, user, sentAt, new Set(), counted, signal) : { kind: 'refused', detail: words(error), error };
      if (made[index]?.kind !== 'reconciled' || !made[index]?.key) return;
      key = made[index].key;
    }
    made[index] = { ...(made[index] ?? { kind: 'applied' }), key, ...(await withNoteAndOwner(api, key, user, counted, signal)) };
  });
  for (const { index } of unsent) made[index] = { kind: 'notSent' };
  return made.map((entry) => entry ?? { kind: 'notSent' });
}

/** The note and owner of a user made by `POST /keys`, by PATCH; what the panel does not take is left out. */
async function withNoteAndOwner(api: CreateClient, key: User, user: NewUser, counted: <T>(call: () => Promise<T>) => Promise<T>, signal: AbortSignal | undefined): Promise<Partial<Made>> {
  const body: JsonObject = {};
  if (user.note) body.note = user.note;
  if (user.owner) body.owner_label = user.owner;
  if (Object.keys(body).length === 0) return {};
  try {
    const sent = await sendWithOptionalFields({
      memory: api.refusedFields, route: 'keys.update', body, optional: Object.keys(body),
      send: (part) => (Object.keys(part).length === 0 ? Promise.resolve(key) : counted(() => api.keys.update(key.id, part, { signal }))),
    });
    return { key: sent.value, ...(sent.dropped.length > 0 ? { dropped: sent.dropped } : {}) };
  } catch (error) {
    // The user exists; only its note or owner is missing. A lost answer leaves the key as created.
    return { dropped: Object.keys(body), ...(isLostAnswer(error) ? {} : { detail: words(error) }) };
  }
}

/** After a lost answer: the user the panel made for it, or "not created" (never sent again). */
async function foundAfterLoss(api: CreateClient, user: NewUser, sentAt: number, taken: Set<string>, counted: <T>(call: () => Promise<T>) => Promise<T>, signal: AbortSignal | undefined): Promise<Made> {
  try {
    const key = await findCreated(api, user, sentAt, taken, counted, signal);
    if (key) taken.add(key.id);
    return key ? { kind: 'reconciled', key, detail: { kind: 'lostCreated' } } : { kind: 'notApplied', detail: { kind: 'lostNotCreated' } };
  } catch {
    return { kind: 'notApplied', detail: { kind: 'lostNotCreated' } };
  }
}

async function findCreated(api: CreateClient, user: NewUser, sentAt: number, taken: ReadonlySet<string>, counted: <T>(call: () => Promise<T>) => Promise<T>, signal: AbortSignal | undefined): Promise<User | undefined> {
  const matches = await counted(() => api.keys.listAll({ q: user.label, per_page: PAGE }, { signal }));
  const wanted = user.nodeIds.map((id) => id.toLowerCase()).sort().join(',');
  return matches
    .filter((key) => key.label === user.label && key.type === user.type && !taken.has(key.id))
    .filter((user) => userStateOf(user).nodeIds.join(',') === wanted)
    .filter((user) => Date.parse(String(user.created_at)) >= sentAt - CLOCK_SLACK_MS)
    .sort((a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)))[0];
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof PanelHttpError && error.status === status;
}
