import type * as vscode from 'vscode';
import { keyIdOf } from '../../state/keysStore';
import { UserItem } from './userTreeItems';

/**
 * The user items a view shows right now, by parent and by key id: a change to one key refreshes just its
 * items (it may show in a group and under several nodes).
 */
export class RenderedUsers {
  private readonly byParent = new Map<string, UserItem[]>();

  /** Records the children just given for a parent, replacing what it showed before. */
  set(parentId: string, children: readonly vscode.TreeItem[]): void {
    this.byParent.set(parentId, children.filter((child): child is UserItem => child instanceof UserItem));
  }

  forget(parentId: string): void {
    this.byParent.delete(parentId);
  }

  itemsOf(keyId: string): UserItem[] {
    const items: UserItem[] = [];
    for (const children of this.byParent.values()) {
      for (const item of children) if (keyIdOf(item.key) === keyId) items.push(item);
    }
    return items;
  }

  clear(): void {
    this.byParent.clear();
  }
}
