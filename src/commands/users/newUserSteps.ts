import * as vscode from 'vscode';
import { KEY_TYPES, type KeyType, type PanelNode } from '../../api/types';
import { isBack, type UserInput } from '../../prompts/userInput';
import { runWizard, type StepOutcome, type StepProblems, type WizardStep } from '../../prompts/wizard';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { nodeLabel } from '../../text/nodeText';
import { tellFailure, type ActionContext } from '../../runner/actionRunner';
import { EXPIRY_PRESET_DAYS, customDateProblem, describeExpiry, normalizeCustomDate, type ExpiryChoice } from './accessExpiry';
import { plural } from '../../text/plural';
import type { UserActionContext } from './userActionsSupport';

/** The answers shared by Create User and Create Users in Batch (label or prefix and count are their own). */
export interface NewUserAnswers {
  type: KeyType;
  nodeIds: string[];
  expiry: ExpiryChoice;
}

/** Step "type": PERSONAL or SHARED, the current answer first. */
export function typeStep<S extends NewUserAnswers>(input: UserInput, title: string): WizardStep<S> {
  return {
    fields: ['type'],
    async ask(state, position, problem) {
      const items = KEY_TYPES.map((type) => ({
        label: type,
        description: type === 'PERSONAL' ? vscode.l10n.t('one person') : vscode.l10n.t('shared by several people'),
        type,
      }));
      items.sort((a, b) => Number(b.type === state.type) - Number(a.type === state.type));
      const answer = await input.pick({ title, placeholder: vscode.l10n.t('Type of the user'), items, problem, position });
      if (answer === undefined || isBack(answer)) return answer;
      state.type = answer.type;
      return 'next';
    },
  };
}

/**
 * Step "nodes": several of the panel's nodes (names made plain, icon syntax escaped), the current answer
 * pre-selected. The list is read once per wizard (`nodes`).
 */
export function nodesStep<S extends NewUserAnswers>(input: UserInput, title: string, nodes: () => Promise<readonly PanelNode[]>): WizardStep<S> {
  return {
    fields: ['node_ids'],
    async ask(state, position, problem) {
      for (;;) {
        const items = nodes().then((list) => list.map((node) => ({
          label: escapeIcons(plainLabel(nodeLabel(node, vscode.l10n.t), 80)),
          description: escapeIcons(plainLabel(node.status, 30)),
          picked: state.nodeIds.includes(node.id),
          id: node.id,
        })));
        const answer = await input.pickMany({
          title, placeholder: vscode.l10n.t('Nodes the user can connect through'), items, problem, position, matchOnDescription: true,
        });
        if (answer === undefined || isBack(answer)) return answer;
        state.nodeIds = answer.map((item) => item.id);
        // Contract 2.2: a user is bound to at least one node; asked again here rather than sent to be refused.
        if (state.nodeIds.length > 0) return 'next';
        problem = vscode.l10n.t('Pick at least one node: every user connects through one or more nodes.');
      }
    },
  };
}

/** Step "expiry": no expiry, a preset number of days, or a custom future date (asked in a second box). */
export function expiryStep<S extends NewUserAnswers>(input: UserInput, title: string): WizardStep<S> {
  return {
    fields: ['expires_at'],
    async ask(state, position, problem): Promise<StepOutcome> {
      for (;;) {
        const choice = await pickExpiry(input, title, state.expiry, position, problem);
        if (choice === undefined || isBack(choice)) return choice;
        if (choice.kind !== 'date') {
          state.expiry = choice;
          return 'next';
        }
        const typed = await input.text({
          title,
          prompt: vscode.l10n.t('Access ends at (RFC 3339, e.g. 2030-01-31T00:00:00Z)'),
          value: state.expiry.kind === 'date' ? state.expiry.date : '',
          problem,
          validate: (value) => customDateProblem(value, Date.now(), vscode.l10n.t),
          position,
        });
        if (typed === undefined) return undefined;
        if (isBack(typed)) continue; // back to the list of presets
        state.expiry = { kind: 'date', date: normalizeCustomDate(typed) ?? typed };
        return 'next';
      }
    },
  };
}

async function pickExpiry(input: UserInput, title: string, current: ExpiryChoice, position: { step: number; totalSteps: number }, problem: string | undefined) {
  const items: (vscode.QuickPickItem & { choice: ExpiryChoice })[] = [
    { label: vscode.l10n.t('No expiry'), choice: { kind: 'none' } },
    ...EXPIRY_PRESET_DAYS.map((days) => ({ label: plural(days, { one: '{0} day', other: '{0} days' }, vscode.l10n.t), description: vscode.l10n.t('from now'), choice: { kind: 'days', days } as ExpiryChoice })),
    { label: vscode.l10n.t('Custom date…'), description: current.kind === 'date' ? current.date : undefined, choice: { kind: 'date', date: '' } },
  ];
  const same = (choice: ExpiryChoice) => choice.kind === current.kind && (choice.kind !== 'days' || current.kind !== 'days' || choice.days === current.days);
  items.sort((a, b) => Number(same(b.choice)) - Number(same(a.choice)));
  const answer = await input.pick({
    title, items, problem, position,
    placeholder: vscode.l10n.t('Access expiry (now: {0})', describeExpiry(current, vscode.l10n.t)),
  });
  if (answer === undefined || isBack(answer)) return answer;
  return answer.choice;
}

/**
 * The nodes of the panel a wizard acts on, read once when its node step first opens, through that panel's
 * nodes store (sharing a read of `GET /nodes` under way; the Nodes view follows what it found).
 */
export function panelNodes(context: UserActionContext, panelId: string): () => Promise<readonly PanelNode[]> {
  let list: Promise<readonly PanelNode[]> | undefined;
  return () => {
    list ??= Promise.resolve().then(() => context.panels.require(panelId).nodes.poll()).catch((error: unknown) => {
      list = undefined; // the next visit of the step tries again
      throw error;
    });
    return list;
  };
}

/**
 * Runs the wizard (see `runWizard`); when the node list cannot be read, says so in one sentence. True when
 * every step was answered.
 */
export async function answerSteps<S>(context: ActionContext, steps: readonly WizardStep<S>[], state: S, problems?: StepProblems): Promise<boolean> {
  try {
    return await runWizard(steps, state, problems);
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not list the nodes'), error);
    return false;
  }
}
