import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import { plainLabel } from '../../text/plainText';
import { addCounts, countNodes, matchesNameFilter, nodesSummary, NO_NODES, type NodeCounts } from '../shared/nodeGroups';
import type { AllPanelsMode } from '../shared/allPanelsMode';
import { panelHealthSummary, watchPanelHealth } from '../shared/panelHealth';
import { PanelsTree } from '../shared/panelsTree';
import { onProtectionChange } from '../shared/protectionMarks';
import type { TreeViewParts } from '../shared/treeViewParts';
import { panelDescription } from '../shared/viewMessages';
import { NodesDragAndDrop } from './nodesDragAndDrop';
import type { NodesDisplay } from './nodesDisplay';
import type { NodesPanelTree } from './nodesPanelTree';
import { inReadingOrder, isolated } from '../../text/bidi';

export { NODES_VIEW_ID } from './nodesViewId';
import { NODES_VIEW_ID } from './nodesViewId';

/** The Nodes view's provider: every panel shown, each with its `NodesPanelTree`. */
export type NodesTree = PanelsTree<NodesPanelTree>;

/** What the composition root gets back: the provider, its view and the drag-and-drop controller. */
export interface NodesViewParts extends TreeViewParts<NodesTree> {
  readonly dragAndDrop: NodesDragAndDrop;
}

/**
 * Creates the Nodes view (disposed with the extension). Its description summarises the nodes shown ("200
 * nodes · 4 offline · 3 not applied", every panel shown summed), after the active panel's name when one
 * panel is shown and with the name filter while one is set. Nodes can be dragged onto another node to go
 * before it; the new order goes to the nodes' own panel.
 */
export function registerNodesView(context: vscode.ExtensionContext, session: PanelSession, panels: PanelStoresLookup, mode: AllPanelsMode, display: NodesDisplay): NodesViewParts {
  let describe = () => undefined as void;
  const provider: NodesTree = new PanelsTree<NodesPanelTree>({
    session, panels, mode, viewKey: 'nodes',
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- in the bundle loaded with the first connected panel (esbuild.mjs)
    create: (stores) => new (require('./nodesPanelTree') as typeof import('./nodesPanelTree')).NodesPanelTree(stores.session, stores.nodes, stores.users, stores.nodeDetails, display),
    summary: panelHealthSummary,
    watch: (stores, changed) => watchPanelHealth(stores, () => { changed(); describe(); }),
  });
  const dragAndDrop = new NodesDragAndDrop((panelId) => panels.get(panelId)?.nodes);
  const view = vscode.window.createTreeView(NODES_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true, canSelectMany: true, dragAndDropController: dragAndDrop });
  describe = () => {
    const all = provider.showsAll;
    let counts: NodeCounts | undefined;
    for (const panelId of provider.shownPanels) {
      const stores = panels.get(panelId);
      const nodes = stores?.nodes.held;
      if (!stores || !nodes) continue;
      const shown = display.filter ? nodes.filter((node) => matchesNameFilter(node, display.filter, vscode.l10n.t)) : nodes;
      counts = addCounts(counts ?? NO_NODES, countNodes(shown, (id) => typeof id === 'string' ? stores.nodes.problem(id) : undefined));
    }
    view.description = inReadingOrder([
      all ? undefined : panelDescription(session.active),
      display.filter ? vscode.l10n.t('filter: {0}', isolated(plainLabel(display.filter, 40))) : undefined,
      counts && nodesSummary(counts, vscode.l10n.t),
    ].filter(Boolean).join(' · '));
  };
  // Every shown panel's tree exists (and so its summary watch) from the first description on.
  const follow = () => { for (const panelId of provider.shownPanels) provider.treeOf(panelId); describe(); };
  follow();
  context.subscriptions.push(
    onProtectionChange(session, () => provider.refreshItem(undefined)), provider, view, session.onDidChange(follow), mode.onDidChange(follow), display.onDidChange(describe),
  );
  return { provider, view, dragAndDrop };
}
