import * as vscode from 'vscode';
import type { PanelRef, SessionState } from '../../connection/panelSession';
import { plainLabel } from '../../text/plainText';
import { untrustedMarkdown } from '../../text/untrustedText';

/**
 * A connected panel at the top of a view in all-panels mode: its name, a summary of its health and alerts
 * as description; its children are what the view shows for that panel. The panel's name is untrusted text.
 */
export class PanelItem extends vscode.TreeItem {
  private rejected = false;

  constructor(readonly panel: PanelRef, readonly viewKey: string, readonly active: boolean) {
    super(plainLabel(panel.name, 80) || plainLabel(panel.url, 80), vscode.TreeItemCollapsibleState.Expanded);
    this.id = `${viewKey}/panel/${plainLabel(panel.id, 200)}`;
    this.contextValue = active ? 'panel.active' : 'panel';
    this.showState('connected', undefined);
  }

  get panelId(): string {
    return this.panel.id;
  }

  /** Shows the panel's state and summary; says whether anything shown changed. */
  showState(state: SessionState, summary: string | undefined): boolean {
    const description = state === 'tokenRejected' ? vscode.l10n.t('token rejected') : summary ?? '';
    const rejected = state === 'tokenRejected';
    const changed = description !== this.description || rejected !== this.rejected;
    this.rejected = rejected;
    this.description = description;
    this.iconPath = rejected ? new vscode.ThemeIcon('key', new vscode.ThemeColor('errorForeground')) : new vscode.ThemeIcon(this.active ? 'vm-active' : 'vm');
    this.tooltip = untrustedMarkdown().heading(this.panel.name).field(vscode.l10n.t('Address'), this.panel.url).field(vscode.l10n.t('Summary'), description || undefined).build();
    return changed;
  }
}
