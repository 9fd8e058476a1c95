import * as vscode from 'vscode';
import { protectionWord } from '../connection/connectPrompts';
import type { PanelRef, PanelSession } from '../connection/panelSession';
import { plainLabel } from '../text/plainText';
import { untrustedMarkdown } from '../text/untrustedText';

/**
 * Which panel the window acts on, when that needs to be impossible to miss: the active panel's name and
 * level (`$(shield) prod · protected`, `$(lock) prod · read-only`) in the panel's colour, the warning
 * background on a protected panel. Shown for a protected or read-only panel, or one the operator gave a
 * colour; an open panel without a colour shows nothing new. A click changes the level.
 */
export class PanelStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: PanelSession) {
    this.item = vscode.window.createStatusBarItem('panelOps.panel', vscode.StatusBarAlignment.Left, 51);
    this.item.name = vscode.l10n.t('Panel Ops Panel');
    this.item.command = 'panelOps.setProtection';
    this.subscription = session.onDidChange(() => this.update());
    this.update();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }

  private update(): void {
    const panel = this.session.active;
    if (!panel || (panel.protection === 'open' && !panel.color)) {
      this.item.hide();
      return;
    }
    this.item.text = panelStatusText(panel);
    this.item.color = panel.color ? new vscode.ThemeColor(panel.color) : undefined;
    this.item.backgroundColor = panel.protection === 'protected' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.tooltip = untrustedMarkdown()
      .heading(panel.name)
      .field(vscode.l10n.t('Address'), panel.url)
      .field(vscode.l10n.t('Protection'), protectionWord(panel.protection))
      .field(vscode.l10n.t('What it means'), protectionMeaning(panel))
      .build();
    this.item.show();
  }
}

/** `$(shield) prod · protected`: the name made one plain short line (it is the panel's, so untrusted). */
export function panelStatusText(panel: PanelRef): string {
  const icon = panel.protection === 'readOnly' ? '$(lock)' : panel.protection === 'protected' ? '$(shield)' : '$(vm)';
  // `$(` in a panel's name would render as an icon: plainLabel keeps it one line, the icon syntax is broken up.
  const name = plainLabel(panel.name, 40).replace(/\$\(/g, '$\u200b(');
  return panel.protection === 'open' ? `${icon} ${name}` : `${icon} ${name} · ${protectionWord(panel.protection)}`;
}

/** One sentence on what the level does. */
export function protectionMeaning(panel: PanelRef): string {
  switch (panel.protection) {
    case 'readOnly': return vscode.l10n.t('Panel Ops sends nothing that changes this panel.');
    case 'protected': return vscode.l10n.t('Destructive and bulk actions say what will change and go ahead only once the panel\'s name is typed.');
    case 'open': return vscode.l10n.t('Destructive actions ask once.');
  }
}
