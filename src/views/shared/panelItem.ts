import * as vscode from 'vscode';
import { protectionWord } from '../../connection/connectPrompts';
import type { PanelRef, SessionState } from '../../connection/panelSession';
import { plainLabel } from '../../text/plainText';
import { untrustedMarkdown } from '../../text/untrustedText';

/**
 * A connected panel at the top of a view in all-panels mode: its name, a summary of its health and alerts
 * as description; its children are what the view shows for that panel. The panel's name is untrusted text.
 */
export class PanelItem extends vscode.TreeItem {
  private rejected = false;
  private look = '';

  constructor(public panel: PanelRef, readonly viewKey: string, readonly active: boolean) {
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
    const level = this.panel.protection === 'open' ? undefined : protectionWord(this.panel.protection);
    const description = [level, state === 'tokenRejected' ? vscode.l10n.t('token rejected') : summary].filter(Boolean).join(' · ');
    const rejected = state === 'tokenRejected';
    const look = `${this.panel.protection}|${this.panel.color ?? ''}`;
    const changed = description !== this.description || rejected !== this.rejected || look !== this.look;
    this.rejected = rejected;
    this.look = look;
    this.description = description;
    const color = this.panel.color ? new vscode.ThemeColor(this.panel.color) : undefined;
    const icon = this.panel.protection === 'readOnly' ? 'lock' : this.panel.protection === 'protected' ? 'shield' : this.active ? 'vm-active' : 'vm';
    this.iconPath = rejected ? new vscode.ThemeIcon('key', new vscode.ThemeColor('errorForeground')) : new vscode.ThemeIcon(icon, color);
    this.tooltip = untrustedMarkdown().heading(this.panel.name).field(vscode.l10n.t('Address'), this.panel.url)
      .field(vscode.l10n.t('Protection'), protectionWord(this.panel.protection)).field(vscode.l10n.t('Summary'), description || undefined).build();
    return changed;
  }
}
