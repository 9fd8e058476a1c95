import * as vscode from 'vscode';

/** The last child of a paged list: loads the next page when clicked. */
export class LoadMoreItem extends vscode.TreeItem {
  constructor(readonly load: () => void, description?: string) {
    super(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
    if (description) this.description = description;
    this.iconPath = new vscode.ThemeIcon('ellipsis');
    this.contextValue = 'loadMore';
    this.command = { command: 'panelOps.loadMore', title: vscode.l10n.t('Load more…'), arguments: [this] };
  }
}
