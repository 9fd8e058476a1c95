import * as vscode from 'vscode';
import type { PanelStoreSet } from '../../state/panelStores';
import { countNodes, panelSummary } from './nodeGroups';

/** What a panel item says in every view: "12 nodes · 2 offline · 3 alerts", from what its stores hold. */
export function panelHealthSummary(stores: PanelStoreSet): string | undefined {
  const nodes = stores.nodes.held;
  const counts = nodes && countNodes(nodes, (id) => (typeof id === 'string' ? stores.nodes.problem(id) : undefined));
  return panelSummary(counts, stores.session.state === 'connected' ? stores.alerts.unresolved : undefined, vscode.l10n.t);
}

/** Subscribes to what changes `panelHealthSummary`. */
export function watchPanelHealth(stores: PanelStoreSet, changed: () => void): vscode.Disposable[] {
  return [stores.nodes.onDidChange(() => changed()), stores.alerts.onDidChange(() => changed())];
}
