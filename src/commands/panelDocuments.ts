import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { NodeDocument } from '../editors/panelPaths';
import { nodeDocumentUri, settingsUri } from '../editors/panelUri';
import { nodeName, nodeTarget } from './nodes/nodeTarget';

/**
 * Edit Blocklist / Web Policy / Reliability of a node (on the node's panel) and Edit Panel Settings (of the
 * active panel): JSON documents of the panel file system, saved with the panel's PUT.
 */
export function registerPanelDocuments(session: PanelSession): vscode.Disposable {
  const open = (uri: vscode.Uri) => vscode.window.showTextDocument(uri, { preview: false });
  const openNodeDocument = (argument: unknown, document: NodeDocument) => {
    const { node, item } = nodeTarget(argument);
    return open(nodeDocumentUri(item.panelId, { id: node.id, name: nodeName(node) }, document));
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.nodes.openBlocklist', (argument?: unknown) => openNodeDocument(argument, 'blocklist')),
    vscode.commands.registerCommand('panelOps.nodes.openWebPolicy', (argument?: unknown) => openNodeDocument(argument, 'web-policy')),
    vscode.commands.registerCommand('panelOps.nodes.openReliability', (argument?: unknown) => openNodeDocument(argument, 'reliability')),
    vscode.commands.registerCommand('panelOps.settings.open', () => {
      const panel = session.active;
      if (!panel) throw new Error(vscode.l10n.t('No panel is connected.'));
      return open(settingsUri(panel.id));
    }),
  );
}
