import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { NodeDocument } from '../editors/panelPaths';
import { nodeDocumentUri, settingsUri } from '../editors/panelUri';
import { nodeName, nodeTarget } from './nodes/nodeTarget';

const NODE_COMMANDS: Record<NodeDocument, string> = {
  blocklist: 'panelOps.nodes.openBlocklist',
  'web-policy': 'panelOps.nodes.openWebPolicy',
  reliability: 'panelOps.nodes.openReliability',
};

/** Opens a node's blocklist, web policy or reliability, or the panel settings, as JSON documents (save = the panel's PUT). */
export function registerPanelDocuments(session: PanelSession): vscode.Disposable {
  const open = (uri: vscode.Uri) => vscode.window.showTextDocument(uri, { preview: false });
  const activePanel = () => {
    const panel = session.active;
    if (!panel) throw new Error(vscode.l10n.t('No panel is connected.'));
    return panel.id;
  };
  return vscode.Disposable.from(
    ...Object.entries(NODE_COMMANDS).map(([document, command]) =>
      vscode.commands.registerCommand(command, (argument?: unknown) => {
        const { node } = nodeTarget(argument);
        return open(nodeDocumentUri(activePanel(), { id: node.id, name: nodeName(node) }, document as NodeDocument));
      })),
    vscode.commands.registerCommand('panelOps.settings.open', () => open(settingsUri(activePanel()))),
  );
}
