import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { AllPanelsMode } from '../shared/allPanelsMode';
import { panelHealthSummary, watchPanelHealth } from '../shared/panelHealth';
import { PanelsTree } from '../shared/panelsTree';
import { onProtectionChange } from '../shared/protectionMarks';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { panelDescription } from '../shared/viewMessages';
import type { SiteTemplatesPanelTree } from './siteTemplatesPanelTree';

/** The Site templates view's provider: every panel shown, each with its `SiteTemplatesPanelTree`. */
export type SiteTemplatesTree = PanelsTree<SiteTemplatesPanelTree>;
export type SiteTemplatesView = DisposableTreeView<SiteTemplatesTree>;

/** The Site templates view (what each shown panel's store holds), with the panel's name as description when one panel is shown. */
export function registerSiteTemplatesView(session: PanelSession, panels: PanelStoresLookup, mode: AllPanelsMode): SiteTemplatesView {
  const provider: SiteTemplatesTree = new PanelsTree<SiteTemplatesPanelTree>({
    session, panels, mode, viewKey: 'siteTemplates',
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- in the bundle loaded with the first connected panel (esbuild.mjs)
    create: (stores) => new (require('./siteTemplatesPanelTree') as typeof import('./siteTemplatesPanelTree')).SiteTemplatesPanelTree(stores.session, stores.siteTemplates),
    summary: panelHealthSummary,
    watch: watchPanelHealth,
  });
  const view = vscode.window.createTreeView('panelOps.siteTemplates', { treeDataProvider: provider });
  const update = () => {
    view.description = provider.showsAll ? undefined : panelDescription(session.active);
  };
  update();
  return disposableTreeView(provider, view, [session.onDidChange(update), mode.onDidChange(update), onProtectionChange(session, () => provider.refreshItem(undefined))]);
}
