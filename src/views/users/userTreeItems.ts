import * as vscode from 'vscode';
import type { Key, KeyNodeBinding, KeyState } from '../../api/types';
import { plainLabel } from '../../text/plainText';
import { untrustedMarkdown } from '../../text/untrustedText';
import type { PagedList } from './pagedList';
import {
  SYNC_ICONS, bindingDescriptionParts, bindingLabel, joinParts, keyBindings, syncKind, userDescription, userIcon,
  userTooltipRows, type IconChoice,
} from './userDescription';

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

/** One of the six state groups; its description is the number of users in it (under the filter). */
/** The state's name as the Users view shows it (the panel's value words, translatable). */
function groupLabel(state: KeyState): string {
  switch (state) {
    case 'active': return vscode.l10n.t('active');
    case 'pending': return vscode.l10n.t('pending');
    case 'expiring': return vscode.l10n.t('expiring');
    case 'expired': return vscode.l10n.t('expired');
    case 'disabled': return vscode.l10n.t('disabled');
    case 'revoked': return vscode.l10n.t('revoked');
  }
}

export class UserGroupItem extends vscode.TreeItem {
  constructor(
    readonly state: KeyState,
    /** undefined when the panel's answer had no `total`. */
    readonly count: number | undefined,
    readonly pages: PagedList<Key>,
  ) {
    super(groupLabel(state), count === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `users/group/${state}`;
    this.description = count === undefined ? '?' : String(count);
    this.tooltip = count === undefined
      ? vscode.l10n.t('The panel did not say how many users are in state "{0}"', groupLabel(state))
      : vscode.l10n.t('{0} users in state "{1}"', count, groupLabel(state));
    this.iconPath = new vscode.ThemeIcon(GROUP_ICONS[state]);
    this.contextValue = 'userGroup';
  }
}

/** A key, shown as a user. Label and description are plain text; the tooltip never shows secrets or URLs. */
export class UserItem extends vscode.TreeItem {
  constructor(
    readonly key: Key,
    /** Makes the id unique where the same key can appear twice (a node's users, a group). */
    parentId: string,
    now = Date.now(),
  ) {
    const bindings = keyBindings(key);
    super(
      plainLabel(key.label, 80) || vscode.l10n.t('(no label)'),
      bindings.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    this.id = `${parentId}/user/${plainLabel(key.id, 100)}`;
    this.description = userDescription(key, now, vscode.l10n.t);
    this.iconPath = themeIcon(userIcon(key));
    this.contextValue = 'user';
    const tooltip = untrustedMarkdown().heading(key.label, 200);
    for (const [name, value] of userTooltipRows(key, now, vscode.l10n.t)) tooltip.field(name, value);
    this.tooltip = tooltip.build();
  }

  bindingItems(): UserBindingItem[] {
    return keyBindings(this.key).map((binding, index) => new UserBindingItem(binding, `${this.id}/node/${index}`));
  }
}

/** A node a user is bound to, with the node's `profile_sync` state for that user. */
export class UserBindingItem extends vscode.TreeItem {
  constructor(readonly binding: Partial<KeyNodeBinding>, id: string) {
    super(plainLabel(bindingLabel(binding, vscode.l10n.t), 80), vscode.TreeItemCollapsibleState.None);
    this.id = id;
    this.description = joinParts(bindingDescriptionParts(binding, vscode.l10n.t));
    this.iconPath = themeIcon(SYNC_ICONS[syncKind(binding.profile_sync)]);
    this.contextValue = 'user.binding';
    this.tooltip = untrustedMarkdown()
      .heading(bindingLabel(binding, vscode.l10n.t))
      .field(vscode.l10n.t('Hostname'), binding.hostname)
      .field(vscode.l10n.t('Node id'), binding.node_id)
      .field(vscode.l10n.t('Profile sync'), binding.profile_sync ?? vscode.l10n.t('unknown'))
      .build();
  }
}
