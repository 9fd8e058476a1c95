import * as vscode from 'vscode';
import type { PanelSession } from '../state/panelSession';
import type { SiteTemplatesTreeProvider } from '../views/siteTemplates/SiteTemplatesTreeProvider';

/** "Refresh Site Templates". */
export function registerSiteTemplatesCommands(session: PanelSession, provider: SiteTemplatesTreeProvider): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.siteTemplates.refresh', () => {
    session.capabilities.forgetDenials('sites:read');
    provider.refresh();
  });
}
