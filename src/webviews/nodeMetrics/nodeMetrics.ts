import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { plainLabel } from '../../text/plainText';
import { FiguresView, type SectionSource } from '../figures/figuresView';
import { prometheusSamples } from '../../text/prometheus';
import type { WebviewHost } from '../shared/webviewHost';

/** A node of a panel, as the Nodes view's items carry it. */
export interface NodeOnPanel {
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

/** One metrics page per node of a panel; opening it again reveals and refreshes it. */
export class NodeMetricsViews implements vscode.Disposable {
  private readonly open = new Map<string, FiguresView>();

  constructor(private readonly host: WebviewHost, private readonly session: PanelSession) {}

  show(node: NodeOnPanel): FiguresView {
    const key = `${node.panelId}\n${node.id}`;
    const existing = this.open.get(key);
    if (existing) {
      existing.page.panel.reveal();
      void existing.refresh();
      return existing;
    }
    const name = plainLabel(node.name, 60) || node.id;
    const view = new FiguresView(this.host, this.session, {
      viewType: 'panelOps.nodeMetrics',
      title: vscode.l10n.t('Metrics: {0}', name),
      heading: vscode.l10n.t('Metrics of {0}', name),
      panelId: node.panelId,
      sections: nodeMetricsSections(node.id),
    });
    this.open.set(key, view);
    view.page.onDidDispose(() => this.open.delete(key));
    return view;
  }

  get views(): readonly FiguresView[] {
    return [...this.open.values()];
  }

  dispose(): void {
    for (const view of this.open.values()) view.dispose();
    this.open.clear();
  }
}
