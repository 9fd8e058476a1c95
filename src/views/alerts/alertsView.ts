import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import { plural } from '../../text/plural';
import type { AllPanelsMode } from '../shared/allPanelsMode';
import { panelHealthSummary, watchPanelHealth } from '../shared/panelHealth';
import { PanelsTree } from '../shared/panelsTree';
import { onProtectionChange } from '../shared/protectionMarks';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { panelDescription } from '../shared/viewMessages';
import type { AlertsPanelTree } from './alertsPanelTree';

/** The Alerts view's provider: every panel shown, each with its `AlertsPanelTree`. */
export type AlertsTree = PanelsTree<AlertsPanelTree>;
export type AlertsView = DisposableTreeView<AlertsTree>;

/**
 * The Alerts view: the alerts of every panel shown, with the panel's name as description when one is; the
 * badge counts the unresolved alerts shown (every panel's, summed).
 */
export function registerAlertsView(session: PanelSession, panels: PanelStoresLookup, mode: AllPanelsMode): AlertsView {
  let update = () => undefined as void;
  const provider: AlertsTree = new PanelsTree<AlertsPanelTree>({
    session, panels, mode, viewKey: 'alerts',
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- in the bundle loaded with the first connected panel (esbuild.mjs)
    create: (stores) => new (require('./alertsPanelTree') as typeof import('./alertsPanelTree')).AlertsPanelTree(stores.session, stores.alerts),
    summary: panelHealthSummary,
    // The badge counts a panel's alerts from when its tree is made: its store may have loaded before
    // (the panels watcher reads through it), with no change to come.
    watch: (stores, changed) => {
      queueMicrotask(() => update());
      return [...watchPanelHealth(stores, changed), stores.alerts.onDidChange(() => update())];
    },
  });
  const view = vscode.window.createTreeView('panelOps.alerts', { treeDataProvider: provider, showCollapseAll: false, canSelectMany: true });
  update = () => {
    view.description = provider.showsAll ? undefined : panelDescription(session.active);
    let count = 0;
    for (const panelId of provider.shownPanels) {
      const stores = panels.get(panelId);
      if (stores?.session.state === 'connected') count += stores.alerts.unresolved ?? 0;
    }
    view.badge = count
      ? { value: count, tooltip: plural(count, { one: '{0} unresolved alert', other: '{0} unresolved alerts' }, vscode.l10n.t) }
      : undefined;
  };
  const follow = () => { for (const panelId of provider.shownPanels) provider.treeOf(panelId); update(); };
  follow();
  return disposableTreeView(provider, view, [session.onDidChange(follow), mode.onDidChange(follow), onProtectionChange(session, () => provider.refreshItem(undefined))]);
}
