/**
 * The changes of users of one panel, written once beside its users store: disabling or enabling users
 * (`setEnabled`), any change of a selection (`changeUsersOf`: disable, enable, revoke, delete), and the
 * follow-ups every change of users makes in that panel's stores (`takeUser` for one key, `forgetUser` for
 * one user gone, `followUsers` for many at once), and a change of one user's fields (`updateUser`). The
 * context menu, the chat tool, the create and import commands, the users table and the fleet to-do call
 * these. A change is given as what the action runner (runner/actionRunner.ts) runs: the request (`run`),
 * what its answer puts into the stores (`apply`), and how a lost answer is settled by reading the users
 * again (`reconcile`), never by sending again. The stores are looked up when the answer lands
 * (`panels.get`), so nothing reaches another panel, and nothing happens once the panel is signed out. No
 * `vscode` import: sentences take the caller's `t`.
 */
import type { PanelApi } from '../api/index';
import type { JsonObject, User } from '../api/types';
import { isolated } from '../text/bidi';
import { numberText } from '../text/displayLanguage';
import type { Localize } from '../text/localize';
import { plainLabel } from '../text/plainText';
import { changeUsers, type BulkAction, type BulkResult } from './bulkUserChange';
import { inPool } from './inPool';
import type { PanelStoresLookup } from './panelStores';
import { userIdOf } from './usersStore';

/** Where the follow-ups find a panel's stores: `get(panelId)`, undefined once it is signed out. */
export type PanelsOfUsers = Pick<PanelStoresLookup, 'get'>;

/** Most single-user requests in flight when the panel takes no bulk body. */
const BULK_CONCURRENCY = 8;

/**
 * A user's label for a sentence (one plain line, at most 80 characters), isolated from the words around it
 * when the display language is right to left (`isolated`): a label mixing Persian and Latin keeps its order.
 */
export function userName(user: Partial<User>): string {
  return isolated(plainLabel(user.label, 80) || plainLabel(user.id, 40));
}

/** A key object in a panel's answer (an object with a string id), else undefined. */
export function userIn(value: unknown): User | undefined {
  return typeof value === 'object' && value !== null && typeof (value as User).id === 'string' ? value as User : undefined;
}

/**
 * Takes a key a mutation of panel `panelId` answered with (or a read of it): the users store moves it
 * between lists, and the nodes it is bound to, now or before (`previous`, else as the store held it), are
 * read again, since a change to a user leaves configuration pending on them (`dirty`). A loop over many
 * keys passes `nodesToRead` to collect those nodes and reads each once afterwards (`followUsers` does).
 */
export function takeUser(panels: PanelsOfUsers, panelId: string, key: unknown, previous?: Partial<User>, nodesToRead?: Set<string>): void {
  const stores = panels.get(panelId);
  const user = userIn(key);
  if (!stores || !user) return;
  const before = previous ?? stores.users.get(userIdOf(user));
  stores.users.update(user);
  const nodeIds = [...boundNodes(user), ...boundNodes(before)];
  if (nodesToRead) for (const id of nodeIds) nodesToRead.add(id);
  else refreshNodes(panels, panelId, nodeIds);
}

/** A user deleted on panel `panelId` leaves every list; the nodes it was bound to are read again, or collected in `nodesToRead`. */
export function forgetUser(panels: PanelsOfUsers, panelId: string, id: string, nodesToRead?: Set<string>): void {
  const stores = panels.get(panelId);
  if (!stores) return;
  const previous = stores.users.get(userIdOf({ id }));
  stores.users.remove(userIdOf({ id }));
  if (nodesToRead) for (const nodeId of boundNodes(previous)) nodesToRead.add(nodeId);
  else refreshNodes(panels, panelId, boundNodes(previous));
}

/** What a change of many users of one panel came to, for its stores (`followUsers`). */
export interface ChangedUsers {
  /** Keys the panel answered with, or read again after the change: each replaces the one the store holds. */
  readonly taken?: Iterable<unknown>;
  /** Ids of the users the panel no longer has. */
  readonly gone?: Iterable<string>;
  /** Nodes to read again besides those the users are bound to (their bindings changed). */
  readonly nodes?: Iterable<string>;
  /** The panel's answer does not show everyone it changed (an import, a batch, a plan): the counts are read again. */
  readonly recount?: boolean;
}

/**
 * The follow-up of every change of many users of panel `panelId`, written once: the keys taken
 * (`takeUser`), the users gone forgotten (`forgetUser`), the counts read again when asked, and every node
 * bound to any of them, before or after, read again once.
 */
export function followUsers(panels: PanelsOfUsers, panelId: string, changed: ChangedUsers): void {
  const nodesToRead = new Set<string>(changed.nodes ?? []);
  for (const key of changed.taken ?? []) takeUser(panels, panelId, key, undefined, nodesToRead);
  for (const id of changed.gone ?? []) forgetUser(panels, panelId, id, nodesToRead);
  if (changed.recount) usersChanged(panels, panelId);
  refreshNodes(panels, panelId, nodesToRead);
}

/**
 * Users changed on panel `panelId` beyond the keys an answer showed one by one (an import or batch whose
 * answer lists nobody): that panel's user counts are read again, once with the rest of the burst.
 */
export function usersChanged(panels: PanelsOfUsers, panelId: string): void {
  panels.get(panelId)?.users.changedOnPanel();
}

/** Reads each of these nodes of panel `panelId` again once (those its nodes store holds). */
export function refreshNodes(panels: PanelsOfUsers, panelId: string, nodeIds: Iterable<string>): void {
  const stores = panels.get(panelId);
  if (!stores) return;
  for (const id of new Set(nodeIds)) {
    if (stores.nodes.get(id)) void stores.nodes.refresh(id).catch(() => undefined);
  }
}

/** The ids of the nodes a user is bound to (`nodes[].node_id`, spec 2.1), those of a string id. */
export function boundNodes(user: Partial<User> | undefined): string[] {
  return Array.isArray(user?.nodes) ? user.nodes.map((binding) => binding?.node_id).filter((id): id is string => typeof id === 'string') : [];
}

/** Reads a user again (after a lost answer, or an answer without the key), puts it into the stores and says what state the panel holds it in. */
export async function reReadUser(panels: PanelsOfUsers, panelId: string, id: string, api: Pick<PanelApi, 'keys'>, signal: AbortSignal, t: Localize): Promise<string> {
  const user = await api.keys.get(id, { signal });
  takeUser(panels, panelId, user);
  return t('The panel now holds "{0}" as {1}.', userName(user), plainLabel(user.state, 20));
}

/** Takes the key a change of `user` was answered with, or (a 204, another shape) reads the user again; nothing once the panel is signed out. */
export async function takeAnswer(panels: PanelsOfUsers, panelId: string, user: User, answer: unknown, t: Localize): Promise<void> {
  const key = userIn(answer);
  if (key) takeUser(panels, panelId, key, user);
  else await panels.get(panelId)?.call((api, signal) => reReadUser(panels, panelId, user.id, api, signal, t)).catch(() => undefined);
}

/**
 * Reads each user again, six at a time: those the panel no longer has leave the store, the others take
 * what it holds (`followUsers`: their nodes are read once each, at the end). Resolves with how many were gone.
 */
export async function reReadUsers(panels: PanelsOfUsers, panelId: string, api: Pick<PanelApi, 'keys'>, ids: readonly string[], signal: AbortSignal): Promise<number> {
  const taken: User[] = [];
  const gone: string[] = [];
  const failures: unknown[] = [];
  await inPool(ids, 6, async (id) => {
    try {
      taken.push(await api.keys.get(id, { signal }));
    } catch (error) {
      if ((error as { status?: number }).status === 404) gone.push(id);
      else failures.push(error);
    }
  });
  followUsers(panels, panelId, { taken, gone });
  if (failures.length > 0) throw failures[0];
  return gone.length;
}

/** A change of users as the action runner runs it: the request, what its answer puts into the stores, how a lost answer is settled. */
export interface UsersChange<T> {
  readonly run: (api: PanelApi, signal: AbortSignal) => Promise<T>;
  readonly apply: (answer: T) => Promise<void>;
  readonly reconcile: (api: PanelApi, signal: AbortSignal) => Promise<string>;
}

/** The users of a bulk result the panel changed (done, or found changed after a lost answer). */
export function changedIds(result: BulkResult): string[] {
  return result.outcomes.filter((entry) => entry.kind === 'done' || entry.kind === 'reconciled').map((entry) => entry.id);
}

/**
 * One change to a selection of users of panel `panelId` (`POST /keys/bulk` in the body the panel takes,
 * else each user's own route: state/bulkUserChange.ts). Afterwards the changed users are read again so
 * their groups and counts follow (deleted ones leave the store); a failed re-read is given to `warn`.
 */
export function changeUsersOf(panels: PanelsOfUsers, panelId: string, action: BulkAction, ids: readonly string[], t: Localize, warn: (message: string) => void = () => undefined): UsersChange<BulkResult> {
  return {
    run: (api, signal) => changeUsers(api, action, ids, { maxConcurrency: BULK_CONCURRENCY, signal }),
    apply: async (result) => {
      const changed = changedIds(result);
      if (action === 'delete') {
        followUsers(panels, panelId, { gone: changed });
        return;
      }
      const panel = panels.get(panelId);
      if (!panel) return;
      await panel.call((api, signal) => reReadUsers(panels, panelId, api, changed, signal)).catch((error: unknown) => {
        warn(`Re-reading users after a bulk ${action} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    },
    reconcile: async (api, signal) => {
      const gone = await reReadUsers(panels, panelId, api, ids, signal);
      return t('The answer was lost; the panel now holds {0} of the {1} users ({2} no longer exist).', numberText(ids.length - gone), numberText(ids.length), numberText(gone));
    },
  };
}

/**
 * Disables or enables one user of panel `panelId` by its own route (`POST /keys/{id}/disable|enable`), whose
 * answer (the updated key) goes to the store (`takeAnswer`), so the user moves between groups, counts
 * included, and the nodes it is bound to are read again; an answer without the key reads the user again; a
 * lost answer is settled by reading the user and saying what state the panel holds it in. The result is a
 * `BulkResult` with the user's one outcome (its `key` the panel's answer), as a selection's change
 * (`changeUsersOf` with `enable` or `disable`, one bulk change) gives.
 */
export function setEnabled(panels: PanelsOfUsers, panelId: string, user: User, enable: boolean, t: Localize): UsersChange<BulkResult> {
  return {
    run: async (api, signal) => {
      const answer: unknown = await (enable ? api.keys.enable(user.id, { signal }) : api.keys.disable(user.id, { signal }));
      const key = userIn(answer);
      return { outcomes: [{ id: user.id, kind: 'done', ...(key ? { key } : {}) }], refused: [], encoding: undefined };
    },
    apply: (result) => takeAnswer(panels, panelId, user, result.outcomes[0]?.key, t),
    reconcile: (api, signal) => reReadUser(panels, panelId, user.id, api, signal, t),
  };
}

/**
 * Changes fields of one user of panel `panelId` (`PATCH /keys/{id}` with the changed fields only: Edit
 * User's Save, the fleet to-do's Extend Expiry…): the key the panel answers goes to the stores (`takeAnswer`);
 * a lost answer is settled by reading the user again.
 */
export function updateUser(panels: PanelsOfUsers, panelId: string, user: User, changes: JsonObject, t: Localize): UsersChange<User> {
  return {
    run: (api, signal) => api.keys.update(user.id, changes, { signal }),
    apply: (answer) => takeAnswer(panels, panelId, user, answer, t),
    reconcile: (api, signal) => reReadUser(panels, panelId, user.id, api, signal, t),
  };
}
