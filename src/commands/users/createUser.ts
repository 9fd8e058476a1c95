import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import type { CreateKeyRequest, User } from '../../api/types';
import { isBack } from '../../prompts/userInput';
import { problemsByStep, type StepProblems, type WizardStep } from '../../prompts/wizard';
import { NodeSectionItem } from '../../views/nodes/nodeTreeItems';
import { runMutation } from '../../runner/actionRunner';
import { NO_EXPIRY, expiresAtOf } from './accessExpiry';
import { fieldErrorsOf, isFieldError } from './fieldErrors';
import { panelToChange, userName, type UserCommandsContext } from './userActionsSupport';
import { takeUser } from '../../state/userOperations';
import { createdSince } from './createdSince';
import { answerSteps, expiryStep, nodesStep, panelNodes, typeStep, type NewUserAnswers } from './newUserSteps';
import { revealUser } from './revealUser';
import { copyLink } from './userLinks';
import { registerPanelCommand } from '../registerPanelCommand';

interface CreateAnswers extends NewUserAnswers {
  label: string;
}

/** Where Create User was started: a node's Users section pre-selects that node, on that node's panel. */
function originOf(context: UserCommandsContext, from: unknown): { panelId: string; nodeIds: string[] } | undefined {
  if (from instanceof NodeSectionItem) return panelToChange(context, from.parent.panelId) ? { panelId: from.parent.panelId, nodeIds: [from.parent.node.id] } : undefined;
  const panelId = panelToChange(context);
  return panelId ? { panelId, nodeIds: [] } : undefined;
}

function labelStep(context: UserCommandsContext, title: string): WizardStep<CreateAnswers> {
  return {
    fields: ['label'],
    async ask(state, position, problem) {
      const answer = await context.input.text({
        title, position, problem, value: state.label,
        prompt: vscode.l10n.t('Label of the new user (a name operators recognise)'),
        validate: (value) => (value.trim() === '' ? vscode.l10n.t('The label is required.') : undefined),
      });
      if (answer === undefined || isBack(answer)) return answer;
      state.label = answer;
      return 'next';
    },
  };
}

/**
 * Create User: label, type, nodes, expiry (Back keeps every answer). A 422 re-opens the steps whose fields
 * the panel refused, each showing the panel's message, with the other answers kept. The new user is shown
 * selected in its group, with actions to copy its link (or show its QR, when that command exists).
 * Resolves with the sentence the user was told.
 */
async function createUser(context: UserCommandsContext, from?: unknown): Promise<string | undefined> {
  const origin = originOf(context, from);
  if (!origin) return undefined;
  const title = vscode.l10n.t('Create User');
  const state: CreateAnswers = { label: '', type: 'PERSONAL', nodeIds: origin.nodeIds, expiry: NO_EXPIRY };
  const nodes = panelNodes(context, origin.panelId);
  const steps = [labelStep(context, title), typeStep<CreateAnswers>(context.input, title), nodesStep<CreateAnswers>(context.input, title, nodes), expiryStep<CreateAnswers>(context.input, title)];
  let problems: StepProblems = new Map();
  for (;;) {
    if (!(await answerSteps(context, steps, state, problems))) return undefined;
    const request: CreateKeyRequest = { label: state.label, type: state.type, node_ids: state.nodeIds, expires_at: expiresAtOf(state.expiry, Date.now()) };
    const sentAt = Date.now();
    let found: User | undefined;
    const outcome = await runMutation(context, {
      panelId: origin.panelId,
      busyLabel: vscode.l10n.t('Creating "{0}"…', userName({ label: request.label })),
      failure: vscode.l10n.t('Could not create "{0}"', userName({ label: request.label })),
      handles: isFieldError,
      run: (api, signal) => api.keys.create(request, { signal }),
      apply: (user) => takeUser(context.panels, origin.panelId, user),
      reconcile: async (api, signal) => {
        found = await findCreated(api, request, sentAt, signal);
        if (!found) return vscode.l10n.t('The panel holds no new user "{0}" yet. A slow panel may still create it: refresh the Users view in a minute before creating it again.', userName({ label: request.label }));
        takeUser(context.panels, origin.panelId, found);
        // Told below with Copy Link and Show QR, like a create whose answer arrived.
        return { message: vscode.l10n.t('"{0}" was created (the answer was lost, the panel shows it as {1}).', userName(found), found.state), toldByCaller: true };
      },
    });
    const fields = outcome.kind === 'failed' ? fieldErrorsOf(outcome.error) : undefined;
    if (fields) {
      problems = problemsByStep(steps, fields);
      continue;
    }
    if (outcome.kind === 'done') return announce(context, origin.panelId, outcome.value, vscode.l10n.t('Created "{0}": its nodes show configuration pending until they apply it.', userName(outcome.value)));
    // A lost answer that the re-read resolved is a create like any other: the same Copy Link and Show QR.
    if (outcome.kind === 'reconciled' && found) return announce(context, origin.panelId, found, outcome.message);
    return outcome.kind === 'reconciled' ? outcome.message : undefined;
  }
}

/** Shows the new user selected, and says so with Copy Link and Show QR. */
async function announce(context: UserCommandsContext, panelId: string, key: User, told: string): Promise<string> {
  const item = await revealUser(context, panelId, key);
  const copy = vscode.l10n.t('Copy Link');
  const qr = vscode.l10n.t('Show QR');
  // Awaited: the command settles once the notification does (at once in the VS Code suite).
  const choice = await context.input.notify('info', told, copy, qr);
  if (choice === copy) await copyLink(context, panelId, item?.user ?? key, item?.target);
  else if (choice === qr) await vscode.commands.executeCommand('panelOps.users.showQr', item ?? { user: key, panelId });
  return told;
}

/**
 * After a lost answer to a create: the user the panel made from this request, if any — same label, type
 * and nodes, created since the request was sent (a minute's clock difference allowed), newest first.
 */
export async function findCreated(api: PanelApi, request: CreateKeyRequest, sentAt: number, signal: AbortSignal): Promise<User | undefined> {
  const matches = await createdSince(api, request.label, new Set([request.label]), sentAt, signal);
  const wanted = [...request.node_ids].sort().join(',');
  return matches
    .filter((user) => user.type === request.type)
    .filter((user) => (user.nodes ?? []).map((binding) => binding.node_id).sort().join(',') === wanted)
    .sort((a, b) => Date.parse(String(b.created_at)) - Date.parse(String(a.created_at)))[0];
}

/** "Create User…" from the palette, the Users view's title, and a node's Users section. */
export function registerCreateUser(context: UserCommandsContext): vscode.Disposable {
  return registerPanelCommand('panelOps.users.create', (from?: unknown) => createUser(context, from));
}
