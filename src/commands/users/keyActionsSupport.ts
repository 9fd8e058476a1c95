import * as vscode from 'vscode';
import type { Key } from '../../api/types';
import type { KeysStore } from '../../state/keysStore';
import type { NodesStore } from '../../state/nodesStore';
import { plainLabel } from '../../text/plainText';
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

function boundNodes(key: Partial<Key> | undefined): string[] {
  return Array.isArray(key?.nodes) ? key.nodes.map((binding) => binding?.node_id).filter((id): id is string => typeof id === 'string') : [];
}

/** Re-reads a key after a lost answer and says what state the panel holds it in now. */
export async function reReadKey(context: UserActionContext, id: string, signal: AbortSignal, api: { keys: { get(id: string, opts: { signal: AbortSignal }): Promise<Key> } }): Promise<string> {
  const key = await api.keys.get(id, { signal });
  takeKey(context, key);
  return vscode.l10n.t('The panel now holds "{0}" as {1}.', userName(key), plainLabel(key.state, 20));
}
