import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';
import type { UsersTree } from '../../views/users/usersView';

/** `panelOps.users.refresh`: re-counts the six groups and forgets loaded pages. */
export function registerUsersRefresh(provider: UsersTree): vscode.Disposable {
  return registerPanelCommand('panelOps.users.refresh', () => provider.refresh());
}
