import * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import { plainLabel } from '../../text/plainText';
import { isolated } from '../../text/bidi';
import { FiguresView, revealAndRefresh, type SectionSource } from '../figures/figuresView';
import { nodesSection } from '../figures/heldSections';
import { PageRegistry } from '../shared/pageRegistry';
import type { WebviewHost } from '../shared/webviewHost';

/** What the dashboard reads (all monitoring:read): summary, trends, overview, web carriers, public status. */
export function dashboardSections(): SectionSource[] {
  return [
    { id: 'summary', title: vscode.l10n.t('Summary'), routeId: 'dashboard.summary', read: (api, signal) => api.dashboard.summary({ signal }) },
    { id: 'trends', title: vscode.l10n.t('Trends'), routeId: 'dashboard.trends', read: (api, signal) => api.dashboard.trends({ signal }) },
    { id: 'overview', title: vscode.l10n.t('Monitoring overview'), routeId: 'monitoring.overview', read: (api, signal) => api.monitoring.overview({ signal }) },
    { id: 'carriers', title: vscode.l10n.t('Web carriers'), routeId: 'monitoring.web.carriers', read: (api, signal) => api.monitoring.web.carriers({ signal }) },
    { id: 'status', title: vscode.l10n.t('Public status'), routeId: 'status.public', read: (api, signal) => api.status.public({ signal }) },
  ];
}

/**
 * One dashboard per connected panel; opening it again reveals and refreshes it. Below the panel's figures, its
 * nodes as its nodes store holds them, redrawn whenever the store changes: the dashboard follows the poll the
 * Nodes view shows, with no request of its own.
 */
export class Dashboards implements vscode.Disposable {
  private readonly open = new PageRegistry<FiguresView>();

  constructor(private readonly host: WebviewHost, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>) {}

  show(panel: PanelRef): FiguresView {
    return this.open.show(panel.id, () => {
      const name = plainLabel(panel.name, 60);
      return new FiguresView(this.host, this.panels, {
        viewType: 'panelOps.dashboard',
        title: vscode.l10n.t('Dashboard: {0}', name),
        heading: vscode.l10n.t('Dashboard of {0}', isolated(name)),
        panelId: panel.id,
        sections: [...dashboardSections(), ...this.heldSections(panel.id)],
      });
    }, revealAndRefresh);
  }

  private heldSections(panelId: string): SectionSource[] {
    const nodes = this.panels.get(panelId)?.nodes;
    return nodes ? [nodesSection(nodes)] : [];
  }

  get views(): readonly FiguresView[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
