import * as vscode from 'vscode';

/** Shown in every view after the panel rejected the token (401); clicking enters a new token. */
export class TokenRejectedItem extends vscode.TreeItem {
  /** `panelId`: the panel whose token was rejected (the active one when not given). */
  constructor(panelName: string, panelId?: string) {
    super(vscode.l10n.t('Token rejected — reconnect'), vscode.TreeItemCollapsibleState.None);
    this.tooltip = vscode.l10n.t('The panel "{0}" rejected the token: it is invalid, expired or revoked. Click to enter a new token.', panelName);
    this.iconPath = new vscode.ThemeIcon('key', new vscode.ThemeColor('errorForeground'));
    this.contextValue = 'tokenRejected';
    this.command = { command: 'panelOps.reconnect', title: vscode.l10n.t('Reconnect'), arguments: panelId ? [panelId] : [] };
  }
}
