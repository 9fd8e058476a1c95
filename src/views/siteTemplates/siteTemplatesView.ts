import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { panelDescription } from '../shared/viewMessages';
import { SiteTemplatesTreeProvider } from './SiteTemplatesTreeProvider';

export interface SiteTemplatesView extends vscode.Disposable {
  readonly provider: SiteTemplatesTreeProvider;
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

/** The Site templates view with the active panel's name as description. */
export function registerSiteTemplatesView(session: PanelSession): SiteTemplatesView {
  const provider = new SiteTemplatesTreeProvider(session);
  const view = vscode.window.createTreeView('panelOps.siteTemplates', { treeDataProvider: provider });
  const update = () => {
    view.description = panelDescription(session);
  };
  update();
  const subscription = session.onDidChange(update);
  return {
    provider,
    view,
    dispose: () => {
      subscription.dispose();
      view.dispose();
      provider.dispose();
    },
  };
}
