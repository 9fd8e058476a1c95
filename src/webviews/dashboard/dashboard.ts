import * as vscode from 'vscode';
import type { PanelRef, PanelSession } from '../../connection/panelSession';
import { plainLabel } from '../../text/plainText';
import { FiguresView, revealAndRefresh, type SectionSource } from '../figures/figuresView';
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

/** One dashboard per connected panel; opening it again reveals and refreshes it. */
export class Dashboards implements vscode.Disposable {
  private readonly open = new PageRegistry<FiguresView>();

  constructor(private readonly host: WebviewHost, private readonly session: PanelSession) {}

  show(panel: PanelRef): FiguresView {
    return this.open.show(panel.id, () => {
      const name = plainLabel(panel.name, 60);
      return new FiguresView(this.host, this.session, {
        viewType: 'panelOps.dashboard',
        title: vscode.l10n.t('Dashboard: {0}', name),
        heading: vscode.l10n.t('Dashboard of {0}', name),
        panelId: panel.id,
        sections: dashboardSections(),
      });
    }, revealAndRefresh);
  }

  get views(): readonly FiguresView[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
