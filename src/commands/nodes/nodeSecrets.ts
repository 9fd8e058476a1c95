import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';
import { nodeName, onNodeItem, readNode, type NodeActionContext } from './nodeActionSupport';
import { registerPanelCommand } from '../registerPanelCommand';

/** The first string field among `names` (the answers' shapes are not given by the spec). */
function field(answer: JsonObject | undefined, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = answer?.[name];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * Copies a sensitive read to the clipboard. The value goes nowhere else: not to a notification, a
 * tooltip or the log (which says only that it was copied).
 */
async function copySensitive(context: NodeActionContext, item: NodeItem, what: 'installCommand' | 'registrationSecret'): Promise<void> {
  const name = nodeName(item.node);
  const installCommand = what === 'installCommand';
  const thing = installCommand ? vscode.l10n.t('install command') : vscode.l10n.t('registration secret');
  const outcome = await readNode(context, item, thing, {
    busyLabel: vscode.l10n.t('Reading the {0}…', thing),
    failure: vscode.l10n.t('Could not read the {0} of "{1}"', thing, name),
    run: (api, signal) => (installCommand ? api.nodes.installCommand(item.node.id, { signal }) : api.nodes.registrationSecret(item.node.id, { signal })),
  });
  if (outcome.kind !== 'done') return;
  const value = field(outcome.value, installCommand ? ['command', 'install_command', 'value'] : ['secret', 'registration_secret', 'value']);
  if (!value) {
    void context.input.notify('error', vscode.l10n.t('The panel\'s answer held no {0} for "{1}".', thing, name));
    return;
  }
  await vscode.env.clipboard.writeText(value);
  context.log.info(`Copied the ${installCommand ? 'install command' : 'registration secret'} of ${name} to the clipboard`);
  void context.input.notify('info', installCommand
    ? vscode.l10n.t('The install command of "{0}" is on the clipboard. It holds the node\'s registration secret: paste it only on that server.', name)
    : vscode.l10n.t('The registration secret of "{0}" is on the clipboard.', name));
}

/** "Copy Install Command" and "Copy Registration Secret" on a node item (need nodes:write). */
export function registerNodeSecrets(context: NodeActionContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.copyInstallCommand', onNodeItem(context, (ctx, item) => copySensitive(ctx, item, 'installCommand'))),
    registerPanelCommand('panelOps.nodes.copyRegistrationSecret', onNodeItem(context, (ctx, item) => copySensitive(ctx, item, 'registrationSecret'))),
  );
}
