/**
 * What applying a users plan takes and comes to (applyPlan.ts): the client it calls, its options, each
 * user's outcome with its detail, and the result a report, the stores and Revert Last Plan read. No `vscode` import.
 */
import type { KeysApi } from '../api/keys';
import type { RefusedEncoding, RefusedFields } from '../api/bodyEncodings';
import type { User, KeyListQuery } from '../api/types';
import type { UserState } from './userRows';

export type TableKeys = Pick<KeysApi, 'get' | 'listAll' | 'allPages' | 'update' | 'bulk' | 'import' | 'batch' | 'create' | 'bindings' | 'disable' | 'enable' | 'revoke' | 'delete'>;

export interface TableClient {
  readonly keys: TableKeys;
  readonly refusedFields: RefusedFields;
}

export type OutcomeKind = 'applied' | 'reconciled' | 'conflict' | 'gone' | 'refused' | 'notApplied' | 'notSent';
export type PlanAction = 'create' | 'update' | 'delete';

/**
 * What a user's outcome adds to its kind: a reason, not a sentence (no `vscode` here to translate it);
 * `detailText` in commands/usersTable/planText.ts gives the operator's words. `panel` is the panel's own
 * words for a refusal (shown as they are), `failed` an error that is not the panel's answer (described as
 * any failure is), `changed` what changed on the panel since the table was read (a conflict: each column
 * with the value it was read with and the panel's value now), `notRead` a user that could not be read
 * again (so it was not changed), the `lost…` kinds what a read-back found after a lost answer.
 */
export type OutcomeDetail =
  | { readonly kind: 'panel'; readonly words: string }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'otherItemRefused'; readonly status: number; readonly words: string }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'changed'; readonly changes: readonly ColumnChangedOnPanel[] }
  | { readonly kind: 'notRead' }
  | { readonly kind: 'notListed' }
  | { readonly kind: 'lostHeld' }
  | { readonly kind: 'lostNotHeld' }
  | { readonly kind: 'lostBindingsHeld' }
  | { readonly kind: 'lostBindingsMissing' }
  | { readonly kind: 'lostDeleted' }
  | { readonly kind: 'lostStillThere' }
  | { readonly kind: 'lostCreated' }
  | { readonly kind: 'lostNotCreated' }
  | { readonly kind: 'nodeNotCreated'; readonly node: string };

/** One column a user changed on the panel since it was read: the value then (`was`) and the panel's now. */
export type ColumnChangedOnPanel =
  | { readonly column: 'label' | 'note' | 'owner' | 'type'; readonly was: string; readonly now: string }
  | { readonly column: 'expiry'; readonly was: string | null; readonly now: string | null }
  | { readonly column: 'enabled' | 'revoked'; readonly was: boolean; readonly now: boolean }
  | { readonly column: 'nodes'; readonly was: readonly string[]; readonly now: readonly string[] };

export interface UserOutcome {
  readonly action: PlanAction;
  readonly kind: OutcomeKind;
  /** The user's id (a create's, once the panel made it). */
  readonly id?: string;
  readonly label: string;
  /** The document's line (creates and updates). */
  readonly line?: number;
  /** The panel's words (refused), or what was found (reconciled, not applied, conflict). */
  readonly detail?: OutcomeDetail;
  /** PATCH fields the panel did not take (400 naming them), left out. */
  readonly dropped?: readonly string[];
}

export interface ApplyProgress {
  readonly done: number;
  readonly total: number;
}

export interface ApplyOptions {
  /** Users as the document was read: a re-read user that differs is a conflict. */
  readonly base: ReadonlyMap<string, UserState>;
  /** Delete the users whose rows were deleted (the operator said so). */
  readonly deleteRemoved: boolean;
  /** The document's listing, when it has one, and how many users it held: re-read by listing when cheaper. */
  readonly query?: KeyListQuery;
  readonly queryTotal?: number;
  /** Most single-user requests in flight. */
  readonly maxConcurrency: number;
  /** Stops between requests. */
  readonly stop?: AbortSignal;
  readonly progress?: (progress: ApplyProgress) => void;
  readonly now?: () => number;
}

/** What an update did, for Revert Last Plan. */
export interface AppliedChange {
  readonly before: UserState;
  readonly after: UserState;
}

export interface ApplyResult {
  readonly outcomes: readonly UserOutcome[];
  /** Requests sent, re-reads included. */
  readonly requests: number;
  /** What the panel answered for users it changed or created (for the stores and the document). */
  readonly keys: readonly User[];
  readonly deletedIds: readonly string[];
  /** Nodes whose bindings changed (a configuration to apply). */
  readonly reboundNodes: readonly string[];
  readonly applied: readonly AppliedChange[];
  readonly created: readonly { readonly id: string; readonly label: string }[];
  readonly deleted: readonly { readonly id: string; readonly label: string }[];
  readonly cancelled: boolean;
  /** Bodies the panel refused on the way, and what was sent instead (told to the operator once). */
  readonly fallbacks: readonly Fallback[];
}

/** A guessed body the panel refused for `route`, and the encoding sent instead. */
export interface Fallback {
  readonly route: 'keys.import' | 'keys.bulk';
  readonly refused: RefusedEncoding;
  readonly sent: string | undefined;
  /** How many users it concerned. */
  readonly users: number;
}
