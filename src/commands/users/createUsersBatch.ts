import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import type { CreateKeyRequest, Key } from '../../api/types';
import { isBack } from '../../prompts/userInput';
import { problemsByStep, type StepProblems, type WizardStep } from '../../prompts/wizard';
import { runMutation } from '../../runner/actionRunner';
import { NO_EXPIRY, expiresAtOf } from './accessExpiry';
import { fieldErrorsOf, isFieldError } from './fieldErrors';
import { activePanelId, keyIn, refreshNodes, takeKey, usersChanged, type UserCommandsContext } from './keyActionsSupport';
import { createdSince } from './createdSince';
import { answerSteps, expiryStep, nodesStep, panelNodes, typeStep, type NewUserAnswers } from './newUserSteps';
import { batchLabels, MAX_BATCH } from './batchLabels';
import { plural } from '../../text/plural';

interface BatchAnswers extends NewUserAnswers {
  prefix: string;
  count: string;
}

function textStep(context: UserCommandsContext, title: string, fields: string[], field: 'prefix' | 'count', prompt: string, validate: (value: string) => string | undefined): WizardStep<BatchAnswers> {
  return {
    fields,
    async ask(state, position, problem) {
      const answer = await context.input.text({ title, prompt, position, problem, value: state[field], validate });
      if (answer === undefined || isBack(answer)) return answer;
      state[field] = answer;
      return 'next';
    },
  };
}

/**
 * Create Users in Batch: a label prefix and a count (labels `prefix-1` … `prefix-N`), type, nodes and
 * expiry as for one user, sent as one `POST /keys/batch`. Field errors (`items[2].label`) re-open the step
 * they belong to. After a lost answer, the panel is searched for the labels and the user told how many exist.
 */
async function createBatch(context: UserCommandsContext): Promise<string | undefined> {
  const panelId = activePanelId(context);
  if (!panelId) return undefined;
  const title = vscode.l10n.t('Create Users in Batch');
  const state: BatchAnswers = { prefix: '', count: '10', type: 'PERSONAL', nodeIds: [], expiry: NO_EXPIRY };
  const nodes = panelNodes(context, panelId);
  const steps: WizardStep<BatchAnswers>[] = [
    textStep(context, title, ['label'], 'prefix', vscode.l10n.t('Label prefix: users are named prefix-1, prefix-2, …'), (value) => (value.trim() === '' ? vscode.l10n.t('The prefix is required.') : undefined)),
    textStep(context, title, ['items'], 'count', vscode.l10n.t('How many users (1 to {0})', MAX_BATCH), (value) => (/^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= MAX_BATCH ? undefined : vscode.l10n.t('Enter a whole number from 1 to {0}.', MAX_BATCH))),
    typeStep<BatchAnswers>(context.input, title),
    nodesStep<BatchAnswers>(context.input, title, nodes),
    expiryStep<BatchAnswers>(context.input, title),
  ];
  let problems: StepProblems = new Map();
  for (;;) {
    if (!(await answerSteps(context, steps, state, problems))) return undefined;
    const expiresAt = expiresAtOf(state.expiry, Date.now());
    const items: CreateKeyRequest[] = batchLabels(state.prefix, Number(state.count)).map((label) => ({ label, type: state.type, node_ids: state.nodeIds, expires_at: expiresAt }));
    const sentAt = Date.now();
    const outcome = await runMutation(context, {
      panelId,
      busyLabel: plural(items.length, { one: 'Creating {0} user…', other: 'Creating {0} users…' }, vscode.l10n.t),
      failure: vscode.l10n.t('Could not create the users "{0}-…"', state.prefix),
      handles: isFieldError,
      run: (api, signal) => api.keys.batch({ items: items.map((item) => ({ ...item })) }, { signal }),
      apply: (answer) => {
        const created = Array.isArray(answer?.items) ? answer.items : [];
        const nodesToRead = new Set<string>();
        for (const key of created) takeKey(context, panelId, keyIn(key), undefined, nodesToRead);
        usersChanged(context, panelId);
        refreshNodes(context, panelId, nodesToRead);
      },
      reconcile: async (api, signal) => {
        const found = await findBatch(api, state.prefix, items.map((item) => item.label), sentAt, signal);
        const nodesToRead = new Set<string>();
        for (const key of found) takeKey(context, panelId, key, undefined, nodesToRead);
        usersChanged(context, panelId);
        refreshNodes(context, panelId, nodesToRead);
        return vscode.l10n.t('The answer was lost; {0} of the {1} users "{2}-…" exist on the panel now.', found.length, items.length, state.prefix);
      },
    });
    const fields = outcome.kind === 'failed' ? fieldErrorsOf(outcome.error) : undefined;
    if (fields) {
      problems = problemsByStep(steps, fields);
      continue;
    }
    if (outcome.kind === 'reconciled') return outcome.message;
    if (outcome.kind !== 'done') return undefined;
    const count = Array.isArray(outcome.value?.items) ? outcome.value.items.length : items.length;
    const told = vscode.l10n.t('Created {0} users "{1}-1" to "{1}-{2}"; their nodes show configuration pending until applied.', count, state.prefix, items.length);
    void context.input.notify('info', told);
    return told;
  }
}

/** The batch's users the panel holds, created since the request was sent (a minute's clock difference allowed). */
function findBatch(api: PanelApi, prefix: string, labels: readonly string[], sentAt: number, signal: AbortSignal): Promise<Key[]> {
  return createdSince(api, prefix, new Set(labels), sentAt, signal);
}

/** "Create Users in Batch…" from the palette and the Users view's title. */
export function registerCreateUsersBatch(context: UserCommandsContext): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.users.createBatch', () => createBatch(context));
}
