import * as vscode from 'vscode';
import type { PanelSession } from '../../state/panelSession';
import { panelDescription } from '../shared/viewMessages';
import { SiteTemplatesTreeProvider } from './SiteTemplatesTreeProvider';

export interface SiteTemplatesView extends vscode.Disposable {
  readonly provider: SiteTemplatesTreeProvider;
  readonly treeView: vscode.TreeView<vscode.TreeItem>;
}

/** The Site templates view with the active panel's name as description. */
export function registerSiteTemplatesView(session: PanelSession): SiteTemplatesView {
  const provider = new SiteTemplatesTreeProvider(session);
  const treeView = vscode.window.createTreeView('panelOps.siteTemplates', { treeDataProvider: provider });
  const update = () => {
    treeView.description = panelDescription(session);
  };
  update();
  const subscription = session.onDidChange(update);
  return {
    provider,
    treeView,
    dispose: () => {
      subscription.dispose();
      treeView.dispose();
      provider.dispose();
    },
  };
}
