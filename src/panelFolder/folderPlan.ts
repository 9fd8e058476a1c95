/**
 * The plan of a folder against a live panel: per resource and member, what applying would create, change
 * or (only when asked) delete, the resources changed on the panel since the pull (conflicts, never
 * overwritten), and the problems the panel would refuse. Nothing is sent here (template HTML is checked
 * by checkTemplates.ts). No `vscode` import.
 *
 * Matching: a folder pulled from this panel matches its resources by the ids the state file kept (so a
 * rename is an update), anything else by name. Modes:
 * - `folder` (the folder was pulled from this panel): a resource the panel changed since the pull is a
 *   conflict when the folder changed it too, and is left alone (drift) when the folder did not; deletions
 *   are the pulled resources whose files were removed.
 * - `restore` (a snapshot of this panel): the folder wins over what changed since; resources made since
 *   are deletions (applied only when asked); resources deleted since are created again.
 * - `promote` (a folder of another panel): matched by name; the target's resources outside the folder are
 *   listed as deletions, applied only when asked.
 */
import { memberNamed, scalarOf } from '../api/silentValues';
import type { JsonObject, JsonValue } from '../api/types';
import { textOf } from '../text/plainText';
import { NodeNames, rowOf, type TableRow, type UserState } from '../usersTable/userRows';
import { planUsers, type UsersPlan } from '../usersTable/usersPlan';
import { fingerprint, isObject, lineOfMember, sameJson, sameOrigin, type ResourceKind } from './folderFormat';
import type { FolderState, PulledResource } from './pullFiles';
import type { FolderProblem, FolderResource, ReadFolderResult } from './readFolder';
import { HOSTNAME_NAMES, hostnameOf, type LivePanel, type LiveResource } from './readPanel';
import { rowValues, userFingerprint } from './userFingerprint';
import { createFields, diffFields, type FieldChange } from './fieldChanges';

export { diffFields, leafChanges, type FieldChange } from './fieldChanges';
export { sameOrigin } from './folderFormat';
export { rowValues } from './userFingerprint';

export type PlanMode = 'folder' | 'restore' | 'promote';
export type ChangeAction = 'create' | 'update' | 'delete';

export interface ResourceChange {
  readonly kind: ResourceKind;
  readonly name: string;
  /** The folder path (a delete's: where the pull wrote it, or none). */
  readonly path?: string;
  readonly action: ChangeAction;
  /** The target's id (update, delete). */
  readonly id?: string;
  readonly fields: readonly FieldChange[];
  /** The folder's document (create, update). */
  readonly doc?: JsonObject;
  /** The target as planned against (update, delete). */
  readonly live?: LiveResource;
  /** What the target must still be when applied (its fingerprint), else a conflict. */
  readonly baseHash?: string;
}

export type ConflictReason = 'changedOnPanel' | 'goneFromPanel';

export interface ResourceConflict {
  readonly kind: ResourceKind | 'user';
  readonly name: string;
  readonly path?: string;
  readonly id?: string;
  readonly reason: ConflictReason;
  /** Folder value against the panel's now. */
  readonly fields: readonly FieldChange[];
}

/** Changed on the panel since the pull where the folder did not change it: left alone (pull to take it). */
export interface PanelOnlyChange {
  readonly kind: ResourceKind | 'user';
  readonly name: string;
  readonly id?: string;
  readonly change: 'changed' | 'created' | 'deleted';
}

export interface UsersPart {
  readonly plan: UsersPlan;
  /** The users as planned against (the apply's base: a user that differs when re-read is a conflict). */
  readonly base: readonly UserState[];
}

export interface FolderPlan {
  readonly mode: PlanMode;
  /** The target panel's origin. */
  readonly target: string;
  /** In the order applying takes them. */
  readonly changes: readonly ResourceChange[];
  readonly conflicts: readonly ResourceConflict[];
  readonly panelOnly: readonly PanelOnlyChange[];
  readonly problems: readonly FolderProblem[];
  readonly users?: UsersPart;
  /** The panel's nodes by name, and the nodes this plan creates (ids of `pendingNodeId`, which user bindings may name). */
  readonly names: NodeNames;
  readonly live: LivePanel;
  /** The folder's nodes by name in the order their files give (`order`), for `PUT /nodes/order`. */
  readonly nodeOrder: readonly string[];
}

export interface PlanOptions {
  /** undefined: `folder` when the state file names this panel, else `promote`. */
  readonly mode?: PlanMode;
  /** The time a new user's expiry must be after. */
  readonly now?: number;
}

export function isEmptyFolderPlan(plan: FolderPlan): boolean {
  const users = plan.users?.plan;
  return plan.changes.length === 0 && (!users || (users.creates.length === 0 && users.updates.length === 0 && users.deletes.length === 0));
}

const KIND_ORDER: readonly ResourceKind[] = ['template', 'node', 'branding', 'settings'];

export function planFolder(folder: ReadFolderResult, live: LivePanel, options: PlanOptions = {}): FolderPlan {
  const mode: PlanMode = options.mode ?? (sameOrigin(folder.state?.panel, live.origin) ? 'folder' : 'promote');
  const state = mode === 'promote' ? undefined : folder.state;
  const problems: FolderProblem[] = [...folder.problems];
  const changes: ResourceChange[] = [];
  const conflicts: ResourceConflict[] = [];
  const panelOnly: PanelOnlyChange[] = [];
  const invalid = new Set(problems.map((problem) => problem.file));
  const liveOf: Record<ResourceKind, readonly LiveResource[]> = {
    settings: live.settings ? [live.settings] : [], node: live.nodes, template: live.templates, branding: live.branding,
  };
  const templateNames = new Set([...live.templates.map((template) => template.name), ...folder.resources.filter((r) => r.kind === 'template').map((r) => r.name)]);

  for (const kind of KIND_ORDER) {
    const folderOnes = folder.resources.filter((resource) => resource.kind === kind);
    const liveOnes = liveOf[kind];
    const matched = new Set<LiveResource>();
    const byId = new Map(liveOnes.map((resource) => [resource.id.toLowerCase(), resource]));
    const byName = new Map<string, LiveResource[]>();
    for (const resource of liveOnes) byName.set(resource.name, [...(byName.get(resource.name) ?? []), resource]);
    const pulledPaths = new Set<string>();

    for (const resource of folderOnes) {
      const pulled = state?.resources[resource.path];
      if (pulled) pulledPaths.add(resource.path);
      let target: LiveResource | undefined;
      if (kind === 'settings') target = live.settings;
      else if (pulled && pulled.kind === kind) target = byId.get(pulled.id.toLowerCase());
      if (!target && !(pulled && mode === 'folder')) {
        const named = (byName.get(resource.name) ?? []).filter((candidate) => !matched.has(candidate));
        if (named.length === 1) target = named[0];
      }
      if (kind === 'settings' && !target) continue; // the settings could not be read
      if (target) matched.add(target);
      // Every problem of a file is told, not only the first: an unknown template beside another problem too.
      problems.push(...resourceProblems(resource, target, templateNames));
      if (invalid.has(resource.file)) continue;
      if (problems.some((problem) => problem.file === resource.file && problem.code !== 'templateRefused')) continue;

      if (!target) {
        if (pulled && mode === 'folder') {
          conflicts.push({ kind, name: resource.name, path: resource.path, id: pulled.id, reason: 'goneFromPanel', fields: [] });
          continue;
        }
        if (kind === 'template' && resource.doc.builtin === true) continue; // built into the panel: never created
        changes.push({ kind, name: resource.name, path: resource.path, action: 'create', fields: createFields(resource.doc), doc: resource.doc });
        continue;
      }
      const fields = diffFields(kind, resource.doc, target);
      const liveHash = fingerprint(target.doc);
      const pulledHash = mode === 'folder' && pulled ? pulled.hash : undefined;
      if (pulledHash !== undefined && liveHash !== pulledHash) {
        if (fields.length === 0) continue;
        if (fingerprint(resource.doc) === pulledHash) panelOnly.push({ kind, name: target.name, id: target.id, change: 'changed' });
        else conflicts.push({ kind, name: resource.name, path: resource.path, id: target.id, reason: 'changedOnPanel', fields });
        continue;
      }
      if (fields.length === 0) continue;
      if (kind === 'template' && target.builtin) {
        problems.push({ file: resource.file, line: 1, code: 'builtinTemplate', value: resource.name });
        continue;
      }
      changes.push({ kind, name: resource.name, path: resource.path, action: 'update', id: target.id, fields, doc: resource.doc, live: target, baseHash: pulledHash ?? liveHash });
    }

    if (kind === 'settings') continue;
    for (const target of liveOnes) {
      if (matched.has(target) || (kind === 'template' && target.builtin)) continue;
      const pulled = state ? pulledEntry(state, kind, target.id) : undefined;
      if (mode === 'folder') {
        if (!pulled) {
          panelOnly.push({ kind, name: target.name, id: target.id, change: 'created' });
          continue;
        }
        if (pulledPaths.has(pulled[0])) continue;
        if (fingerprint(target.doc) !== pulled[1].hash) {
          conflicts.push({ kind, name: target.name, id: target.id, reason: 'changedOnPanel', fields: [] });
          continue;
        }
      }
      changes.push({ kind, name: target.name, path: pulled?.[0], action: 'delete', id: target.id, fields: [], live: target, baseHash: fingerprint(target.doc) });
    }
    if (mode === 'folder' && state) {
      // Pulled resources the panel no longer has, whose files are gone too: nothing to do; with files: conflicts above.
      for (const [path, entry] of Object.entries(state.resources)) {
        if (entry.kind !== kind || byId.has(entry.id.toLowerCase()) || folderOnes.some((resource) => resource.path === path)) continue;
        panelOnly.push({ kind, name: entry.name, id: entry.id, change: 'deleted' });
      }
    }
  }
  branding(folder.resources, problems);

  // Rows may name a node this plan creates: its binding waits for that node (applied after it, with its new id).
  const liveNames = new Set(live.nodes.map((node) => node.name.toLowerCase()));
  const creating = changes.filter((change) => change.kind === 'node' && change.action === 'create' && !liveNames.has(change.name.toLowerCase()));
  const names = creating.length === 0 ? live.names
    : new NodeNames([...live.nodes.map((node) => ({ id: node.id, name: node.name })), ...creating.map((change) => ({ id: pendingNodeId(change.name), name: change.name }))]);
  const users = folder.userRows && live.users ? planUsersPart(folder.userRows, live.users, names, mode, state, options.now ?? Date.now(), conflicts, panelOnly) : undefined;
  if (users) {
    for (const problem of users.plan.problems) problems.push({ file: 'users.csv', line: problem.line, code: 'userRow', field: problem.column, value: problem.value, detail: problem.code, row: problem });
  }
  const nodeOrder = folder.resources.filter((resource) => resource.kind === 'node' && typeof resource.doc.order === 'number')
    .sort((a, b) => (a.doc.order as number) - (b.doc.order as number) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((resource) => resource.name);
  return { mode, target: live.origin, changes: ordered(changes), conflicts, panelOnly, problems, users, names, live, nodeOrder };
}

const PENDING_NODE = 'pending-node:';

/** The id a user's binding carries in a plan for a node the same plan creates (replaced by its new id when applied). */
export function pendingNodeId(name: string): string {
  return `${PENDING_NODE}${name.toLowerCase()}`;
}

/** Whether an id of a plan is a node the plan creates. */
export function isPendingNode(id: string): boolean {
  return id.toLowerCase().startsWith(PENDING_NODE);
}

function pulledEntry(state: FolderState, kind: ResourceKind, id: string): [string, PulledResource] | undefined {
  return Object.entries(state.resources).find(([, entry]) => entry.kind === kind && entry.id.toLowerCase() === id.toLowerCase());
}

/** Creates and updates by kind in apply order, then deletes. */
function ordered(changes: ResourceChange[]): ResourceChange[] {
  const rank = (change: ResourceChange) => (change.action === 'delete' ? 10 : 0) + KIND_ORDER.indexOf(change.kind);
  return changes.map((change, index) => ({ change, index })).sort((a, b) => rank(a.change) - rank(b.change) || a.index - b.index).map(({ change }) => change);
}

/** Problems of one resource that need the panel: an unknown template, a hostname changed, a built-in template. */
function resourceProblems(resource: FolderResource, target: LiveResource | undefined, templateNames: ReadonlySet<string>): FolderProblem[] {
  const problems: FolderProblem[] = [];
  if (resource.kind === 'node') {
    const site = resource.doc.site;
    if (isObject(site) && typeof site.template === 'string' && !templateNames.has(site.template)) {
      problems.push({ file: resource.file, line: lineOfMember(resource.text, 'template'), code: 'unknownTemplate', field: 'site.template', value: site.template });
    }
    const mine = memberNamed(resource.doc, HOSTNAME_NAMES);
    const theirs = target ? memberNamed(target.doc, HOSTNAME_NAMES) : undefined;
    if (target && mine && theirs && !sameJson(scalarOf(mine.value) ?? null, scalarOf(theirs.value) ?? null)) {
      problems.push({ file: resource.file, line: lineOfMember(resource.text, mine.name), code: 'hostnameReadOnly', field: mine.name, value: textOf((scalarOf(mine.value) ?? mine.value) as JsonValue), detail: textOf((scalarOf(theirs.value) ?? theirs.value) as JsonValue) });
    }
    if (!target && hostnameOf(resource.doc) === undefined) problems.push({ file: resource.file, line: 1, code: 'missingField', field: 'hostname' });
  }
  if (resource.kind === 'template' && !target && typeof resource.doc.html !== 'string' && resource.doc.builtin !== true) {
    problems.push({ file: resource.file, line: 1, code: 'missingField', field: 'html' });
  }
  return problems;
}

/** At most one profile of the folder is active. */
function branding(resources: readonly FolderResource[], problems: FolderProblem[]): void {
  const active = resources.filter((resource) => resource.kind === 'branding' && resource.doc.active === true);
  if (active.length > 1) for (const resource of active) problems.push({ file: resource.file, line: lineOfMember(resource.text, 'active'), code: 'twoActive', field: 'active' });
}

function planUsersPart(
  rows: readonly TableRow[], users: readonly UserState[], names: NodeNames, mode: PlanMode, state: FolderState | undefined, now: number,
  conflicts: ResourceConflict[], panelOnly: PanelOnlyChange[],
): UsersPart {
  const liveById = new Map(users.map((user) => [user.id.toLowerCase(), user]));
  const pulled = mode === 'folder' ? state?.users : undefined;
  const planned: TableRow[] = [];
  const liveRow = (user: UserState, line: number): TableRow => ({ ...rowOf(user, names), line });
  // A row whose user this panel does not have (another panel's, or deleted since a snapshot): the user of
  // the same label when the label is unique on both sides (so a second restore or promotion makes nothing
  // twice), else a new user.
  const counts = (labels: readonly string[]) => {
    const found = new Map<string, number>();
    for (const label of labels) found.set(label, (found.get(label) ?? 0) + 1);
    return found;
  };
  const rowLabels = counts(rows.map((row) => row.label));
  const liveLabels = counts(users.map((user) => user.label));
  const liveByLabel = new Map(users.map((user) => [user.label, user]));
  const byLabel = (row: TableRow): TableRow => ({ ...row, id: rowLabels.get(row.label) === 1 && liveLabels.get(row.label) === 1 ? liveByLabel.get(row.label)?.id ?? '' : '' });
  if (mode === 'promote') {
    for (const row of rows) planned.push(row.id !== '' && liveById.has(row.id.toLowerCase()) ? row : byLabel(row));
  } else {
    const seen = new Set<string>();
    for (const row of rows) {
      const id = row.id.toLowerCase();
      if (id === '') {
        planned.push(row);
        continue;
      }
      seen.add(id);
      const user = liveById.get(id);
      if (!user) {
        if (mode === 'restore') planned.push(byLabel(row));
        else if (pulled && Object.hasOwn(pulled, id)) conflicts.push({ kind: 'user', name: row.label, id: row.id, reason: 'goneFromPanel', fields: [] });
        else planned.push(row); // an id this panel never had: the table's problem
        continue;
      }
      const pulledHash = pulled?.[id];
      const liveHash = userFingerprint(user);
      if (pulledHash === undefined || pulledHash === liveHash) {
        planned.push(row);
        continue;
      }
      const values = rowValues(row, names);
      const rowHash = values ? userFingerprint(values) : undefined;
      if (rowHash === liveHash) planned.push(row);
      else if (rowHash === pulledHash) {
        panelOnly.push({ kind: 'user', name: user.label, id: user.id, change: 'changed' });
        planned.push(liveRow(user, row.line));
      } else {
        conflicts.push({ kind: 'user', name: row.label, id: user.id, reason: 'changedOnPanel', fields: [] });
        planned.push(liveRow(user, row.line));
      }
    }
    if (pulled) {
      for (const user of users) {
        const id = user.id.toLowerCase();
        if (seen.has(id)) continue;
        if (!Object.hasOwn(pulled, id)) {
          panelOnly.push({ kind: 'user', name: user.label, id: user.id, change: 'created' });
          planned.push(liveRow(user, 0));
        } else if (pulled[id] !== userFingerprint(user)) {
          conflicts.push({ kind: 'user', name: user.label, id: user.id, reason: 'changedOnPanel', fields: [] });
          planned.push(liveRow(user, 0));
        }
      }
      for (const id of Object.keys(pulled)) if (!liveById.has(id) && !seen.has(id)) panelOnly.push({ kind: 'user', name: id, id, change: 'deleted' });
    }
  }
  return { plan: planUsers(users, planned, names, now), base: users };
}
