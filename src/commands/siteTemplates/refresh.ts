import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { SiteTemplatesTreeProvider } from '../../views/siteTemplates/SiteTemplatesTreeProvider';
import { registerCommand } from '../registerCommand';

/** "Refresh Site Templates". */
export function registerSiteTemplatesCommands(session: PanelSession, provider: SiteTemplatesTreeProvider): vscode.Disposable {
  return registerCommand('panelOps.siteTemplates.refresh', () => {
    session.capabilities.forgetDenials('siteTemplates.list');
    provider.refresh();
  });
}
