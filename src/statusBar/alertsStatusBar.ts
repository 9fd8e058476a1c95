import * as vscode from 'vscode';
import type { AlertsStore } from '../state/alertsStore';
import type { PanelSession } from '../connection/panelSession';
import { describeError } from '../text/describeError';
import { plural } from '../text/plural';

/**
 * The unresolved-alert count in the status bar: `bell-dot` and the warning background while above
 * zero; a click reveals the Alerts view. Hidden while no panel is connected or the token cannot read alerts.
 */
export class AlertsStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly session: PanelSession,
    private readonly store: AlertsStore,
  ) {
    this.item = vscode.window.createStatusBarItem('panelOps.alerts', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Panel Ops Alerts');
    this.item.command = 'panelOps.alerts.focus';
    this.subscriptions = [store.onDidChange(() => this.update()), session.onDidChange(() => this.update())];
    this.update();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.item.dispose();
  }

  private update(): void {
    const panel = this.session.active;
    const readable = this.session.state === 'tokenRejected' || this.session.capabilities.can('alerts.list');
    if (!panel || !readable) {
      this.item.hide();
      return;
    }
    const item = this.item;
    const name = panel.name;
    if (this.session.state === 'tokenRejected') {
      item.text = '$(bell-slash)';
      item.tooltip = vscode.l10n.t('{0}: the token was rejected; reconnect to see alerts', name);
      item.backgroundColor = undefined;
    } else {
      const count = this.store.unresolved;
      const snapshot = this.store.snapshot;
      item.text = count === undefined ? '$(bell)' : count > 0 ? `$(bell-dot) ${count}` : '$(bell) 0';
      item.backgroundColor = count ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
      item.tooltip =
        snapshot.kind === 'failed'
          ? vscode.l10n.t('{0}: alerts could not be loaded: {1}', name, describeError(snapshot.error))
          : count === undefined
            ? vscode.l10n.t('{0}: loading alerts…', name)
            : plural(count, { one: '{1}: {0} unresolved alert', other: '{1}: {0} unresolved alerts' }, vscode.l10n.t, name);
    }
    item.show();
  }
}
