import * as vscode from 'vscode';

/** A line of information in a view, e.g. "No nodes". */
export class MessageItem extends vscode.TreeItem {
  constructor(label: string, icon?: string | vscode.ThemeIcon, tooltip?: string | vscode.MarkdownString) {
    super(label, vscode.TreeItemCollapsibleState.None);
    if (icon) this.iconPath = typeof icon === 'string' ? new vscode.ThemeIcon(icon) : icon;
    if (tooltip) this.tooltip = tooltip;
    this.contextValue = 'message';
  }
}
