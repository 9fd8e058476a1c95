import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';
import type { PanelSession } from '../../connection/panelSession';
import type { SiteTemplatesTree } from '../../views/siteTemplates/siteTemplatesView';

/** "Refresh Site Templates". */
export function registerSiteTemplatesCommands(session: PanelSession, provider: SiteTemplatesTree): vscode.Disposable {
  return registerPanelCommand('panelOps.siteTemplates.refresh', () => {
    session.capabilities.forgetDenials('siteTemplates.list');
    void provider.refresh();
  });
}
