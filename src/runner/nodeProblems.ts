import { PanelHttpError } from '../api/errors';
import { nodeFailureOf } from '../api/nodeFailure';
import type { NodeProblem } from '../state/nodesStore';
import type { ActionOutcome } from './actionRunner';

/** Where the runner keeps a node's last problem: the nodes store, in practice. */
export interface NodeProblems {
  setProblem(id: string, problem: NodeProblem): void;
  clearProblem(id: string): void;
}

/** The node an action is about, so its offline / failed-on-the-node outcome stays on its item. */
export interface NodeOfAction {
  readonly id: string;
  /** What is being done, e.g. "restart", for "restart failed (502)". */
  readonly operation: string;
  readonly problems: NodeProblems;
}

/** The problem a failure of `operation` leaves on the node (503 offline, 502 failed on it), else undefined. */
export function nodeProblemOf(error: unknown, operation: string): NodeProblem | undefined {
  const kind = nodeFailureOf(error);
  if (!kind) return undefined;
  return { kind, operation, message: error instanceof PanelHttpError ? error.panelMessage : '' };
}

/**
 * Records how an action on a node ended: success clears the node's last problem, a 503 or 502 becomes it,
 * other failures leave it as it was (they are told by the runner alone).
 */
export function recordNodeOutcome(node: NodeOfAction, failure: { readonly error: unknown } | undefined): void {
  if (!failure) {
    node.problems.clearProblem(node.id);
    return;
  }
  const problem = nodeProblemOf(failure.error, node.operation);
  if (problem) node.problems.setProblem(node.id, problem);
}

/**
 * An action on a node, run through the runner (`runRead`, `runMutation`), with how it ended recorded on the
 * node: the node commands, the fleet to-do's fixes and the chat tool's apply wrap their run in it.
 */
export async function recordedOn<T>(node: NodeOfAction, running: Promise<ActionOutcome<T>>): Promise<ActionOutcome<T>> {
  const outcome = await running;
  if (outcome.kind === 'done') recordNodeOutcome(node, undefined);
  else if (outcome.kind === 'failed') recordNodeOutcome(node, outcome);
  return outcome;
}
