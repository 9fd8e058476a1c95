import * as vscode from 'vscode';
import type { User } from '../../api/types';
import type { PanelApi } from '../../api/index';
import * as users from '../../state/userOperations';
import { plainLabel } from '../../text/plainText';
import type { BusyTarget } from '../../runner/busyItems';
import type { ReadOnlyDocuments } from '../../editors/readOnlyDocuments';
import type { UserInput } from '../../prompts/userInput';
import type { TreeViewParts, UsersTree } from '../../views/users/usersView';
import type { PanelStoresLookup } from '../../state/panelStores';
import { runMutation, type ActionContext, type ActionOutcome, type MutateAction } from '../../runner/actionRunner';
import { namesLine, refusedAsReadOnly } from '../../runner/guard';
import { nodeLabel } from '../../text/nodeText';
import { plural } from '../../text/plural';

export { userIn, userName } from '../../state/userOperations';

/** What user actions need: the action context and the stores they update. */
export interface UserActionContext extends ActionContext {
  /** Every connected panel's stores: an item's panel's (`get`), the active panel's (`active`). */
  readonly panels: PanelStoresLookup;
}

/**
 * Takes a key a mutation of panel `panelId` answered with into that panel's stores, and reads the nodes it
 * is bound to again (state/userOperations.ts: `takeUser`); nothing once the panel is signed out.
 */
export function takeUser(context: UserActionContext, panelId: string, key: unknown, previous?: Partial<User>, nodesToRead?: Set<string>): void {
  users.takeUser(context.panels, panelId, key, previous, nodesToRead);
}

/** A user deleted on panel `panelId` leaves that panel's stores (state/userOperations.ts: `forgetUser`). */
export function forgetUser(context: UserActionContext, panelId: string, id: string, nodesToRead?: Set<string>): void {
  users.forgetUser(context.panels, panelId, id, nodesToRead);
}

/** Users changed on panel `panelId` beyond the keys an answer showed: its counts are read again. */
export function usersChanged(context: UserActionContext, panelId: string): void {
  users.usersChanged(context.panels, panelId);
}

/** Reads each of these nodes of panel `panelId` again once (those its nodes store holds). */
export function refreshNodes(context: UserActionContext, panelId: string, nodeIds: Iterable<string>): void {
  users.refreshNodes(context.panels, panelId, nodeIds);
}

/** Re-reads a key after a lost answer and says what state the panel holds it in now. */
export function reReadUser(context: UserActionContext, panelId: string, id: string, signal: AbortSignal, api: Pick<PanelApi, 'keys'>): Promise<string> {
  return users.reReadUser(context.panels, panelId, id, api, signal, vscode.l10n.t);
}

/** What the user commands need besides the stores: prompts, the Users view, read-only tabs. */
export interface UserCommandsContext extends UserActionContext {
  readonly input: UserInput;
  readonly users: TreeViewParts<UsersTree>;
  readonly documents: ReadOnlyDocuments;
}

/** The panel a command from the palette or a view title acts on: the active one, or a message why none. */
export function activePanelId(context: UserActionContext): string | undefined {
  const id = context.panels.activeId;
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
  const nodes = context.panels.get(panelId)?.nodes;
  const nodeNames = nodeIds.map((id) => plainLabel(nodeLabel(nodes?.get(id) ?? { id }, vscode.l10n.t), 60));
  return [
    namesLine(plural(labels.length, { one: 'Create {0} user', other: 'Create {0} users' }, vscode.l10n.t), labels),
    namesLine(plural(nodeIds.length, { one: 'bound to {0} node', other: 'bound to {0} nodes' }, vscode.l10n.t), nodeNames),
  ];
}

/** Takes the key a mutation answered with, or (a 204, another shape) reads the user again (state/userOperations.ts). */
export function takeAnswer(context: UserActionContext, item: { readonly panelId: string; readonly user: User }, answer: unknown): Promise<void> {
  return users.takeAnswer(context.panels, item.panelId, item.user, answer, vscode.l10n.t);
}

/** A user the mutation acts on: its tree item (or any holder of its panel, key and busy target). */
export interface UserTarget {
  readonly panelId: string;
  readonly user: User;
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
