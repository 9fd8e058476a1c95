/**
 * What applying a folder plan tells of each resource: its outcome (applied, reconciled, conflict, gone,
 * refused, not applied, not sent) and why, and the tracking of one resource's requests (the worst of its
 * steps). One request is sent by `sent`: a lost answer is read back, never sent again. No `vscode` import.
 */
import { isLostAnswer, PanelHttpError } from '../api/errors';
import type { JsonValue } from '../api/types';
import { type ApplyResult, type OutcomeDetail } from '../usersTable/applyPlan';
import { words } from '../usersTable/refusalWords';
import { type ResourceKind } from './folderFormat';
import { type ChangeAction, type FieldChange, type ResourceChange } from './folderPlan';

export type ResourceOutcomeKind = 'applied' | 'reconciled' | 'conflict' | 'gone' | 'refused' | 'notApplied' | 'notSent';

/** Why, for a resource: the panel's words, a failure, what changed on the panel (a conflict), or what a read-back found. */
export type ResourceDetail =
  | Extract<OutcomeDetail, { kind: 'panel' | 'failed' | 'lostHeld' | 'lostNotHeld' | 'notRead' }>
  | { readonly kind: 'changed'; readonly fields: readonly FieldChange[] }
  | { readonly kind: 'lostCreated' | 'lostNotCreated' | 'lostDeleted' | 'lostStillThere' };

export interface ResourceOutcome {
  readonly kind: ResourceKind;
  readonly name: string;
  readonly action: ChangeAction;
  readonly outcome: ResourceOutcomeKind;
  readonly id?: string;
  /** The fields of the change (create: those sent). */
  readonly fields: readonly string[];
  readonly detail?: ResourceDetail;
  /** Optional members the panel did not take (400 naming them), left out. */
  readonly dropped?: readonly string[];
}

export interface ApplyFolderOptions {
  /** Send the plan's deletions (resources and users): the operator confirmed them. */
  readonly deleteRemoved?: boolean;
  /** Most requests in flight for node reads and users (default 8). */
  readonly maxConcurrency?: number;
  /** Stops between resources: the rest is "not sent". */
  readonly stop?: AbortSignal;
  readonly now?: () => number;
}

export interface FolderApplyResult {
  readonly outcomes: readonly ResourceOutcome[];
  readonly users?: ApplyResult;
  /** Nodes whose configuration changed (site, blocklist, web policy, reliability, users bound): apply configuration on them. */
  readonly changedNodes: readonly { readonly id: string; readonly name: string }[];
  readonly cancelled: boolean;
}

export interface Step {
  kind: ResourceOutcomeKind;
  detail?: ResourceDetail;
  dropped?: string[];
}

const WORSE: readonly ResourceOutcomeKind[] = ['applied', 'reconciled', 'notApplied', 'refused', 'gone', 'conflict', 'notSent'];

/** One resource's outcome as its requests go: the worst of its steps. */
export class Track {
  kind: ResourceOutcomeKind = 'applied';
  detail?: ResourceDetail;
  dropped: string[] = [];
  id?: string;

  constructor(readonly change: ResourceChange) {
    this.id = change.id;
  }

  add(step: Step): void {
    if (step.dropped) this.dropped.push(...step.dropped);
    if (WORSE.indexOf(step.kind) > WORSE.indexOf(this.kind)) {
      this.kind = step.kind;
      this.detail = step.detail;
    } else if (step.kind === this.kind && step.detail && !this.detail) this.detail = step.detail;
  }

  get going(): boolean {
    return this.kind === 'applied' || this.kind === 'reconciled';
  }

  outcome(): ResourceOutcome {
    const { change } = this;
    return {
      kind: change.kind, name: change.name, action: change.action, outcome: this.kind, ...(this.id ? { id: this.id } : {}),
      fields: change.fields.map((field) => field.field), ...(this.detail ? { detail: this.detail } : {}),
      ...(this.dropped.length > 0 ? { dropped: [...new Set(this.dropped)] } : {}),
    };
  }
}

export function status(error: unknown): number | undefined {
  return error instanceof PanelHttpError ? error.status : undefined;
}

/** Sends one request; a lost answer is read back (`holds`), a 404 is gone, anything else refused in the panel's words. */
export async function sent<T>(call: () => Promise<T>, holds: () => Promise<boolean>): Promise<{ value?: T; step: Step }> {
  try {
    return { value: await call(), step: { kind: 'applied' } };
  } catch (error) {
    if (isLostAnswer(error)) {
      const held = await holds().catch(() => false);
      return { step: held ? { kind: 'reconciled', detail: { kind: 'lostHeld' } } : { kind: 'notApplied', detail: { kind: 'lostNotHeld' } } };
    }
    if (status(error) === 404) return { step: { kind: 'gone' } };
    if (error instanceof PanelHttpError && error.status === 409 && error.code === 'version_conflict') {
      return { step: { kind: 'conflict', detail: words(error) as ResourceDetail } };
    }
    if (status(error) === 429) throw error;
    return { step: { kind: 'refused', detail: words(error) as ResourceDetail } };
  }
}

export function fieldsOf(change: ResourceChange): Map<string, JsonValue | undefined> {
  return new Map(change.fields.map((field) => [field.field, field.to]));
}
