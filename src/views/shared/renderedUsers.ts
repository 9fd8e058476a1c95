import type * as vscode from 'vscode';
import { userIdOf } from '../../state/usersStore';
import { UserItem } from './userTreeItems';

/**
 * The user items a view shows right now, by parent and by key id: a change to one key refreshes just its
 * items (it may show in a group and under several nodes).
 */
export class RenderedUsers {
  private readonly byParent = new Map<string, { readonly id: string; readonly item: UserItem }[]>();
  /** The same items by key id, so that a key change finds its items without going through every row. */
  private readonly byId = new Map<string, Set<UserItem>>();

  /** Records the children just given for a parent, replacing what it showed before. */
  set(parentId: string, children: readonly vscode.TreeItem[]): void {
    this.forget(parentId);
    const entries = children.filter((child): child is UserItem => child instanceof UserItem).map((item) => ({ id: userIdOf(item.user), item }));
    this.byParent.set(parentId, entries);
    for (const { id, item } of entries) {
      let items = this.byId.get(id);
      if (!items) this.byId.set(id, (items = new Set()));
      items.add(item);
    }
  }

  forget(parentId: string): void {
    for (const { id, item } of this.byParent.get(parentId) ?? []) {
      const items = this.byId.get(id);
      items?.delete(item);
      if (items?.size === 0) this.byId.delete(id);
    }
    this.byParent.delete(parentId);
  }

  itemsOf(userId: string): UserItem[] {
    return [...(this.byId.get(userId) ?? [])];
  }

  clear(): void {
    this.byParent.clear();
    this.byId.clear();
  }
}
