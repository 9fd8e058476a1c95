/**
 * Revert Last Plan as a plan of its own: what the last applied plan changed, back to what the panel held
 * before (label, note, owner, type, expiry, enabled, nodes; never a secret). The users it updated are
 * compared with what the panel holds now: one changed since is a conflict at apply time, as any plan's.
 * Users it deleted are gone (listed, not re-created: a new user would have a new secret and links); users it
 * created are offered for deletion; a change the panel would refuse (an expiry now in the past, a node
 * deleted since) is not planned and is listed with its reason. No `vscode` import.
 */
import type { AppliedChange } from './applyPlan';
import { rowOf, type NodeNames, type UserState } from './userRows';
import { planUsers, type RowProblem, type UsersPlan } from './usersPlan';

/** The last plan applied on a panel, as kept for Revert Last Plan. */
export interface LastPlan {
  readonly panelId: string;
  /** ISO time it was applied. */
  readonly appliedAt: string;
  readonly changes: readonly AppliedChange[];
  readonly created: readonly { readonly id: string; readonly label: string }[];
  readonly deleted: readonly { readonly id: string; readonly label: string }[];
}

export interface RevertPlan {
  readonly plan: UsersPlan;
  /** What the last plan left each user as: the base a re-read is compared with. */
  readonly base: ReadonlyMap<string, UserState>;
  readonly gone: readonly { readonly id: string; readonly label: string }[];
  /** Users that cannot be put back as they were, each with what the panel would refuse (nothing is sent for them). */
  readonly refused: readonly { readonly user: UserState; readonly problem: RowProblem }[];
}

/**
 * `createdNow`: the users the last plan created that the panel still holds (they become the plan's
 * deletions, made only if the operator says so).
 */
export function planRevert(last: LastPlan, createdNow: readonly UserState[], names: NodeNames, now: number): RevertPlan {
  const after = last.changes.map((change) => change.after);
  const rows = last.changes.map((change, index) => ({ ...rowOf(change.before, names), line: index + 1 }));
  const updates = planUsers(after, rows, names, now);
  const base = new Map<string, UserState>([...after, ...createdNow].map((user) => [user.id.toLowerCase(), user]));
  // A problem's line is the 1-based place of its change (the rows have no document).
  const refused = updates.problems.map((problem) => ({ user: last.changes[problem.line - 1].after, problem }));
  return { plan: { ...updates, problems: [], deletes: createdNow, deletesHeld: false }, base, gone: last.deleted, refused };
}
