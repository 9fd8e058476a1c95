import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import type { User } from '../../api/types';
import { createUsers, type NewUser } from '../../usersTable/createUsers';
import { fallbackText } from '../shared/fallbackText';
import { detailText } from '../usersTable/planText';
import { NodeNames } from '../../usersTable/userRows';
import { describeError } from '../../text/describeError';
import { registerPanelCommand } from '../registerPanelCommand';

/** A refusal of a create names no node (only a conflict's detail would). */
const NO_NODE_NAMES = new NodeNames([]);
import { isBack } from '../../prompts/userInput';
import { problemsByStep, type StepProblems, type WizardStep } from '../../prompts/wizard';
import { runMutation } from '../../runner/actionRunner';
import { NO_EXPIRY, expiresAtOf } from './accessExpiry';
import { fieldErrorsOf, isFieldError } from './fieldErrors';
import { creationChanges, panelToChange, type UserCommandsContext } from './userActionsSupport';
import { followUsers } from '../../state/userOperations';
import { confirmChange } from '../../runner/guard';
import { createdSince } from './createdSince';
import { answerSteps, expiryStep, nodesStep, panelNodes, typeStep, type NewUserAnswers } from './newUserSteps';
import { batchLabels, MAX_BATCH } from './batchLabels';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';

/** Most single-user requests in flight when the panel takes users one by one. */
const BATCH_CONCURRENCY = 8;

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
  const panelId = panelToChange(context);
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
    const items: NewUser[] = batchLabels(state.prefix, Number(state.count)).map((label) => ({ label, type: state.type, nodeIds: [...state.nodeIds], expiresAt }));
    // A bulk create: a protected panel says what will be created and asks for its name (an open one goes on, as before).
    const sure = await confirmChange(context, {
      panelId,
      action: vscode.l10n.t('Create Users'),
      question: plural(items.length, { one: 'Create {0} user?', other: 'Create {0} users?' }, vscode.l10n.t),
      changes: creationChanges(context, panelId, items.map((item) => item.label), state.nodeIds),
      askOnOpen: false,
    });
    if (!sure) return undefined;
    const sentAt = Date.now();
    const outcome = await runMutation(context, {
      panelId,
      busyLabel: plural(items.length, { one: 'Creating {0} user…', other: 'Creating {0} users…' }, vscode.l10n.t),
      failure: vscode.l10n.t('Could not create the users "{0}-…"', state.prefix),
      handles: isFieldError,
      // The batch's body is not shown by the contract: the body this panel takes, else one POST /keys each.
      run: (api, signal) => createUsers(api, items, { route: 'keys.batch', maxConcurrency: BATCH_CONCURRENCY, signal }),
      apply: (result) => followUsers(context.panels, panelId, { taken: result.made.map((made) => made.key), recount: true }),
      reconcile: async (api, signal) => {
        const found = await findBatch(api, state.prefix, items.map((item) => item.label), sentAt, signal);
        followUsers(context.panels, panelId, { taken: found, recount: true });
        return vscode.l10n.t('The answer was lost; {0} of the {1} users "{2}-…" exist on the panel now.', numberText(found.length), numberText(items.length), state.prefix);
      },
    });
    if (outcome.kind === 'reconciled') return outcome.message;
    if (outcome.kind !== 'done') return undefined;
    const result = outcome.value;
    const fields = result.made.every((made) => made.kind === 'refused') ? fieldErrorsOf(result.made[0]?.error) : undefined;
    if (fields) {
      problems = problemsByStep(steps, fields);
      continue;
    }
    const fallbacks = result.refused.map((refused) => fallbackText({ route: 'keys.batch', refused, sent: result.encoding, users: items.length }, vscode.l10n.t));
    for (const fallback of fallbacks) context.log.info(fallback);
    const count = result.made.filter((made) => made.key).length;
    const notMade = result.made.flatMap((made, index) => (made.key ? [] : [`"${items[index].label}": ${made.detail ? detailText(made.detail, NO_NODE_NAMES, vscode.l10n.t, describeError) : vscode.l10n.t('not created')}`]));
    const done = vscode.l10n.t('Created {0} users "{1}-1" to "{1}-{2}"; their nodes show configuration pending until applied.', numberText(count), state.prefix, items.length);
    const told = [...fallbacks, notMade.length === 0 ? done : vscode.l10n.t('Created {0} of {1} users; not created: {2}', numberText(count), numberText(items.length), notMade.join('; '))].join(' ');
    void context.input.notify(notMade.length === 0 ? 'info' : 'warning', told);
    return told;
  }
}

/** The batch's users the panel holds, created since the request was sent (a minute's clock difference allowed). */
function findBatch(api: PanelApi, prefix: string, labels: readonly string[], sentAt: number, signal: AbortSignal): Promise<User[]> {
  return createdSince(api, prefix, new Set(labels), sentAt, signal);
}

/** "Create Users in Batch…" from the palette and the Users view's title. */
export function registerCreateUsersBatch(context: UserCommandsContext): vscode.Disposable {
  return registerPanelCommand('panelOps.users.createBatch', () => createBatch(context));
}
