/**
 * One change to many users of one panel (disable, enable, revoke, delete), whatever body the panel takes
 * (bodyEncodings.ts): `POST /keys/bulk` `{action, ids}` (its body is not shown by the contract), then the
 * documented per-user routes (`POST /keys/{id}/disable`, `/enable`, `/revoke`, `DELETE /keys/{id}`) under
 * adaptive concurrency. A lost answer is never sent again: the users it concerned are read back and what
 * the panel holds is the outcome. No `vscode` import.
 */
import { isLostAnswer, PanelHttpError } from '../api/errors';
import type { KeysApi } from '../api/keys';
import { sendEncoded, type RefusedEncoding, type RefusedFields } from '../api/bodyEncodings';
import type { User } from '../api/types';
import { bulkAnswerOf } from './userAnswers';
import { adaptivePool } from './adaptivePool';

export type BulkAction = 'disable' | 'enable' | 'revoke' | 'delete';

const BULK_SIZE = 1000;

export const BULK_ENCODINGS = {
  bulk: 'bulk: action and ids',
  oneByOne: 'the route of each user',
} as const;

export interface BulkClient {
  readonly keys: Pick<KeysApi, 'bulk' | 'get' | 'disable' | 'enable' | 'revoke' | 'delete'>;
  readonly refusedFields: RefusedFields;
}

/**
 * A user's outcome: `done` (the panel changed it; `key` when it answered with the user), `skipped` (the
 * panel said why: `reason` in its words or code), `refused` (the request for it was refused: `error`),
 * `reconciled`/`notApplied` (after a lost answer, what a re-read found; `key` as read, null when gone).
 */
export interface BulkOutcome {
  readonly id: string;
  readonly kind: 'done' | 'skipped' | 'refused' | 'reconciled' | 'notApplied';
  readonly key?: User | null;
  readonly reason?: string;
  readonly error?: unknown;
}

export interface BulkOptions {
  readonly maxConcurrency: number;
  readonly signal?: AbortSignal;
  readonly counted?: <T>(call: () => Promise<T>) => Promise<T>;
  /** What the panel holds for `ids` after a lost answer (null: gone; undefined: could not be read); by default one read each. */
  readonly reRead?: (ids: readonly string[]) => Promise<ReadonlyMap<string, User | null | undefined>>;
}

export interface BulkResult {
  readonly outcomes: readonly BulkOutcome[];
  readonly refused: readonly RefusedEncoding[];
  readonly encoding: string | undefined;
}

export async function changeUsers(api: BulkClient, action: BulkAction, ids: readonly string[], options: BulkOptions): Promise<BulkResult> {
  const counted = options.counted ?? (<T>(call: () => Promise<T>) => call());
  const outcomes: BulkOutcome[] = [];
  const refused: RefusedEncoding[] = [];
  let encoding: string | undefined;
  for (let at = 0; at < ids.length; at += BULK_SIZE) {
    const chunk = ids.slice(at, at + BULK_SIZE);
    try {
      const sent = await sendEncoded<BulkOutcome[]>({
        memory: api.refusedFields,
        route: 'keys.bulk',
        onRefused: (entry) => {
          if (!refused.some((known) => known.name === entry.name)) refused.push(entry);
        },
        encodings: [
          {
            name: BULK_ENCODINGS.bulk, guessed: ['action', 'ids'], body: { action, ids: [...chunk] },
            send: async (body) => bulkOutcomes(chunk, await counted(() => api.keys.bulk(body ?? {}, { signal: options.signal }))),
          },
          { name: BULK_ENCODINGS.oneByOne, send: () => oneAtATime(api, action, chunk, options, counted) },
        ],
      });
      encoding = sent.encoding;
      outcomes.push(...sent.value);
    } catch (error) {
      if (!isLostAnswer(error)) {
        outcomes.push(...chunk.map((id): BulkOutcome => ({ id, kind: 'refused', error })));
        continue;
      }
      const held = await (options.reRead ?? ((wanted) => readEach(api, wanted, options, counted)))(chunk);
      outcomes.push(...chunk.map((id) => settled(action, id, held.get(id.toLowerCase()))));
    }
  }
  return { outcomes, refused, encoding: encoding ?? api.refusedFields.encoding('keys.bulk') };
}

/** The bulk answer read defensively (state/userAnswers.ts): the users it skipped or failed, with the panel's reason. */
function bulkOutcomes(ids: readonly string[], answer: unknown): BulkOutcome[] {
  const skipped = new Map(bulkAnswerOf(answer).skipped.map((skip) => [skip.id.toLowerCase(), skip.reason]));
  return ids.map((id): BulkOutcome => {
    const reason = skipped.get(id.toLowerCase());
    return reason === undefined ? { id, kind: 'done' } : { id, kind: 'skipped', reason };
  });
}

/** The documented routes, one user at a time; a lost answer is read back. */
async function oneAtATime(api: BulkClient, action: BulkAction, ids: readonly string[], options: BulkOptions, counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<BulkOutcome[]> {
  const byId = new Map<string, BulkOutcome>();
  const signal = options.signal;
  await adaptivePool(ids, { cap: options.maxConcurrency }, async (id) => {
    try {
      const answer = await counted((): Promise<unknown> => {
        switch (action) {
          case 'disable': return api.keys.disable(id, { signal });
          case 'enable': return api.keys.enable(id, { signal });
          case 'revoke': return api.keys.revoke(id, { signal });
          case 'delete': return api.keys.delete(id, { signal });
        }
      });
      byId.set(id, { id, kind: 'done', ...(isUser(answer) ? { key: answer } : action === 'delete' ? { key: null } : {}) });
    } catch (error) {
      if (error instanceof PanelHttpError && error.status === 429) throw error;
      if (isLostAnswer(error)) {
        const held = await (options.reRead ?? ((wanted) => readEach(api, wanted, options, counted)))([id]);
        byId.set(id, settled(action, id, held.get(id.toLowerCase())));
      } else if (error instanceof PanelHttpError && (error.status === 404 || error.status === 409)) {
        // What the bulk route says as "skipped": no longer there, or revoked.
        byId.set(id, { id, kind: 'skipped', reason: error.status === 404 ? 'not_found' : error.code || error.panelMessage });
      } else byId.set(id, { id, kind: 'refused', error });
    }
  });
  return ids.map((id) => byId.get(id) ?? { id, kind: 'notApplied' });
}

/** Whether a re-read user shows the change (after a lost answer). */
function settled(action: BulkAction, id: string, held: User | null | undefined): BulkOutcome {
  if (held === undefined) return { id, kind: 'notApplied' };
  const shows = action === 'delete' ? held === null
    : held !== null && (action === 'revoke' ? isRevoked(held) : isEnabled(held) === (action === 'enable'));
  return { id, kind: shows ? 'reconciled' : 'notApplied', key: held };
}

async function readEach(api: BulkClient, ids: readonly string[], options: BulkOptions, counted: <T>(call: () => Promise<T>) => Promise<T>): Promise<Map<string, User | null | undefined>> {
  const held = new Map<string, User | null | undefined>();
  await adaptivePool(ids, { cap: options.maxConcurrency }, async (id) => {
    try {
      held.set(id.toLowerCase(), await counted(() => api.keys.get(id, { signal: options.signal })));
    } catch (error) {
      if (error instanceof PanelHttpError && error.status === 429) throw error;
      held.set(id.toLowerCase(), error instanceof PanelHttpError && error.status === 404 ? null : undefined);
    }
  });
  return held;
}

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as User).id === 'string';
}

/** Whether the panel holds the user enabled: no disable date and not in the disabled state. */
function isEnabled(user: User): boolean {
  return (user.disabled_at === null || user.disabled_at === undefined) && user.state !== 'disabled';
}

/** Whether the panel holds the user revoked. */
function isRevoked(user: User): boolean {
  return user.status === 'revoked' || user.state === 'revoked';
}
