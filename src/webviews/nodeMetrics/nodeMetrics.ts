import * as vscode from 'vscode';
import type { PanelStoresLookup } from '../../state/panelStores';
import { plainLabel } from '../../text/plainText';
import { isolated } from '../../text/bidi';
import { FiguresView, revealAndRefresh, type SectionSource } from '../figures/figuresView';
import { nodeSection } from '../figures/heldSections';
import { prometheusSamples } from '../../text/prometheus';
import { PageRegistry } from '../shared/pageRegistry';
import type { WebviewHost } from '../shared/webviewHost';

/** A node of a panel, as the Nodes view's items carry it. */
export interface MetricsNodeOnPanel {
  readonly panelId: string;
  readonly id: string;
  readonly name: string;
}

/** A node's series (monitoring:read) next to its stats and its Prometheus metrics (nodes:read). */
export function nodeMetricsSections(nodeId: string): SectionSource[] {
  return [
    { id: 'series', title: vscode.l10n.t('Series'), routeId: 'monitoring.nodeSeries', read: (api, signal) => api.monitoring.nodeSeries(nodeId, { signal }) },
    { id: 'stats', title: vscode.l10n.t('Stats'), routeId: 'nodes.stats', read: (api, signal) => api.nodes.stats(nodeId, { signal }) },
    {
      id: 'metrics',
      title: vscode.l10n.t('Metrics'),
      routeId: 'nodes.metrics',
      read: async (api, signal) => prometheusSamples(await api.nodes.metrics(nodeId, { signal })),
    },
  ];
}

/**
 * One metrics page per node of a panel; opening it again reveals and refreshes it. Above the figures, the node
 * as its panel's nodes store holds it (status, pending configuration, last apply), redrawn whenever the store
 * changes it: the page follows the poll the Nodes view shows, with no request of its own.
 */
export class NodeMetricsViews implements vscode.Disposable {
  private readonly open = new PageRegistry<FiguresView>();

  constructor(private readonly host: WebviewHost, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>) {}

  show(node: MetricsNodeOnPanel): FiguresView {
    return this.open.show(`${node.panelId}\n${node.id}`, () => {
      const name = plainLabel(node.name, 60) || node.id;
      return new FiguresView(this.host, this.panels, {
        viewType: 'panelOps.nodeMetrics',
        title: vscode.l10n.t('Metrics: {0}', name),
        heading: vscode.l10n.t('Metrics of {0}', isolated(name)),
        panelId: node.panelId,
        sections: [...this.heldSections(node), ...nodeMetricsSections(node.id)],
      });
    }, revealAndRefresh);
  }

  private heldSections(node: MetricsNodeOnPanel): SectionSource[] {
    const nodes = this.panels.get(node.panelId)?.nodes;
    return nodes ? [nodeSection(nodes, node.id)] : [];
  }

  get views(): readonly FiguresView[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
