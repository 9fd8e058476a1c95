import type * as vscode from 'vscode';
import type { Key } from '../../api/types';
import { keyIdOf } from '../../state/keysStore';
import type { UserItem } from '../../views/users/userTreeItems';
import type { UserCommandsContext } from './keyActionsSupport';

/**
 * Shows a user selected in its state group of the Users view (the group opens and loads its first page
 * if needed). Resolves with the item, or undefined when the view could not show it (e.g. filtered out).
 */
export function revealUser(context: UserCommandsContext, key: Key): Promise<UserItem | undefined> {
  const { provider } = context.users;
  return revealIn(context, key, async () => {
    if (!provider.groupOf(key.state)) await provider.getChildren(); // the groups load first
    return provider;
  });
}

/**
 * Shows a user of panel `panelId` in the Users view (Go to User…, a deep link). In all-panels mode it is
 * revealed in its panel's subtree, the active panel staying as it is; otherwise the panel becomes the
 * active one first when it is not, since the view shows the active panel only. A user beyond the pages
 * loaded is found by filtering the view by its label. The one place a user is revealed from outside the view.
 */
export async function revealUserOnPanel(context: UserCommandsContext, panelId: string, key: Key): Promise<UserItem | undefined> {
  const fleet = context.users.provider.fleet;
  const reveal = fleet?.enabled ? () => revealUserInPanel(context, panelId, key) : () => revealUser(context, key);
  if (!fleet?.enabled && context.session.active?.id !== panelId) await context.session.switchTo(panelId);
  const shown = await reveal();
  if (shown || typeof key.label !== 'string' || key.label.trim() === '') return shown;
  context.users.provider.setFilter({ q: key.label });
  return reveal();
}

/** Shows a user in its panel's subtree of the Users view in all-panels mode (its group opens and loads). */
function revealUserInPanel(context: UserCommandsContext, panelId: string, key: Key): Promise<UserItem | undefined> {
  return revealIn(context, key, async () => context.users.provider.fleet?.openPanel(panelId));
}

/** Where a user's group and item are found: the active panel's tree, or one panel's subtree. */
interface UserPlace {
  groupOf(state: Key['state']): vscode.TreeItem | undefined;
  itemOf(id: string): UserItem | undefined;
}

/** Loads the user's group in `place` (through the provider, so the items get their ids and parents) and reveals the user. */
async function revealIn(context: UserCommandsContext, key: Key, place: () => Promise<UserPlace | undefined>): Promise<UserItem | undefined> {
  const { provider, view } = context.users;
  try {
    const at = await place();
    const group = at?.groupOf(key.state);
    if (!at || !group) return undefined;
    await provider.getChildren(group); // loads (or re-renders) the group, so the item exists
    const item = at.itemOf(keyIdOf(key));
    if (!item) return undefined;
    await view.reveal(item, { select: true, focus: true, expand: false });
    return item;
  } catch (error) {
    context.log.warn(`Could not show the user in the Users view: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
