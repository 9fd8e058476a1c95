import * as vscode from 'vscode';
import { NotConnectedError, type PanelSession } from '../../connection/panelSession';
import { panelRootUri } from '../../editors/panelUri';
import { plainLabel } from '../../text/plainText';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * "Open Panel as Folder": adds the active panel's documents (site templates, nodes, settings) as a
 * workspace folder, so the Explorer, search across files and source control diffs work on them.
 */
export function registerOpenPanelFolder(session: PanelSession): vscode.Disposable {
  return registerPanelCommand('panelOps.openPanelFolder', () => {
    const panel = session.active;
    if (!panel) throw new NotConnectedError();
    const uri = panelRootUri(panel.id);
    const existing = vscode.workspace.workspaceFolders?.find((folder) => folder.uri.toString() === uri.toString());
    if (existing) {
      void vscode.commands.executeCommand('workbench.view.explorer');
      return false;
    }
    const at = vscode.workspace.workspaceFolders?.length ?? 0;
    return vscode.workspace.updateWorkspaceFolders(at, 0, { uri, name: vscode.l10n.t('Panel: {0}', plainLabel(panel.name, 60)) });
  });
}
