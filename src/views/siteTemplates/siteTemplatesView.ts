import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { panelDescription } from '../shared/viewMessages';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { SiteTemplatesTreeProvider } from './SiteTemplatesTreeProvider';

export type SiteTemplatesView = DisposableTreeView<SiteTemplatesTreeProvider>;

/** The Site templates view with the active panel's name as description. */
export function registerSiteTemplatesView(session: PanelSession): SiteTemplatesView {
  const provider = new SiteTemplatesTreeProvider(session);
  const view = vscode.window.createTreeView('panelOps.siteTemplates', { treeDataProvider: provider });
  const update = () => {
    view.description = panelDescription(session);
  };
  update();
  return disposableTreeView(provider, view, [session.onDidChange(update)]);
}
