import * as vscode from 'vscode';
import type { ViewSession } from '../../state/panelStores';
import type { UserList, UsersStore } from '../../state/usersStore';
import { progressInView } from '../../runner/actionRunner';
import type { ItemRefresher } from '../../runner/busyItems';
import { LoadMoreItem } from './loadMoreItem';
import { MessageItem } from './messageItem';
import { failureItems } from './failureItems';
import { UserItem } from './userTreeItems';
import { numberText } from '../../text/displayLanguage';

/**
 * "Load more…": loads the list's next page with progress shown on the view, then `refresh`es the element
 * that shows the list, unless `isCurrent` says a refresh replaced the list meanwhile (then nothing happens).
 */
export function loadMoreUsers(store: UsersStore, list: UserList, viewId: string, isCurrent: () => boolean, refresh: () => void): Promise<void> {
  if (!isCurrent()) return Promise.resolve();
  const load = store.loadNext(list);
  progressInView(viewId, load);
  return load.then(() => {
    if (isCurrent()) refresh();
  });
}

/**
 * The children of a paged user list: the users loaded so far, then "Load more…" while the panel has
 * more, or the reason the last page failed (with a retry that loads it again).
 */
export function userPageItems(list: UserList, parentId: string, session: ViewSession, owner: ItemRefresher, loadMore: () => void): vscode.TreeItem[] {
  const pages = list.pages;
  const now = Date.now();
  const panelId = session.panel?.id ?? '';
  const children: vscode.TreeItem[] = pages.items.map((user) => new UserItem(user, parentId, panelId, owner, now));
  if (pages.error !== undefined) {
    children.push(...failureItems(pages.error, session, 'keys.list', loadMore));
  } else if (pages.started && pages.hasMore) {
    children.push(new LoadMoreItem(loadMore, vscode.l10n.t('{0} of {1}', numberText(pages.items.length), pages.total === undefined ? '?' : numberText(pages.total))));
  }
  if (children.length === 0 && pages.started) children.push(new MessageItem(vscode.l10n.t('No users')));
  return children;
}
