import * as vscode from 'vscode';
import type { PanelRef, PanelSession } from '../../connection/panelSession';
import { plainLabel } from '../../text/plainText';
import { FiguresView, type SectionSource } from '../figures/figuresView';
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
  private readonly open = new Map<string, FiguresView>();

  constructor(private readonly host: WebviewHost, private readonly session: PanelSession) {}

  show(panel: PanelRef): FiguresView {
    const existing = this.open.get(panel.id);
    if (existing) {
      existing.page.panel.reveal();
      void existing.refresh();
      return existing;
    }
    const name = plainLabel(panel.name, 60);
    const view = new FiguresView(this.host, this.session, {
      viewType: 'panelOps.dashboard',
      title: vscode.l10n.t('Dashboard: {0}', name),
      heading: vscode.l10n.t('Dashboard of {0}', name),
      panelId: panel.id,
      sections: dashboardSections(),
    });
    this.open.set(panel.id, view);
    view.page.onDidDispose(() => this.open.delete(panel.id));
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
