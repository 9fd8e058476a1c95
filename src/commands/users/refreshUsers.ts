import * as vscode from 'vscode';
import type { UsersTreeProvider } from '../../views/users/UsersTreeProvider';
import { registerCommand } from '../registerCommand';

/** `panelOps.users.refresh`: re-counts the six groups and forgets loaded pages. */
export function registerUsersRefresh(provider: UsersTreeProvider): vscode.Disposable {
  return registerCommand('panelOps.users.refresh', () => provider.refresh());
}
