import type { Key } from '../../api/types';
import { keyIdOf } from '../../state/keysStore';
import type { UserItem } from '../../views/users/userTreeItems';
import type { UserCommandsContext } from './keyActionsSupport';

/**
 * Shows a user selected in its state group of the Users view (the group opens and loads its first page
 * if needed). Resolves with the item, or undefined when the view could not show it (e.g. filtered out).
 */
export async function revealUser(context: UserCommandsContext, key: Key): Promise<UserItem | undefined> {
  const { provider, view } = context.users;
  try {
    if (!provider.groupOf(key.state)) await provider.getChildren(); // the groups load first
    const group = provider.groupOf(key.state);
    if (!group) return undefined;
    await provider.getChildren(group); // loads (or re-renders) the group, so the item exists
    const item = provider.itemOf(keyIdOf(key));
    if (!item) return undefined;
    await view.reveal(item, { select: true, focus: true, expand: false });
    return item;
  } catch (error) {
    context.log.warn(`Could not show the user in the Users view: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
