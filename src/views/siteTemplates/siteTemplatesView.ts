import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { SiteTemplatesStore } from '../../state/siteTemplatesStore';
import { panelDescription } from '../shared/viewMessages';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { SiteTemplatesTreeProvider } from './SiteTemplatesTreeProvider';

export type SiteTemplatesView = DisposableTreeView<SiteTemplatesTreeProvider>;

/** The Site templates view (what `store` holds for the active panel) with the panel's name as description. */
export function registerSiteTemplatesView(session: PanelSession, store: SiteTemplatesStore): SiteTemplatesView {
  const provider = new SiteTemplatesTreeProvider(session, store);
  const view = vscode.window.createTreeView('panelOps.siteTemplates', { treeDataProvider: provider });
  const update = () => {
    view.description = panelDescription(session);
  };
  update();
  return disposableTreeView(provider, view, [session.onDidChange(update)]);
}
