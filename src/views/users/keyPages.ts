import * as vscode from 'vscode';
import type { Key, KeyListQuery } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import { LoadMoreNode } from '../shared/loadMoreNode';
import { MessageNode } from '../shared/messageNode';
import { plainLabel } from '../../text/plainText';
import { failureNodes } from './failureNodes';
import { PagedList, type PageFetcher } from './pagedList';
import { UserItem } from './userTreeItems';

const DEFAULT_PAGE_SIZE = 50;

/** Page size of user lists: setting `panelOps.users.pageSize` (1 to 200), 50 by default. */
function userPageSize(): number {
  const value = vscode.workspace.getConfiguration('panelOps').get<number>('users.pageSize', DEFAULT_PAGE_SIZE);
  return Number.isInteger(value) && value >= 1 && value <= 200 ? value : DEFAULT_PAGE_SIZE;
}

/**
 * Keys are told apart by their id as the tree items show it (`UserItem` ids use the plain id): two ids
 * that differ only in invisible characters, or beyond 100 characters, are one item, since VS Code refuses
 * a view whose items repeat an id.
 */
export function newKeyPages(): PagedList<Key> {
  return new PagedList<Key>(userPageSize(), (key) => plainLabel(key?.id, 100));
}

/** Fetches pages of `GET /keys` for the query through the session, cancelled by the list's reset. */
export function keyPageFetcher(session: PanelSession, query: () => KeyListQuery): PageFetcher<Key> {
  return async (page, perPage, signal) => {
    const answer = await session.call(
      (api, callSignal) => api.keys.list({ ...query(), page, per_page: perPage }, { signal: AbortSignal.any([signal, callSignal]) }),
    );
    const items = Array.isArray(answer?.items) ? answer.items.filter((key) => typeof key === 'object' && key !== null) : [];
    return { items, total: typeof answer?.total === 'number' ? answer.total : Number.NaN };
  };
}

/**
 * "Load more…": loads the next page with progress shown on the view, then `refresh`es the element that
 * shows the list, unless `isCurrent` says a refresh replaced the list meanwhile (then nothing happens).
 */
export function loadMoreKeys(
  pages: PagedList<Key>,
  fetcher: PageFetcher<Key>,
  viewId: string,
  isCurrent: () => boolean,
  refresh: () => void,
): Promise<void> {
  if (!isCurrent()) return Promise.resolve();
  const load = pages.loadNext(fetcher);
  void vscode.window.withProgress({ location: { viewId } }, () => load);
  return load.then(() => {
    if (isCurrent()) refresh();
  });
}

/**
 * The children of a paged user list: the users loaded so far, then "Load more…" while the panel has
 * more, or the reason the last page failed (with a retry that loads it again).
 */
export function keyPageItems(pages: PagedList<Key>, parentId: string, session: PanelSession, loadMore: () => void): vscode.TreeItem[] {
  const now = Date.now();
  const children: vscode.TreeItem[] = pages.items.map((key) => new UserItem(key, parentId, now));
  if (pages.error !== undefined) {
    children.push(...failureNodes(pages.error, session, 'keys.list', loadMore));
  } else if (pages.started && pages.hasMore) {
    children.push(new LoadMoreNode(loadMore, vscode.l10n.t('{0} of {1}', pages.items.length, pages.total ?? '?')));
  }
  if (children.length === 0 && pages.started) children.push(new MessageNode(vscode.l10n.t('No users')));
  return children;
}
