import * as vscode from 'vscode';
import { NotConnectedError } from '../../connection/panelSession';
import type { NodeDocument } from '../../editors/panelPaths';
import { brandingProfileUri, nodeDocumentUri, settingsUri } from '../../editors/panelUri';
import { withoutBack } from '../../prompts/userInput';
import { listFromResponse } from '../../api/listFromResponse';
import { plainLabel, textOf } from '../../text/plainText';
import { nodeLabel } from '../../text/nodeText';
import { runRead, type ActionContext } from '../../runner/actionRunner';
import { nodeTarget } from '../nodes/nodeTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * Edit Blocklist / Web Policy / Reliability of a node (on the node's panel; Open … on a read-only panel's node,
 * whose documents open read-only), Edit Branding Profile… and Edit
 * Panel Settings (of the active panel): JSON documents of the panel file system, saved with the panel's PUT.
 */
export function registerPanelDocuments(context: ActionContext): vscode.Disposable {
  const { session, input } = context;
  const open = (uri: vscode.Uri) => vscode.window.showTextDocument(uri, { preview: false });
  const openNodeDocument = (argument: unknown, document: NodeDocument) => {
    const { node, item } = nodeTarget(argument);
    return open(nodeDocumentUri(item.panelId, { id: node.id, name: nodeLabel(node, vscode.l10n.t) }, document));
  };
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.openBlocklist', (argument?: unknown) => openNodeDocument(argument, 'blocklist')),
    registerPanelCommand('panelOps.nodes.openWebPolicy', (argument?: unknown) => openNodeDocument(argument, 'web-policy')),
    registerPanelCommand('panelOps.nodes.openReliability', (argument?: unknown) => openNodeDocument(argument, 'reliability')),
    // The same documents from a read-only panel's node, whose menu says Open: they open read-only.
    registerPanelCommand('panelOps.nodes.viewBlocklist', (argument?: unknown) => openNodeDocument(argument, 'blocklist')),
    registerPanelCommand('panelOps.nodes.viewWebPolicy', (argument?: unknown) => openNodeDocument(argument, 'web-policy')),
    registerPanelCommand('panelOps.nodes.viewReliability', (argument?: unknown) => openNodeDocument(argument, 'reliability')),
    registerPanelCommand('panelOps.settings.open', () => {
      const panel = session.active;
      if (!panel) throw new NotConnectedError();
      return open(settingsUri(panel.id));
    }),
    registerPanelCommand('panelOps.branding.open', async () => {
      const panel = session.active;
      if (!panel) throw new NotConnectedError();
      const outcome = await runRead(context, {
        panelId: panel.id,
        busyLabel: vscode.l10n.t('Reading the branding profiles…'),
        failure: vscode.l10n.t('Could not read the branding profiles'),
        run: (api, signal) => api.branding.profiles.list({}, { signal }),
      });
      if (outcome.kind !== 'done') return undefined;
      const items = listFromResponse(outcome.value, ['items', 'profiles', 'data'])
        .filter((item): item is { id: string; name?: unknown; active?: unknown } => typeof (item as { id?: unknown })?.id === 'string')
        .map((item) => ({ label: plainLabel(item.name, 80) || item.id, description: item.active === true ? vscode.l10n.t('active') : undefined, id: item.id, name: textOf(item.name ?? item.id) }));
      const picked = withoutBack(await input.pick({ title: vscode.l10n.t('Edit Branding Profile'), placeholder: vscode.l10n.t('The profile to open as JSON'), items }));
      return picked && open(brandingProfileUri(panel.id, picked));
    }),
  );
}
