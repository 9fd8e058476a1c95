import * as vscode from 'vscode';
import type { PanelStoreSet } from '../../state/panelStores';
import { dateTimeText } from '../../text/displayLanguage';
import { countNodes, panelSummary } from './nodeGroups';

/**
 * What a panel item says in every view: "12 nodes · 2 offline · 3 alerts", from what its stores hold; first
 * "reads failing since 18:42" while the panel does not answer or its node list cannot be read (the poll or a
 * view's read failed), since what follows is then the last list read.
 */
export function panelHealthSummary(stores: PanelStoreSet): string | undefined {
  const nodes = stores.nodes.held;
  const counts = nodes && countNodes(nodes, (id) => (typeof id === 'string' ? stores.nodes.problem(id) : undefined));
  const summary = panelSummary(counts, stores.session.state === 'connected' ? stores.alerts.unresolved : undefined, vscode.l10n.t);
  const since = earliest(stores.session.unansweredSince, stores.nodes.unreadableSince);
  if (since === undefined) return summary;
  const failing = vscode.l10n.t('reads failing since {0}', dateTimeText(since, { timeStyle: 'short' }));
  return summary ? `${failing} · ${summary}` : failing;
}

function earliest(...times: (number | undefined)[]): number | undefined {
  const known = times.filter((time): time is number => time !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
}

/** Subscribes to what changes `panelHealthSummary`. */
export function watchPanelHealth(stores: PanelStoreSet, changed: () => void): vscode.Disposable[] {
  return [stores.nodes.onDidChange(() => changed()), stores.alerts.onDidChange(() => changed())];
}
