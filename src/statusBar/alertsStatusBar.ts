import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { AlertsSnapshot } from '../state/alertsStore';
import type { PanelStoresLookup } from '../state/panelStores';
import { describeError } from '../text/describeError';
import { plural } from '../text/plural';
import { untrustedMarkdown } from '../text/untrustedText';
import { sumAlerts, type PanelAlerts } from './alertsSum';
import { numberText } from '../text/displayLanguage';

/**
 * The unresolved-alert count of every connected panel, summed, in the status bar: `bell-dot` and the
 * warning background while above zero; the tooltip lists each panel (its count, "token rejected", or why
 * its alerts could not be read). A click reveals the Alerts view. Hidden while no panel is connected or no
 * panel's token can read alerts.
 */
export class AlertsStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[];
  /** Subscriptions to each panel's alerts store, by panel id. */
  private readonly watched = new Map<string, { readonly store: unknown; readonly subscription: vscode.Disposable }>();

  constructor(
    private readonly session: PanelSession,
    private readonly panels: Pick<PanelStoresLookup, 'get'>,
  ) {
    this.item = vscode.window.createStatusBarItem('panelOps.alerts', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Panel Ops Alerts');
    this.item.command = 'panelOps.alerts.focus';
    this.subscriptions = [session.onDidChange(() => this.update())];
    this.update();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    for (const { subscription } of this.watched.values()) subscription.dispose();
    this.item.dispose();
  }

  private update(): void {
    const panels: PanelAlerts[] = [];
    const seen = new Set<string>();
    for (const panel of this.session.connectedPanels()) {
      const stores = this.panels.get(panel.id);
      if (!stores) continue;
      seen.add(panel.id);
      this.watch(panel.id, stores.alerts);
      const state = stores.session.state;
      if (state === 'connected' && !stores.session.capabilities.can('alerts.list')) continue;
      panels.push({ name: panel.name, state, unresolved: stores.alerts.unresolved, snapshot: stores.alerts.held });
    }
    for (const [panelId, entry] of [...this.watched]) {
      if (seen.has(panelId)) continue;
      entry.subscription.dispose();
      this.watched.delete(panelId);
    }
    const item = this.item;
    if (panels.length === 0) {
      item.hide();
      return;
    }
    const sum = sumAlerts(panels);
    if (sum.readable === 0) {
      item.text = '$(bell-slash)';
      item.backgroundColor = undefined;
    } else {
      item.text = sum.known ? (sum.total > 0 ? `$(bell-dot) ${numberText(sum.total)}` : `$(bell) ${numberText(0)}`) : '$(bell)';
      item.backgroundColor = sum.total > 0 ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    }
    item.tooltip = tooltip(panels);
    item.show();
  }

  /** Follows a panel's alerts store (the set of a panel changes when it becomes active or stops being so). */
  private watch(panelId: string, store: { readonly onDidChange: vscode.Event<unknown> }): void {
    const entry = this.watched.get(panelId);
    if (entry?.store === store) return;
    entry?.subscription.dispose();
    this.watched.set(panelId, { store, subscription: store.onDidChange(() => this.update()) });
  }
}

/** One line per panel, its name (untrusted) made plain and escaped: "name: 3 unresolved alerts". */
function tooltip(panels: readonly PanelAlerts[]): vscode.MarkdownString {
  const markdown = untrustedMarkdown();
  for (const panel of panels) markdown.field(panel.name, panelLine(panel), 1000);
  return markdown.build();
}

function panelLine(panel: PanelAlerts): string {
  if (panel.state === 'tokenRejected') return vscode.l10n.t('the token was rejected; reconnect to see alerts');
  const snapshot: AlertsSnapshot = panel.snapshot;
  if (snapshot.kind === 'failed') return vscode.l10n.t('alerts could not be loaded: {0}', describeError(snapshot.error));
  if (panel.unresolved === undefined) return vscode.l10n.t('loading alerts…');
  return plural(panel.unresolved, { one: '{0} unresolved alert', other: '{0} unresolved alerts' }, vscode.l10n.t);
}
