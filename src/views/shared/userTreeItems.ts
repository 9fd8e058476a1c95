import * as vscode from 'vscode';
import type { User, KeyNodeBinding, KeyState } from '../../api/types';
import { joinParts, plainLabel } from '../../text/plainText';
import { untrustedMarkdown } from '../../text/untrustedText';
import type { UserList } from '../../state/usersStore';
import type { BusyTarget, ItemRefresher } from '../../runner/busyItems';
import {
  SYNC_ICONS, bindingDescriptionParts, bindingLabel, userNodeBindings, syncKind, userContextValue, userDescription, userIcon,
  userTooltipRows, type IconChoice,
} from './userDescription';
import { numberText } from '../../text/displayLanguage';
import { inReadingOrder } from '../../text/bidi';

export function themeIcon(choice: IconChoice): vscode.ThemeIcon {
  return new vscode.ThemeIcon(choice.id, choice.color ? new vscode.ThemeColor(choice.color) : undefined);
}

const GROUP_ICONS: Record<KeyState, string> = {
  active: 'pass',
  pending: 'clock',
  expiring: 'watch',
  expired: 'history',
  disabled: 'circle-slash',
  revoked: 'trash',
};

/** The state's name as the Users view shows it (the panel's value words, translatable; a users table of the group is titled by it too). */
export function groupLabel(state: KeyState): string {
  switch (state) {
    case 'active': return vscode.l10n.t('active');
    case 'pending': return vscode.l10n.t('pending');
    case 'expiring': return vscode.l10n.t('expiring');
    case 'expired': return vscode.l10n.t('expired');
    case 'disabled': return vscode.l10n.t('disabled');
    case 'revoked': return vscode.l10n.t('revoked');
  }
}

/** One of the six state groups; its description is the number of users in it (under the filter). */
export class UserGroupItem extends vscode.TreeItem {
  constructor(
    readonly state: KeyState,
    /** The store's list of this state under the view's filter. */
    readonly list: UserList,
  ) {
    super(groupLabel(state), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `users/group/${state}`;
    this.iconPath = new vscode.ThemeIcon(GROUP_ICONS[state]);
    this.contextValue = 'userGroup';
    this.showCount();
  }

  /** Shows the list's count (after a load, or after a user joined or left the group). */
  showCount(): void {
    const count = this.list.count;
    // An empty group cannot expand; one that gains a user can (a new state makes VS Code ask again).
    this.collapsibleState = count === 0 ? vscode.TreeItemCollapsibleState.None : this.collapsibleState === vscode.TreeItemCollapsibleState.Expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    this.description = count === undefined ? '?' : numberText(count);
    this.tooltip = count === undefined
      ? vscode.l10n.t('The panel did not say how many users are in state "{0}"', groupLabel(this.state))
      : vscode.l10n.t('{0} users in state "{1}"', numberText(count), groupLabel(this.state));
  }
}

/**
 * A key, shown as a user. Label and description are plain text; the tooltip never shows secrets or URLs.
 * Its contextValue is `user.<state>`, plus `.subscribed` while its subscription is active, so menus offer
 * only what applies (Enable on a disabled user); the token's scopes are the `panelOps.scope.*` context keys.
 */
export class UserItem extends vscode.TreeItem {
  private current: User;

  constructor(
    user: User,
    /** Makes the id unique where the same key can appear twice (a node's users, a group). */
    parentId: string,
    /** The panel the key belongs to; actions on the item go to this panel. */
    readonly panelId: string,
    /** The view showing the item, which redraws it while an action runs. */
    readonly owner: ItemRefresher,
    now = Date.now(),
  ) {
    super('', userNodeBindings(user).length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    this.current = user;
    this.id = `${parentId}/user/${plainLabel(user.id, 100)}`;
    this.show(user, now);
  }

  get user(): User {
    return this.current;
  }

  /** The item as the target of an action: it shows the action's progress. */
  get target(): BusyTarget {
    return { item: this, view: this.owner };
  }

  /** Shows a newer copy of the same key (after an action on it). */
  show(user: User, now = Date.now()): void {
    this.current = user;
    this.label = plainLabel(user.label, 80) || vscode.l10n.t('(no label)');
    this.description = inReadingOrder(userDescription(user, now, vscode.l10n.t));
    this.iconPath = themeIcon(userIcon(user));
    this.contextValue = userContextValue(user);
    const tooltip = untrustedMarkdown().heading(user.label, 200);
    for (const [name, value] of userTooltipRows(user, now, vscode.l10n.t)) tooltip.field(name, value);
    this.tooltip = tooltip.build();
  }

  bindingItems(): UserBindingItem[] {
    return userNodeBindings(this.user).map((binding, index) => new UserBindingItem(binding, `${this.id}/node/${index}`, this));
  }
}

/** A node a user is bound to, with the node's `profile_sync` state for that user. */
export class UserBindingItem extends vscode.TreeItem {
  constructor(
    readonly binding: Partial<KeyNodeBinding>,
    id: string,
    /** The user bound to the node (Remove Node acts on it). */
    readonly user: UserItem,
  ) {
    super(plainLabel(bindingLabel(binding, vscode.l10n.t), 80), vscode.TreeItemCollapsibleState.None);
    this.id = id;
    this.description = joinParts(bindingDescriptionParts(binding, vscode.l10n.t));
    this.iconPath = themeIcon(SYNC_ICONS[syncKind(binding.profile_sync)]);
    this.contextValue = 'userBinding';
    this.tooltip = untrustedMarkdown()
      .heading(bindingLabel(binding, vscode.l10n.t))
      .field(vscode.l10n.t('Hostname'), binding.hostname)
      .field(vscode.l10n.t('Node id'), binding.node_id)
      .field(vscode.l10n.t('Profile sync'), binding.profile_sync ?? vscode.l10n.t('unknown'))
      .build();
  }
}
