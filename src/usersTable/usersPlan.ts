/**
 * The plan of a users table: what saving the document would change on the panel, against what the panel
 * held when the document was read, and the rows the panel would refuse (checked with the contract's rules,
 * spec 2.2 and 8: a label, PERSONAL or SHARED, at least one node, an expiry in the future or none). Nothing
 * is sent here. No `vscode` import.
 */
import { KEY_TYPES } from '../api/types';
import { normalInstant, type NodeNames, type TableRow, type UserState } from './userRows';

/** The fields a PATCH /keys/{id} sends. */
export type PatchField = 'label' | 'note' | 'owner' | 'type' | 'expiry';
export const PATCH_FIELDS: readonly PatchField[] = ['label', 'note', 'owner', 'type', 'expiry'];

export type RowProblemCode =
  | 'emptyLabel' | 'badType' | 'badExpiry' | 'pastExpiry' | 'badEnabled' | 'noNodes' | 'unknownNode' | 'ambiguousNode'
  | 'duplicateId' | 'unknownId' | 'revoked';

export interface RowProblem {
  readonly line: number;
  readonly code: RowProblemCode;
  /** The value at fault (a node name, an id, the expiry typed). */
  readonly value?: string;
  /** The column at fault. */
  readonly column: string;
}

/** The values a user will have: what a create sends, or the target of an update (a state without id and revocation). */
export type UserValues = Omit<UserState, 'id' | 'revoked'>;

export interface PlannedCreate {
  readonly line: number;
  readonly values: UserValues;
}

export interface PlannedUpdate {
  readonly line: number;
  readonly before: UserState;
  /** The PATCH fields that change, with their new values. */
  readonly fields: Partial<Record<PatchField, string | null>>;
  /** true: enable, false: disable, undefined: unchanged. */
  readonly enable?: boolean;
  readonly addNodes: readonly string[];
  readonly removeNodes: readonly string[];
  readonly after: UserValues;
}

export interface UsersPlan {
  readonly creates: readonly PlannedCreate[];
  readonly updates: readonly PlannedUpdate[];
  /** Users of the document whose row was deleted; deleted only if the operator says so when applying. */
  readonly deletes: readonly UserState[];
  /** Rows the panel would refuse: nothing is sent for them. */
  readonly problems: readonly RowProblem[];
  /**
   * A row carries an id this document was not read with (an id is read-only): the user it replaced is not
   * planned for deletion, in case the id was edited.
   */
  readonly deletesHeld: boolean;
}

export interface PlanSummary {
  readonly create: number;
  readonly update: number;
  readonly byField: Readonly<Record<PatchField, number>>;
  readonly disable: number;
  readonly enable: number;
  readonly delete: number;
  /** Node bindings added plus removed. */
  readonly bindings: number;
  readonly bindingsAdded: number;
  readonly bindingsRemoved: number;
  readonly invalid: number;
}

export function isEmptyPlan(plan: UsersPlan): boolean {
  return plan.creates.length === 0 && plan.updates.length === 0 && plan.deletes.length === 0;
}

export function summarize(plan: UsersPlan): PlanSummary {
  const byField = { label: 0, note: 0, owner: 0, type: 0, expiry: 0 };
  let disable = 0;
  let enable = 0;
  let bindingsAdded = 0;
  let bindingsRemoved = 0;
  let update = 0;
  for (const change of plan.updates) {
    for (const field of PATCH_FIELDS) if (field in change.fields) byField[field]++;
    if (change.enable === false) disable++;
    if (change.enable === true) enable++;
    bindingsAdded += change.addNodes.length;
    bindingsRemoved += change.removeNodes.length;
    if (Object.keys(change.fields).length > 0) update++;
  }
  return {
    create: plan.creates.length, update, byField, disable, enable, delete: plan.deletes.length,
    bindings: bindingsAdded + bindingsRemoved, bindingsAdded, bindingsRemoved, invalid: new Set(plan.problems.map((problem) => problem.line)).size,
  };
}

/**
 * Compares the rows of a document with the users it was read with (`base`, in the document's order) and
 * plans the changes. `now` is the time a new expiry must be after.
 */
export function planUsers(base: readonly UserState[], rows: readonly TableRow[], names: NodeNames, now: number): UsersPlan {
  const byId = new Map(base.map((user) => [user.id.toLowerCase(), user]));
  const seen = new Map<string, number>();
  const problems: RowProblem[] = [];
  const creates: PlannedCreate[] = [];
  const updates: PlannedUpdate[] = [];
  let deletesHeld = false;

  for (const row of rows) {
    const found: RowProblem[] = [];
    const problem = (code: RowProblemCode, column: string, value?: string) => found.push({ line: row.line, code, column, value });
    const id = row.id.toLowerCase();
    const before = id === '' ? undefined : byId.get(id);
    if (id !== '') {
      if (seen.has(id)) problem('duplicateId', 'id', row.id);
      seen.set(id, row.line);
      if (!before) {
        problem('unknownId', 'id', row.id);
        deletesHeld = true;
      }
    }
    const values = valuesOf(row, names, problem);
    const changed = (column: string) => !before || columnChanged(before, values, column);
    // Only what the row changes is checked: an expired user keeps its past expiry until it is edited.
    if (changed('label') && values.label.trim() === '') problem('emptyLabel', 'label');
    if (changed('type') && !KEY_TYPES.includes(values.type as never)) problem('badType', 'type', row.type);
    if (changed('expiry') && values.expiresAt === undefined) problem('badExpiry', 'expiry', row.expiry);
    else if (changed('expiry') && values.expiresAt !== null && values.expiresAt !== undefined && Date.parse(values.expiresAt) <= now) problem('pastExpiry', 'expiry', row.expiry);
    if (changed('nodes') && values.nodeIds.length === 0 && !found.some((entry) => entry.column === 'nodes')) problem('noNodes', 'nodes');
    if (before?.revoked && found.length === 0 && ['label', 'note', 'owner', 'type', 'expiry', 'enabled', 'nodes'].some(changed)) problem('revoked', 'id', row.id);

    if (found.length > 0) {
      problems.push(...found);
      continue;
    }
    const target = values as UserValues;
    if (!before) {
      creates.push({ line: row.line, values: target });
      continue;
    }
    const update = updateOf(row.line, before, target);
    if (update) updates.push(update);
  }
  const kept = new Set(rows.map((row) => row.id.toLowerCase()).filter((id) => id !== ''));
  const deletes = deletesHeld ? [] : base.filter((user) => !kept.has(user.id.toLowerCase()));
  return { creates, updates, deletes, problems, deletesHeld };
}

/** A row's values; `expiresAt` undefined when the expiry is not a date, `enabled` as typed when not a boolean. */
function valuesOf(row: TableRow, names: NodeNames, problem: (code: RowProblemCode, column: string, value?: string) => void): Omit<UserValues, 'expiresAt'> & { expiresAt: string | null | undefined } {
  const nodeIds: string[] = [];
  for (const text of row.nodes) {
    const id = names.idOf(text);
    if (id === undefined) problem('unknownNode', 'nodes', text);
    else if (id === 'ambiguous') problem('ambiguousNode', 'nodes', text);
    else if (!nodeIds.includes(id)) nodeIds.push(id);
  }
  const expiry = row.expiry.trim();
  const expiresAt = expiry === '' ? null : /^\d{4}-\d{2}-\d{2}/.test(expiry) ? normalInstant(expiry) ?? undefined : undefined;
  const enabledText = row.enabled.trim().toLowerCase();
  let enabled = true;
  if (enabledText === 'false' || enabledText === 'no' || enabledText === '0') enabled = false;
  else if (!(enabledText === 'true' || enabledText === 'yes' || enabledText === '1' || enabledText === '')) problem('badEnabled', 'enabled', row.enabled);
  return { label: row.label, note: row.note, owner: row.owner, type: row.type, expiresAt, enabled, nodeIds: nodeIds.sort() };
}

function columnChanged(before: UserState, values: Omit<UserValues, 'expiresAt'> & { expiresAt: string | null | undefined }, column: string): boolean {
  switch (column) {
    case 'label': return before.label !== values.label;
    case 'note': return before.note !== values.note;
    case 'owner': return before.owner !== values.owner;
    case 'type': return before.type !== values.type;
    case 'expiry': return before.expiresAt !== values.expiresAt;
    case 'enabled': return before.enabled !== values.enabled;
    case 'nodes': return before.nodeIds.join(',') !== values.nodeIds.join(',');
    default: return false;
  }
}

function updateOf(line: number, before: UserState, after: UserValues): PlannedUpdate | undefined {
  const fields: Partial<Record<PatchField, string | null>> = {};
  if (before.label !== after.label) fields.label = after.label;
  if (before.note !== after.note) fields.note = after.note;
  if (before.owner !== after.owner) fields.owner = after.owner;
  if (before.type !== after.type) fields.type = after.type;
  if (before.expiresAt !== after.expiresAt) fields.expiry = after.expiresAt;
  const enable = before.enabled === after.enabled ? undefined : after.enabled;
  const addNodes = after.nodeIds.filter((id) => !before.nodeIds.includes(id));
  const removeNodes = before.nodeIds.filter((id) => !after.nodeIds.includes(id));
  if (Object.keys(fields).length === 0 && enable === undefined && addNodes.length === 0 && removeNodes.length === 0) return undefined;
  return { line, before, fields, enable, addNodes, removeNodes, after };
}

/** The state a user has once an update is applied (what a revert goes back from). */
export function stateAfter(change: PlannedUpdate): UserState {
  return { ...change.before, ...change.after, nodeIds: [...change.after.nodeIds], revoked: change.before.revoked };
}
