import type * as vscode from 'vscode';
import type { User } from '../../api/types';
import { userIdOf } from '../../state/usersStore';
import type { UserItem } from '../../views/shared/userTreeItems';
import type { UserCommandsContext } from './userActionsSupport';

/**
 * Shows a user selected in its state group of the Users view, in the active panel's part (the group opens
 * and loads its first page if needed). Resolves with the item, or undefined when the view could not show it
 * (e.g. filtered out).
 */
export function revealUser(context: UserCommandsContext, panelId: string, user: User): Promise<UserItem | undefined> {
  return revealIn(context, user, () => context.users.provider.openPanel(panelId));
}

/**
 * Shows a user of panel `panelId` in the Users view (Go to User…, a deep link), inside that panel's part
 * of the view, the active panel staying as it is; only when the operator chose to see the active panel
 * alone and the user is on another does that panel become the active one first. A user beyond the pages
 * loaded is found by filtering the view by its label. The one place a user is revealed from outside the view.
 */
export async function revealUserOnPanel(context: UserCommandsContext, panelId: string, user: User): Promise<UserItem | undefined> {
  const { provider } = context.users;
  if (!provider.shownPanels.includes(panelId)) await context.session.switchTo(panelId);
  const reveal = () => revealIn(context, user, () => provider.openPanel(panelId));
  const shown = await reveal();
  if (shown || typeof user.label !== 'string' || user.label.trim() === '') return shown;
  provider.setFilter({ q: user.label });
  return reveal();
}

/** Where a user's group and item are found: the active panel's tree, or one panel's subtree. */
interface UserPlace {
  groupOf(state: User['state']): vscode.TreeItem | undefined;
  itemOf(id: string): UserItem | undefined;
}

/** Loads the user's group in `place` (through the provider, so the items get their ids and parents) and reveals the user. */
async function revealIn(context: UserCommandsContext, user: User, place: () => Promise<UserPlace | undefined>): Promise<UserItem | undefined> {
  const { provider, view } = context.users;
  try {
    const at = await place();
    const group = at?.groupOf(user.state);
    if (!at || !group) return undefined;
    await provider.readChildren(group); // loads (or re-renders) the group, so the item exists
    const item = at.itemOf(userIdOf(user));
    if (!item) return undefined;
    // Once the view has drawn a switch of panel (and the panel's first read): the item stays selected.
    await provider.reveal(view, item, { select: true, focus: true, expand: false });
    return item;
  } catch (error) {
    context.log.warn(`Could not show the user in the Users view: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
