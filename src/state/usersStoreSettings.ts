import * as vscode from 'vscode';
import type { UsersStoreOptions } from './usersStore';
import type { WindowFocus } from './rereadSoon';

const DEFAULT_PAGE_SIZE = 50;

/** Page size of user lists: setting `panelOps.users.pageSize` (1 to 200), 50 by default. */
function configuredPageSize(): number {
  const value = vscode.workspace.getConfiguration('panelOps').get<number>('users.pageSize', DEFAULT_PAGE_SIZE);
  return Number.isInteger(value) && value >= 1 && value <= 200 ? value : DEFAULT_PAGE_SIZE;
}

/** VS Code's window focus, as the stores' re-reads consult it. */
const windowFocus: WindowFocus = {
  get focused() {
    return vscode.window.state.focused;
  },
  onDidFocus: (listener) => vscode.window.onDidChangeWindowState((state) => {
    if (state.focused) listener();
  }),
};

/** What every keys store (the active panel's and each other panel's) takes from VS Code: settings and focus. */
export function usersStoreOptions(): UsersStoreOptions {
  return { pageSize: configuredPageSize, focus: windowFocus };
}
