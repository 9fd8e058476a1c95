import * as vscode from 'vscode';
import { PanelHttpError } from '../../api/errors';
import { addBindings, removeBinding } from '../../state/userBindings';
import { plainLabel } from '../../text/plainText';
import { UserBindingItem, UserItem } from '../../views/shared/userTreeItems';
import { mutateUser, userName, type UserCommandsContext } from './userActionsSupport';
import { answerSteps, nodesStep, panelNodes, type NewUserAnswers } from './newUserSteps';
import { refusedAsReadOnly } from '../../runner/guard';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/** Add Nodes…: binds the user to more nodes (`POST /keys/{id}/bindings`: state/userBindings.ts), chosen among those it is not bound to. */
async function addNodes(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  if (refusedAsReadOnly(context, item.panelId)) return undefined;
  const name = userName(item.user);
  const bound = new Set((item.user.nodes ?? []).map((binding) => binding.node_id));
  const nodes = panelNodes(context, item.panelId);
  const unbound = async () => (await nodes()).filter((node) => !bound.has(node.id));
  const answers: NewUserAnswers = { type: item.user.type, nodeIds: [], expiry: { kind: 'none' } };
  const step = nodesStep<NewUserAnswers>(context.input, vscode.l10n.t('Add Nodes to "{0}"', name), unbound);
  if (!(await answerSteps(context, [step], answers)) || answers.nodeIds.length === 0) return undefined;
  const result = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Adding nodes…'),
    failure: vscode.l10n.t('Could not add nodes to "{0}"', name),
    ...addBindings(context.panels, item.panelId, item.user, answers.nodeIds, vscode.l10n.t),
  });
  return result.kind === 'done' ? vscode.l10n.t('Bound "{0}" to {1} more nodes; they show configuration pending until applied.', name, numberText(answers.nodeIds.length)) : undefined;
}

/** Remove Node: unbinds the user from one node. The last binding cannot go: that is said without asking the panel. */
async function removeNode(context: UserCommandsContext, binding: UserBindingItem): Promise<string | undefined> {
  const item = binding.user;
  const name = userName(item.user);
  const nodeName = plainLabel(binding.binding.node_name || binding.binding.hostname || binding.binding.node_id, 60);
  const lastOne = vscode.l10n.t('"{0}" is bound only to {1}: a user needs at least one node, so this binding cannot be removed. Add another node first.', name, nodeName);
  if ((item.user.nodes ?? []).length <= 1) {
    void context.input.notify('warning', lastOne);
    return lastOne;
  }
  const nodeId = binding.binding.node_id;
  if (!nodeId) return undefined;
  const result = await mutateUser(context, item, {
    busyLabel: vscode.l10n.t('Removing {0}…', nodeName),
    failure: vscode.l10n.t('Could not remove {0} from "{1}"', nodeName, name),
    handles: (error) => error instanceof PanelHttpError && error.code === 'last_binding',
    ...removeBinding(context.panels, item.panelId, item.user, nodeId, vscode.l10n.t),
  });
  if (result.kind === 'failed' && result.error instanceof PanelHttpError && result.error.code === 'last_binding') {
    void context.input.notify('warning', lastOne);
    return lastOne;
  }
  return result.kind === 'done' ? vscode.l10n.t('Removed {0} from "{1}".', nodeName, name) : undefined;
}


/** "Add Nodes…" on a user, "Remove Node" on a node under a user. */
export function registerUserBindings(context: UserCommandsContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.users.addNodes', (item?: unknown) => (item instanceof UserItem ? addNodes(context, item) : undefined)),
    registerPanelCommand('panelOps.users.removeNode', (item?: unknown) => (item instanceof UserBindingItem ? removeNode(context, item) : undefined)),
  );
}
