import * as vscode from 'vscode';
import type { FixTarget } from '../../editors/fleetTodoActions';
import type { Finding } from '../../state/fleetFindings';
import { runMutation, type ActionOutcome, type MutateAction } from '../../runner/actionRunner';
import { recordedOn, type NodeOfAction } from '../../runner/nodeProblems';
import { confirmChange } from '../../runner/guard';
import type { Services } from '../../services';
import { problemsOf } from '../nodes/nodeActionSupport';
import type { UserActionContext } from '../users/userActionsSupport';

/** A fix's words for the guard (what it does, asked, what follows, the changes listed) and the change the runner runs. */
export type FixChange<T> = Omit<MutateAction<T>, 'panelId'> & {
  readonly action: string;
  readonly question: string;
  readonly detail?: string;
  readonly change: string | readonly string[];
  /** The node it acts on, whose 503 or 502 it records (`nodeOf`). */
  readonly node?: NodeOfAction;
};

/** What every quick fix of the fleet to-do uses: the runner's context, the finding it was offered for, the guarded change. */
export interface TodoFixes {
  readonly services: Services;
  readonly context: UserActionContext;
  /** The finding a fix was offered for, as published now; undefined (told) when it is gone meanwhile. */
  readonly findingOf: (target: FixTarget | undefined) => Finding | undefined;
  /**
   * A fix that changes the panel: the guard of the finding's panel (asked only on a protected panel, since the
   * operator chose the fix; refused on a read-only one), then the change through the runner. Undefined when
   * the guard said no.
   */
  readonly fix: <T>(finding: Finding, change: FixChange<T>) => Promise<ActionOutcome<T> | undefined>;
  /** The node a fix acts on, whose 503 or 502 stays on it as its last problem (its panel's nodes store). */
  readonly nodeOf: (finding: Finding, nodeId: string, operation: string) => NodeOfAction;
}

export function todoFixes(services: Services): TodoFixes {
  const { session, log, input, panels } = services;
  const fleetTodo = services.fleetTodo.loaded();
  const context: UserActionContext = { session, log, input, panels };
  return {
    services,
    context,
    findingOf: (target) => {
      const finding = target && fleetTodo.findings.find((candidate) =>
        candidate.panelId === target.panelId && candidate.kind === target.kind && candidate.subject.id === target.subjectId);
      if (target && !finding) void input.notify('info', vscode.l10n.t('This finding is no longer on the fleet\'s to-do list.'));
      return finding;
    },
    fix: async (finding, { action, question, detail, change, node, ...mutation }) => {
      const changes = typeof change === 'string' ? [change] : change;
      if (!await confirmChange(context, { panelId: finding.panelId, action, question, detail, changes, askOnOpen: false })) return undefined;
      const running = runMutation(context, { ...mutation, panelId: finding.panelId });
      return node ? recordedOn(node, running) : running;
    },
    nodeOf: (finding, nodeId, operation) => ({ id: nodeId, operation, problems: problemsOf(context, finding.panelId) }),
  };
}
