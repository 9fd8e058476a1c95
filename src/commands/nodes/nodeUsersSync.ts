import type { User } from '../../api/types';
import { userIdOf } from '../../state/usersStore';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';
import { refreshSections, type NodeActionContext } from './nodeActionSupport';

/** At most this many pages of 200 users are re-read after an apply; past that, the lists start over. */
const MAX_PAGES = 5;

/**
 * After an apply ended, the node's users changed on the panel (`profile_sync`, and a pending user whose
 * nodes are all synced becomes active): re-reads the users bound to the node (`GET /keys?node=…`) and puts
 * each through the keys store, so every view showing them (sync icons, groups, counts) follows; the
 * node's Users section and Recent jobs reload. The pages are read with the client's adaptive concurrency.
 */
export async function reReadNodeUsers(context: NodeActionContext, item: NodeItem, signal?: AbortSignal): Promise<void> {
  refreshSections(context, item, ['jobs']);
  const panel = context.panels.get(item.panelId);
  if (!panel?.scopes.can('keys.list')) return;
  try {
    const users: User[] = [];
    const complete = await panel.call(async (api, callSignal) => {
      let pages = 0;
      for await (const page of api.keys.allPages({ node: item.node.id, per_page: 200 }, { signal: signal ? AbortSignal.any([signal, callSignal]) : callSignal })) {
        const total = typeof page?.total === 'number' ? page.total : 0;
        if (++pages > MAX_PAGES || total > MAX_PAGES * 200) return false; // stops the reads in flight
        users.push(...(Array.isArray(page?.items) ? page.items.filter((user): user is User => typeof user?.id === 'string') : []));
      }
      return true;
    });
    if (!complete) {
      refreshSections(context, item, ['users']);
      return;
    }
    // Only keys the views already hold: a key the store never saw is in no loaded page, and lists that
    // never loaded it read it fresh when opened (counts are the panel's either way).
    for (const key of users) if (panel.users.get(userIdOf(key))) panel.users.update(key);
  } catch (error) {
    context.log.warn(`Re-reading the users of a node after an apply failed: ${error instanceof Error ? error.message : String(error)}`);
    refreshSections(context, item, ['users']);
  }
}
