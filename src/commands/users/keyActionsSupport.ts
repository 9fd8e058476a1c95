import * as vscode from 'vscode';
import type { Key } from '../../api/types';
import { keyIdOf, type KeysStore } from '../../state/keysStore';
import type { NodesStore } from '../../state/nodesStore';
import { plainLabel } from '../../text/plainText';
import type { ReadOnlyDocuments } from '../../editors/readOnlyDocuments';
import type { UserInput } from '../../prompts/userInput';
import type { TreeViewParts, UsersTreeProvider } from '../../views/users/UsersTreeProvider';
import type { ActionContext } from '../runAction';

/** What user actions need: the action context and the stores they update. */
export interface UserActionContext extends ActionContext {
  readonly keys: KeysStore;
  readonly nodes: NodesStore;
}

/** A user's label for a sentence (one plain line, at most 80 characters). */
export function userName(key: Partial<Key>): string {
  return plainLabel(key.label, 80) || plainLabel(key.id, 40);
}

/**
 * Takes a key a mutation answered with: the keys store moves it between lists, and the nodes it is bound
 * to are read again, since a change to a user leaves configuration pending on them (`dirty`).
 */
export function takeKey(context: UserActionContext, key: unknown, previous?: Partial<Key>): void {
  if (typeof key !== 'object' || key === null || typeof (key as Key).id !== 'string') return;
  context.keys.update(key as Key);
  const nodeIds = new Set([...boundNodes(key as Key), ...boundNodes(previous)]);
  for (const id of nodeIds) {
    if (context.nodes.get(id)) void context.nodes.refresh(id).catch(() => undefined);
  }
}

/** A user deleted on the panel leaves every list; the nodes it was bound to are read again (configuration pending). */
export function forgetKey(context: UserActionContext, id: string): void {
  const previous = context.keys.get(keyIdOf({ id }));
  context.keys.remove(keyIdOf({ id }));
  for (const nodeId of boundNodes(previous)) {
    if (context.nodes.get(nodeId)) void context.nodes.refresh(nodeId).catch(() => undefined);
  }
}

function boundNodes(key: Partial<Key> | undefined): string[] {
  return Array.isArray(key?.nodes) ? key.nodes.map((binding) => binding?.node_id).filter((id): id is string => typeof id === 'string') : [];
}

/** Re-reads a key after a lost answer and says what state the panel holds it in now. */
export async function reReadKey(context: UserActionContext, id: string, signal: AbortSignal, api: { keys: { get(id: string, opts: { signal: AbortSignal }): Promise<Key> } }): Promise<string> {
  const key = await api.keys.get(id, { signal });
  takeKey(context, key);
  return vscode.l10n.t('The panel now holds "{0}" as {1}.', userName(key), plainLabel(key.state, 20));
}

/** What the user commands need besides the stores: prompts, the Users view, read-only tabs. */
export interface UserCommandsContext extends UserActionContext {
  readonly input: UserInput;
  readonly users: TreeViewParts<UsersTreeProvider>;
  readonly documents: ReadOnlyDocuments;
}

/** A key object in a panel's answer (an object with a string id), else undefined. */
export function keyIn(value: unknown): Key | undefined {
  return typeof value === 'object' && value !== null && typeof (value as Key).id === 'string' ? value as Key : undefined;
}

/** The panel a command from the palette or a view title acts on: the active one, or a message why none. */
export function activePanelId(context: UserActionContext): string | undefined {
  const id = context.session.active?.id;
  if (!id) void context.input.notify('error', vscode.l10n.t('Connect to a panel first.'));
  return id;
}

/** Takes the key a mutation answered with, or (a 204, another shape) reads the user again. */
export async function takeAnswer(context: UserActionContext, item: { readonly panelId: string; readonly key: Key }, answer: unknown): Promise<void> {
  const key = keyIn(answer);
  if (key) takeKey(context, key, item.key);
  else await context.session.callOn(item.panelId, (api, signal) => reReadKey(context, item.key.id, signal, api)).catch(() => undefined);
}
