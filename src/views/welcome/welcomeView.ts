import * as vscode from 'vscode';

/**
 * The one "not connected" view: empty, so VS Code shows its welcome content (package.json `viewsWelcome`,
 * "Connect to Panel"). It is visible only while `panelOps.connected` is false; the five panel views are
 * visible only while it is true, so the same text is not repeated in each of them.
 */
export function registerWelcomeView(): vscode.TreeView<never> {
  const provider: vscode.TreeDataProvider<never> = {
    getTreeItem: (element) => element,
    getChildren: () => [],
  };
  return vscode.window.createTreeView('panelOps.welcome', { treeDataProvider: provider });
}
