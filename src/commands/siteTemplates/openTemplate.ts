import * as vscode from 'vscode';
import { templateFileUri } from '../../editors/panelUri';
import { templateTarget } from './templateTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Open Template" (a click in the Site Templates view): the template's index.html as an editor tab. */
export function registerOpenTemplate(): vscode.Disposable {
  return registerPanelCommand('panelOps.siteTemplates.open', async (argument?: unknown) => {
    const target = templateTarget(argument);
    return vscode.window.showTextDocument(templateFileUri(target.panelId, { id: target.templateId, name: target.name }, 'index.html'), { preview: false });
  });
}
