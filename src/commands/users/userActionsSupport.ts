import * as vscode from 'vscode';
import type { Key } from '../../api/types';
import { userIdOf, type UsersStore } from '../../state/usersStore';
import type { NodesStore } from '../../state/nodesStore';
import { plainLabel } from '../../text/plainText';
import { isolated } from '../../text/bidi';
import type { BusyTarget } from '../../runner/busyItems';
import type { ReadOnlyDocuments } from '../../editors/readOnlyDocuments';
import type { UserInput } from '../../prompts/userInput';
import type { TreeViewParts, UsersTree } from '../../views/users/usersView';
import type { PanelStoresLookup } from '../../state/panelStores';
import { runMutation, type ActionContext, type ActionOutcome, type MutateAction } from '../../runner/actionRunner';
import { namesLine, refusedAsReadOnly } from '../../runner/guard';
import { nodeLabel } from '../../text/nodeText';
import { plural } from '../../text/plural';

/** What user actions need: the action context and the stores they update. */
export interface UserActionContext extends ActionContext {
  /** Every connected panel's stores: an item's panel's (`get`), the active panel's (`active`). */
  readonly panels: PanelStoresLookup;
}

/** The users and nodes stores of panel `panelId`, or none (signed out). */
function panelStores(context: UserActionContext, panelId: string): { readonly users: UsersStore; readonly nodes: NodesStore } | undefined {
  return context.panels.get(panelId);
}

/**
 * A user's label for a sentence (one plain line, at most 80 characters), isolated from the words around it
 * when the display language is right to left (`isolated`): a label mixing Persian and Latin keeps its order.
 */
export function userName(user: Partial<Key>): string {
  return isolated(plainLabel(user.label, 80) || plainLabel(user.id, 40));
}

/**
 * Takes a key a mutation of panel `panelId` answered with: the keys store moves it between lists, and the
 * nodes it is bound to are read again, since a change to a user leaves configuration pending on them
 * (`dirty`). A loop over many keys passes `nodesToRead` to collect those nodes and reads each once
 * afterwards (`refreshNodes`). The stores are those of panel `panelId` (the active panel's, or another
 * connected panel's own set); nothing happens once it is signed out.
 */
export function takeUser(context: UserActionContext, panelId: string, key: unknown, previous?: Partial<Key>, nodesToRead?: Set<string>): void {
  const stores = panelStores(context, panelId);
  if (!stores) return;
  if (typeof key !== 'object' || key === null || typeof (key as Key).id !== 'string') return;
  stores.users.update(key as Key);
  const nodeIds = [...boundNodes(key), ...boundNodes(previous)];
  if (nodesToRead) for (const id of nodeIds) nodesToRead.add(id);
  else refreshNodes(context, panelId, nodeIds);
}

/**
 * A user deleted on panel `panelId` leaves every list; the nodes it was bound to are read again
 * (configuration pending), or collected in `nodesToRead`. Nothing once the panel is no longer active.
 */
export function forgetUser(context: UserActionContext, panelId: string, id: string, nodesToRead?: Set<string>): void {
  const stores = panelStores(context, panelId);
  if (!stores) return;
  const previous = stores.users.get(userIdOf({ id }));
  stores.users.remove(userIdOf({ id }));
  if (nodesToRead) for (const nodeId of boundNodes(previous)) nodesToRead.add(nodeId);
  else refreshNodes(context, panelId, boundNodes(previous));
}

/**
 * Users changed on panel `panelId` beyond the keys an answer showed one by one (an import or batch whose
 * answer lists nobody): that panel's user counts are read again, once with the rest of the burst.
 */
export function usersChanged(context: UserActionContext, panelId: string): void {
  panelStores(context, panelId)?.users.changedOnPanel();
}

/** Reads each of these nodes again once (those the nodes store holds), while `panelId` is the active panel. */
export function refreshNodes(context: UserActionContext, panelId: string, nodeIds: Iterable<string>): void {
  const stores = panelStores(context, panelId);
  if (!stores) return;
  for (const id of new Set(nodeIds)) {
    if (stores.nodes.get(id)) void stores.nodes.refresh(id).catch(() => undefined);
  }
}

function boundNodes(user: Partial<Key> | undefined): string[] {
  return Array.isArray(user?.nodes) ? user.nodes.map((binding) => binding?.node_id).filter((id): id is string => typeof id === 'string') : [];
}

/** Re-reads a key after a lost answer and says what state the panel holds it in now. */
export async function reReadUser(context: UserActionContext, panelId: string, id: string, signal: AbortSignal, api: { keys: { get(id: string, opts: { signal: AbortSignal }): Promise<Key> } }): Promise<string> {
  const user = await api.keys.get(id, { signal });
  takeUser(context, panelId, user);
  return vscode.l10n.t('The panel now holds "{0}" as {1}.', userName(user), plainLabel(user.state, 20));
}

/** What the user commands need besides the stores: prompts, the Users view, read-only tabs. */
export interface UserCommandsContext extends UserActionContext {
  readonly input: UserInput;
  readonly users: TreeViewParts<UsersTree>;
  readonly documents: ReadOnlyDocuments;
}

/** A key object in a panel's answer (an object with a string id), else undefined. */
export function userIn(value: unknown): Key | undefined {
  return typeof value === 'object' && value !== null && typeof (value as Key).id === 'string' ? value as Key : undefined;
}

/** The panel a command from the palette or a view title acts on: the active one, or a message why none. */
export function activePanelId(context: UserActionContext): string | undefined {
  const id = context.session.active?.id;
  if (!id) void context.input.notify('error', vscode.l10n.t('Connect to a panel first.'));
  return id;
}

/**
 * The panel a command that changes users acts on (`panelId`, else the active one), or undefined after
 * saying why not: none is connected, or the panel is read-only (refused before any question is asked).
 */
export function panelToChange(context: UserActionContext, panelId: string | undefined = activePanelId(context)): string | undefined {
  if (panelId === undefined) return undefined;
  return refusedAsReadOnly(context, panelId) ? undefined : panelId;
}

/** "Create 3 users: "a", "b", "c"" and "on 2 nodes: "fra-1", "ams-2"": what creating these users changes. */
export function creationChanges(context: UserActionContext, panelId: string, labels: readonly string[], nodeIds: readonly string[]): string[] {
  const nodes = panelStores(context, panelId)?.nodes;
  const nodeNames = nodeIds.map((id) => plainLabel(nodeLabel(nodes?.get(id) ?? { id }, vscode.l10n.t), 60));
  return [
    namesLine(plural(labels.length, { one: 'Create {0} user', other: 'Create {0} users' }, vscode.l10n.t), labels),
    namesLine(plural(nodeIds.length, { one: 'bound to {0} node', other: 'bound to {0} nodes' }, vscode.l10n.t), nodeNames),
  ];
}

/** Takes the key a mutation answered with, or (a 204, another shape) reads the user again. */
export async function takeAnswer(context: UserActionContext, item: { readonly panelId: string; readonly user: Key }, answer: unknown): Promise<void> {
  const key = userIn(answer);
  if (key) takeUser(context, item.panelId, key, item.user);
  else await context.session.callOn(item.panelId, (api, signal) => reReadUser(context, item.panelId, item.user.id, signal, api)).catch(() => undefined);
}

/** A user the mutation acts on: its tree item (or any holder of its panel, key and busy target). */
export interface UserTarget {
  readonly panelId: string;
  readonly user: Key;
  readonly target?: BusyTarget;
}

/** What a user mutation says besides the user: the runner's fields, with the user's defaults optional. */
export type UserMutation<T> = Omit<MutateAction<T>, 'panelId' | 'target' | 'apply' | 'reconcile'> & Partial<Pick<MutateAction<T>, 'apply' | 'reconcile'>>;

/**
 * Changes one user through the runner: the user's item shows it is busy; the key the panel answers with
 * goes to the stores (a 204 or another shape reads the user again: `takeAnswer`); a lost answer is settled
 * by reading the user again and saying what state the panel holds it in (`reReadUser`), unless the caller
 * reconciles its own way (a rotation compares secrets, a deletion expects a 404).
 */
export function mutateUser<T>(context: UserActionContext, user: UserTarget, mutation: UserMutation<T>): Promise<ActionOutcome<T>> {
  return runMutation(context, {
    ...mutation,
    panelId: user.panelId,
    target: user.target,
    apply: mutation.apply ?? ((answer) => takeAnswer(context, user, answer)),
    reconcile: mutation.reconcile ?? ((api, signal) => reReadUser(context, user.panelId, user.user.id, signal, api)),
  });
}
