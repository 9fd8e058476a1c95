import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { SiteTemplatesStore } from '../../state/siteTemplatesStore';
import type { StoresFor } from '../../state/panelStores';
import { panelHealthSummary, watchPanelHealth } from '../fleet/panelHealth';
import { FleetTree } from '../fleet/fleetTree';
import type { AllPanelsMode } from '../fleet/allPanelsMode';
import { panelDescription } from '../shared/viewMessages';
import { onProtectionChange } from '../shared/protectionMarks';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { SiteTemplatesTreeProvider } from './SiteTemplatesTreeProvider';

export type SiteTemplatesView = DisposableTreeView<SiteTemplatesTreeProvider>;

/** The Site templates view (what `store` holds for the active panel, or every connected panel's) with the panel's name as description. */
export function registerSiteTemplatesView(session: PanelSession, store: SiteTemplatesStore, storesFor: StoresFor, mode: AllPanelsMode): SiteTemplatesView {
  const provider = new SiteTemplatesTreeProvider(session, store);
  provider.fleet = new FleetTree<SiteTemplatesTreeProvider>({
    session, mode, storesFor, viewKey: 'siteTemplates', own: provider,
    fire: (element) => provider.refreshItem(element),
    create: (stores) => new SiteTemplatesTreeProvider(stores.session, stores.siteTemplates),
    summary: panelHealthSummary,
    watch: watchPanelHealth,
  });
  const view = vscode.window.createTreeView('panelOps.siteTemplates', { treeDataProvider: provider });
  const update = () => {
    view.description = provider.fleet?.enabled ? undefined : panelDescription(session);
  };
  update();
  return disposableTreeView(provider, view, [provider.fleet, session.onDidChange(update), mode.onDidChange(update), onProtectionChange(session, () => provider.refreshItem(undefined))]);
}
