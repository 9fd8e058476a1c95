import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { SiteTemplatesTree } from '../../views/siteTemplates/siteTemplatesView';

/** "Refresh Site Templates": each panel the view shows forgets its own 403 for the list, and reads it again. */
export function registerSiteTemplatesCommands(panels: Pick<PanelStoresLookup, 'get'>, provider: SiteTemplatesTree): vscode.Disposable {
  return registerPanelCommand('panelOps.siteTemplates.refresh', async () => {
    for (const panelId of provider.shownPanels) panels.get(panelId)?.scopes.forgetDenials('siteTemplates.list');
    await provider.refresh();
  });
}
