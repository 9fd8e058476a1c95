import * as vscode from 'vscode';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';

/** A load that failed: the reason, and a retry (click, or the inline action). Not a blank view, not a modal. */
export class ErrorItem extends vscode.TreeItem {
  constructor(
    error: unknown,
    readonly retry: () => void | Promise<void>,
  ) {
    const reason = plainLabel(describeError(error), 1000);
    super(plainLabel(reason, 120), vscode.TreeItemCollapsibleState.None);
    this.description = vscode.l10n.t('Retry');
    this.tooltip = reason;
    this.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    this.contextValue = 'error';
    this.command = { command: 'panelOps.retryLoad', title: vscode.l10n.t('Retry'), arguments: [this] };
  }
}
