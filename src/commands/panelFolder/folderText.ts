/**
 * The operator's words for a panel folder's plan, drift, problems and apply report (src/panelFolder/ gives
 * reasons and values, never sentences). Panel values are shown as one plain line each (controls and bidi
 * marks removed, long text cut), so a hostile value cannot shape the document. Takes a `Localize` so it
 * stays testable in plain Node.
 */
import type { JsonValue } from '../../api/types';
import { stringifyJsonExact } from '../../api/exactJson';
import type { DriftReport, FieldChange, FolderApplyResult, FolderPlan, FolderProblem, ResourceChange, ResourceDetail, ResourceKind, ResourceOutcome } from '../../panelFolder';
import { isPendingNode, leafChanges } from '../../panelFolder';
import type { Check } from '../../panelFolder/readFolder';
import type { Localize } from '../../text/localize';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { reportDocument, problemText, summaryText } from '../usersTable/planText';
import { numberText } from '../../text/displayLanguage';

function kindText(kind: ResourceKind | 'user', t: Localize): string {
  switch (kind) {
    case 'settings': return t('settings');
    case 'node': return t('node');
    case 'template': return t('site template');
    case 'branding': return t('branding profile');
    case 'user': return t('user');
  }
}

/** A value as one plain line: text as it is, anything else as JSON; long ones cut. */
export function valueText(value: JsonValue | undefined): string {
  if (value === undefined) return '—';
  const text = typeof value === 'string' ? JSON.stringify(value) : stringifyJsonExact(value);
  return plainLabel(text, 80);
}

function fieldLine(field: FieldChange, t: Localize): string {
  // Text of several lines (HTML, CSS) is told by its lines; one line, however long, by its value (cut).
  const several = (value: JsonValue | undefined) => typeof value === 'string' && value.includes('\n');
  if (several(field.from) || several(field.to)) {
    const lines = (value: JsonValue | undefined) => (typeof value === 'string' ? value.split('\n').length : 0);
    return t('{0}: {1} lines → {2} lines', field.field, numberText(lines(field.from)), numberText(lines(field.to)));
  }
  return `${field.field}: ${valueText(field.from)} → ${valueText(field.to)}`;
}

/** Each changed leaf member of the fields, one line each (`subscription_page.title: "A" → "B"`). */
function fieldLines(fields: readonly FieldChange[], t: Localize): string[] {
  return leafChanges(fields).map((field) => fieldLine(field, t));
}

/** A conflict's member: what the panel holds and what the folder wanted. */
function conflictLine(field: FieldChange, t: Localize): string {
  return t('{0}: the panel holds {1}, the folder wants {2}', field.field, valueText(field.from), valueText(field.to));
}

function checkText(check: string, t: Localize): string {
  switch (check as Check) {
    case 'string': return t('a string');
    case 'nonEmptyString': return t('a string that is not empty');
    case 'stringOrNull': return t('a string or null');
    case 'boolean': return t('true or false');
    case 'object': return t('an object');
    case 'positiveInteger': return t('a whole number from 1');
    default: return plainLabel(check, 40);
  }
}

/** A problem of a file, in words. */
export function folderProblemText(problem: FolderProblem, t: Localize, tableProblem: (problem: NonNullable<FolderProblem['table']>) => string): string {
  const value = plainLabel(problem.value ?? '', 80);
  const field = plainLabel(problem.field ?? '', 60);
  const detail = plainLabel(problem.detail ?? '', 300);
  switch (problem.code) {
    case 'notJson': return t('Not valid JSON: {0}', detail);
    case 'notObject': return t('The file must hold one JSON object.');
    case 'missingField': return t('"{0}" is required.', field);
    case 'wrongType': return t('"{0}" must be {1}.', field, checkText(problem.value ?? '', t));
    case 'unknownField': return t('The panel does not take "{0}" here.', field);
    case 'duplicateName': return t('Another file of the folder has the name "{0}": the panel matches by name, so neither is planned.', value);
    case 'unknownTemplate': return t('No site template is named "{0}" on the panel or in the folder.', value);
    case 'templateRefused': return detail ? t('The panel refuses this template: {0}', detail) : t('The panel refuses this template.');
    case 'builtinTemplate': return t('"{0}" is built into the panel: it cannot be changed.', value);
    case 'hostnameReadOnly': return t('The panel does not let a node\'s hostname change; the folder has "{0}", the panel "{1}": put the panel\'s hostname back (nothing of this node is sent until then), or create a node with the new hostname.', value, detail);
    case 'twoActive': return t('Only one branding profile can be active.');
    case 'usersTable': return problem.table ? tableProblem(problem.table) : t('Not a users table.');
    case 'userRow': return problem.row ? problemText(problem.row, t) : t('The panel would refuse this row.');
    case 'badState': return t('The folder\'s state file cannot be read: pull the panel into the folder again.');
    case 'notValidated': return t('The panel could not check this template: {0}', detail);
  }
}

export interface PlanSubject {
  /** The folder, as the operator knows it. */
  readonly folder: string;
  /** The target panel's name. */
  readonly panel: string;
}

/** The plan as a document: what changes per resource and field, conflicts, the panel's own changes, problems. */
export function planDocument(plan: FolderPlan, subject: PlanSubject, t: Localize, tableProblem: (problem: NonNullable<FolderProblem['table']>) => string): string {
  const leftOut = problemFiles(plan).length;
  const title = t('Plan of {0} for {1}', plainLabel(subject.folder, 120), plainLabel(subject.panel, 60));
  const lines = [`# ${leftOut === 0 ? title : `${title} — ${plural(leftOut, { one: '{0} file left out for Problems', other: '{0} files left out for Problems' }, t)}`}`];
  lines.push(`# ${modeText(plan, t)}`);
  lines.push(`# ${planSummary(plan, t)}`);
  lines.push('');
  const changes = plan.changes;
  if (changes.length > 0) {
    lines.push(`## ${t('Changes')}`);
    for (const change of changes) {
      const head = change.action === 'create' ? t('create {0} "{1}"', kindText(change.kind, t), plainLabel(change.name, 80))
        : change.action === 'update' ? t('update {0} "{1}"', kindText(change.kind, t), plainLabel(change.name, 80))
          : t('delete {0} "{1}" (only when you confirm deletions)', kindText(change.kind, t), plainLabel(change.name, 80));
      lines.push(`- ${head}`);
      for (const line of fieldLines(change.fields, t)) lines.push(`    ${line}`);
    }
    lines.push('');
  }
  if (plan.users) {
    lines.push(`## ${t('Users')}`, `- ${summaryText(plan.users.plan, t)}`, ...userLines(plan, t), '');
  }
  if (plan.conflicts.length > 0) {
    lines.push(`## ${t('Changed on the panel since the pull: skipped (pull again, then edit)')}`);
    for (const conflict of plan.conflicts) {
      const why = conflict.reason === 'goneFromPanel' ? t('no longer on the panel') : t('changed on the panel');
      lines.push(`- ${kindText(conflict.kind, t)} "${plainLabel(conflict.name, 80)}": ${why}`);
      for (const field of leafChanges(conflict.fields)) lines.push(`    ${conflictLine(field, t)}`);
    }
    lines.push('');
  }
  if (plan.panelOnly.length > 0) {
    lines.push(`## ${t('Changed on the panel only: left as it is (Show Drift; pulling again takes it)')}`);
    for (const change of plan.panelOnly.slice(0, 200)) lines.push(`- ${kindText(change.kind, t)} "${plainLabel(change.name, 80)}": ${driftWord(change.change, t)}`);
    if (plan.panelOnly.length > 200) lines.push(`- ${t('and {0} more', numberText(plan.panelOnly.length - 200))}`);
    lines.push('');
  }
  if (plan.problems.length > 0) {
    lines.push(`## ${t('Problems: nothing is sent for these files (see Problems)')}`);
    for (const problem of plan.problems.slice(0, 200)) lines.push(`- ${plainLabel(problem.file, 120)}:${problem.line} — ${folderProblemText(problem, t, tableProblem)}`);
    if (plan.problems.length > 200) lines.push(`- ${t('and {0} more', numberText(plan.problems.length - 200))}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** Each user the plan creates, changes or (when asked) deletes, with its fields; at most 200 of them. */
function userLines(plan: FolderPlan, t: Localize): string[] {
  const users = plan.users?.plan;
  if (!users) return [];
  const { names } = plan;
  const node = (id: string) => (isPendingNode(id) ? t('"{0}" (waits for that node: this apply creates it first)', plainLabel(names.nameOf(id), 60)) : `"${plainLabel(names.nameOf(id), 60)}"`);
  const nodes = (added: readonly string[], removed: readonly string[]) => [...added.map((id) => `+${node(id)}`), ...removed.map((id) => `−${node(id)}`)].join(', ');
  const entries: string[][] = [];
  for (const create of users.creates) {
    entries.push([t('create {0} "{1}"', kindText('user', t), plainLabel(create.values.label, 80)), `    ${t('nodes')}: ${nodes(create.values.nodeIds, [])}`]);
  }
  for (const change of users.updates) {
    const lines = [t('update {0} "{1}"', kindText('user', t), plainLabel(change.before.label, 80))];
    for (const [field, value] of Object.entries(change.fields)) {
      const before = field === 'expiry' ? change.before.expiresAt : change.before[field as 'label' | 'note' | 'owner' | 'type'];
      lines.push(`    ${fieldLine({ field, from: before ?? null, to: value ?? null }, t)}`);
    }
    if (change.enable !== undefined) lines.push(`    ${fieldLine({ field: 'enabled', from: !change.enable, to: change.enable }, t)}`);
    if (change.addNodes.length + change.removeNodes.length > 0) lines.push(`    ${t('nodes')}: ${nodes(change.addNodes, change.removeNodes)}`);
    entries.push(lines);
  }
  for (const user of users.deletes) entries.push([t('delete {0} "{1}" (only when you confirm deletions)', kindText('user', t), plainLabel(user.label, 80))]);
  const lines = entries.slice(0, 200).flatMap(([head, ...rest]) => [`- ${head}`, ...rest]);
  if (entries.length > 200) lines.push(`- ${t('and {0} more', numberText(entries.length - 200))}`);
  return lines;
}

function modeText(plan: FolderPlan, t: Localize): string {
  switch (plan.mode) {
    case 'folder': return t('The folder was pulled from this panel: what changed on the panel since is not overwritten.');
    case 'restore': return t('Restore from a snapshot: the panel goes back to the snapshot.');
    case 'promote': return t('Promotion from another panel: resources are matched by name.');
  }
}

/** "3 changes (create 1, update 2, delete 0) · 1 conflict · 0 problems". */
export function planSummary(plan: FolderPlan, t: Localize): string {
  const count = (action: string) => plan.changes.filter((change) => change.action === action).length;
  return t('{0} changes (create {1}, update {2}, delete {3}) · {4} conflicts · {5} problems',
    numberText(plan.changes.length), numberText(count('create')), numberText(count('update')), numberText(count('delete')), numberText(plan.conflicts.length), numberText(plan.problems.length));
}

function driftWord(change: 'changed' | 'created' | 'deleted', t: Localize): string {
  return change === 'changed' ? t('changed') : change === 'created' ? t('created') : t('deleted');
}

/** Drift as a document: what pulling again would write. */
export function driftDocument(drift: DriftReport, subject: PlanSubject, t: Localize): string {
  const lines = [`# ${t('Changes on {0} since {1} was pulled', plainLabel(subject.panel, 60), plainLabel(subject.folder, 120))}`];
  if (!drift.comparable) {
    lines.push('', t('The folder was not pulled from this panel, so its changes since cannot be told: use Plan Panel Changes.'));
    return `${lines.join('\n')}\n`;
  }
  lines.push(`# ${t('{0} resources and {1} users changed on the panel; pulling again takes them.', numberText(drift.changes.length), numberText(drift.users.length))}`, '');
  for (const change of drift.changes) {
    lines.push(`- ${kindText(change.kind, t)} "${plainLabel(change.name, 80)}": ${driftWord(change.action === 'create' ? 'created' : change.action === 'delete' ? 'deleted' : 'changed', t)}`);
    if (change.action === 'update') for (const line of fieldLines(change.fields.map((field) => ({ field: field.field, from: field.from, to: field.to })), t)) lines.push(`    ${line}`);
  }
  for (const user of drift.users.slice(0, 500)) lines.push(`- ${kindText('user', t)} "${plainLabel(user.label, 80)}": ${driftWord(user.action === 'create' ? 'created' : user.action === 'delete' ? 'deleted' : 'changed', t)}`);
  if (drift.users.length > 500) lines.push(`- ${t('and {0} more', numberText(drift.users.length - 500))}`);
  return `${lines.join('\n')}\n`;
}

function outcomeText(outcome: ResourceOutcome['outcome'], t: Localize): string {
  switch (outcome) {
    case 'applied': return t('applied');
    case 'reconciled': return t('reconciled after a lost answer');
    case 'conflict': return t('skipped: changed on the panel');
    case 'gone': return t('no longer on the panel');
    case 'refused': return t('refused by the panel');
    case 'notApplied': return t('not applied');
    case 'notSent': return t('not sent');
  }
}

function detailText(detail: ResourceDetail, t: Localize, describe: (error: unknown) => string): string {
  switch (detail.kind) {
    case 'panel': return plainLabel(detail.words, 300);
    case 'failed': return describe(detail.error);
    case 'changed': return detail.fields.length > 0 ? leafChanges(detail.fields).map((field) => conflictLine(field, t)).join('; ') : t('changed on the panel');
    case 'notRead': return t('it could not be read again, so it was not changed');
    case 'lostHeld': return t('the answer was lost; the panel holds the change');
    case 'lostNotHeld': return t('the answer was lost; the panel does not hold the change: apply again');
    case 'lostCreated': return t('the answer was lost; the panel holds it (created once)');
    case 'lostNotCreated': return t('the answer was lost; the panel holds no such resource: apply again to create it');
    case 'lostDeleted': return t('the answer was lost; the panel no longer has it');
    case 'lostStillThere': return t('the answer was lost; the panel still has it');
  }
}

/** The files the plan left out for their Problems. */
export function problemFiles(plan: FolderPlan): string[] {
  return [...new Set(plan.problems.map((problem) => problem.file))];
}

/**
 * Everything an apply kept as a conflict: those the plan found (changed on the panel since the pull: never
 * sent, so they have no outcome) and those found when re-read just before sending, users included.
 */
export interface KeptConflict {
  readonly kind: ResourceKind | 'user';
  readonly name: string;
  /** The panel's value (from) against the folder's (to). */
  readonly fields: readonly FieldChange[];
  readonly gone?: boolean;
}

export function keptConflicts(result: FolderApplyResult, plan: FolderPlan): KeptConflict[] {
  const kept: KeptConflict[] = plan.conflicts.map((conflict) => ({ kind: conflict.kind, name: conflict.name, fields: conflict.fields, ...(conflict.reason === 'goneFromPanel' ? { gone: true } : {}) }));
  for (const outcome of result.outcomes) {
    if (outcome.outcome === 'conflict') kept.push({ kind: outcome.kind, name: outcome.name, fields: outcome.detail?.kind === 'changed' ? outcome.detail.fields : [] });
  }
  for (const outcome of result.users?.outcomes ?? []) if (outcome.kind === 'conflict') kept.push({ kind: 'user', name: outcome.label ?? outcome.id ?? '', fields: [] });
  return kept;
}

/** Counts of a result, e.g. "5 applied · 1 skipped as conflicts · …"; the conflicts the plan kept counted too. */
export function applySummary(result: FolderApplyResult, plan: FolderPlan, t: Localize): string {
  const count = (kind: ResourceOutcome['outcome']) => result.outcomes.filter((outcome) => outcome.outcome === kind).length;
  return t('{0} applied · {1} skipped as conflicts · {2} refused · {3} reconciled · {4} not applied · {5} not sent',
    numberText(count('applied')), numberText(keptConflicts(result, plan).length), numberText(count('refused')), numberText(count('reconciled')), numberText(count('notApplied') + count('gone')), numberText(count('notSent')));
}

/** One conflict in a line: its kind and name, then what the panel holds against what the folder wanted. */
export function conflictText(conflict: KeptConflict, t: Localize): string {
  const head = `${kindText(conflict.kind, t)} "${plainLabel(conflict.name, 60)}"`;
  const leaves = leafChanges(conflict.fields);
  if (conflict.gone) return t('{0} (no longer on the panel)', head);
  if (leaves.length === 0) return t('{0} (changed on the panel)', head);
  return `${head} (${leaves.slice(0, 3).map((field) => conflictLine(field, t)).join('; ')}${leaves.length > 3 ? `; ${t('and {0} more', numberText(leaves.length - 3))}` : ''})`;
}

/** The conflicts for a notice: the first three named, then how many more. */
export function conflictsSentence(result: FolderApplyResult, plan: FolderPlan, t: Localize): string {
  const kept = keptConflicts(result, plan);
  if (kept.length === 0) return '';
  const named = kept.slice(0, 3).map((conflict) => conflictText(conflict, t)).join(', ');
  return t('Skipped as conflicts, kept as the panel holds them: {0}.', kept.length > 3 ? `${named}, ${t('and {0} more', numberText(kept.length - 3))}` : named);
}

/** A member the panel took but does not hold as sent: what it holds and what the folder has. */
function notHeldLine(field: FieldChange, t: Localize): string {
  return t('{0}: the panel holds {1}, the folder has {2}', field.field, valueText(field.from), valueText(field.to));
}

/** One resource the panel took but holds otherwise, in a line: its kind and name, then the members that differ. */
function notHeldText(change: ResourceChange, t: Localize): string {
  const leaves = leafChanges(change.fields);
  return `${kindText(change.kind, t)} "${plainLabel(change.name, 60)}" (${leaves.slice(0, 3).map((field) => notHeldLine(field, t)).join('; ')}${leaves.length > 3 ? `; ${t('and {0} more', numberText(leaves.length - 3))}` : ''})`;
}

/** For a notice: the resources the panel took but holds otherwise, the first three named. */
export function notHeldSentence(notHeld: readonly ResourceChange[], t: Localize): string {
  if (notHeld.length === 0) return '';
  const named = notHeld.slice(0, 3).map((change) => notHeldText(change, t)).join(', ');
  return t('Taken by the panel but held otherwise (read again after the apply): {0}.', notHeld.length > 3 ? `${named}, ${t('and {0} more', numberText(notHeld.length - 3))}` : named);
}

/**
 * What Apply will do, before it does it (as `terraform apply` shows the plan before "yes"): the changes per
 * kind, the users', deletions kept, conflicts skipped and files left out for Problems, then the first
 * changes with their members.
 */
export function applyPreview(plan: FolderPlan, deleteRemoved: boolean, t: Localize): string[] {
  const lines: string[] = [];
  const sent = plan.changes.filter((change) => change.action !== 'delete' || deleteRemoved);
  for (const kind of ['template', 'node', 'branding', 'settings'] as const) {
    const ofKind = sent.filter((change) => change.kind === kind);
    if (ofKind.length === 0) continue;
    const count = (action: string) => ofKind.filter((change) => change.action === action).length;
    lines.push(t('{0}: create {1}, update {2}, delete {3}', kindText(kind, t), numberText(count('create')), numberText(count('update')), numberText(count('delete'))));
  }
  const users = plan.users && (deleteRemoved ? plan.users.plan : { ...plan.users.plan, deletes: [] });
  if (users && users.creates.length + users.updates.length + users.deletes.length > 0) lines.push(`${t('Users')}: ${summaryText(users, t)}`);
  const kept = plan.changes.length - sent.length + (deleteRemoved ? 0 : plan.users?.plan.deletes.length ?? 0);
  if (kept > 0) lines.push(plural(kept, { one: '{0} deletion not sent (kept on the panel)', other: '{0} deletions not sent (kept on the panel)' }, t));
  if (lines.length === 0) lines.push(t('Nothing to send'));
  const conflicts = plan.conflicts.map((conflict) => conflictText({ kind: conflict.kind, name: conflict.name, fields: conflict.fields, ...(conflict.reason === 'goneFromPanel' ? { gone: true } : {}) }, t));
  if (conflicts.length > 0) {
    lines.push(plural(conflicts.length, { one: '{0} conflict skipped: {1}', other: '{0} conflicts skipped: {1}' }, t, conflicts.slice(0, 5).join(', ') + (conflicts.length > 5 ? `, ${t('and {0} more', numberText(conflicts.length - 5))}` : '')));
  }
  const files = problemFiles(plan);
  if (files.length > 0) {
    lines.push(plural(files.length, { one: '{0} file left out for Problems: {1}', other: '{0} files left out for Problems: {1}' }, t, files.slice(0, 5).map((file) => plainLabel(file, 80)).join(', ') + (files.length > 5 ? `, ${t('and {0} more', numberText(files.length - 5))}` : '')));
  }
  for (const change of sent.slice(0, 20)) {
    const members = leafChanges(change.fields).map((field) => field.field);
    lines.push(`${change.action === 'create' ? t('create') : change.action === 'update' ? t('update') : t('delete')} ${kindText(change.kind, t)} "${plainLabel(change.name, 60)}"${members.length > 0 ? `: ${plainLabel(members.join(', '), 200)}` : ''}`);
  }
  if (sent.length > 20) lines.push(t('and {0} more', numberText(sent.length - 20)));
  return lines;
}

/** The apply report: each resource's outcome, then the users' report, then the nodes to apply configuration on. */
export function applyReport(result: FolderApplyResult, plan: FolderPlan, subject: PlanSubject, t: Localize, describe: (error: unknown) => string, notHeld: readonly ResourceChange[] = []): string {
  const lines = [`# ${t('Result of {0} on {1}', plainLabel(subject.folder, 120), plainLabel(subject.panel, 60))}`, `# ${applySummary(result, plan, t)}`];
  if (result.cancelled) lines.push(`# ${t('Cancelled: what was not sent is listed as not sent.')}`);
  lines.push('');
  if (plan.conflicts.length > 0) {
    lines.push(`## ${t('Skipped as conflicts: changed on the panel since the pull, kept as the panel holds them (pull again, then edit)')}`);
    for (const conflict of plan.conflicts) {
      lines.push(`- ${kindText(conflict.kind, t)} "${plainLabel(conflict.name, 80)}": ${conflict.reason === 'goneFromPanel' ? t('no longer on the panel') : t('changed on the panel')}`);
      for (const field of leafChanges(conflict.fields)) lines.push(`    ${conflictLine(field, t)}`);
    }
    lines.push('');
  }
  for (const outcome of result.outcomes) {
    const extra = [outcome.detail ? detailText(outcome.detail, t, describe) : '', outcome.dropped?.length ? t('the panel does not take {0}: left unchanged', outcome.dropped.join(', ')) : ''].filter(Boolean).join('; ');
    lines.push(`- ${t('{0} {1} "{2}"', outcome.action === 'create' ? t('create') : outcome.action === 'update' ? t('update') : t('delete'), kindText(outcome.kind, t), plainLabel(outcome.name, 80))}: ${outcomeText(outcome.outcome, t)}${extra ? ` — ${extra}` : ''}`);
  }
  if (notHeld.length > 0) {
    lines.push('', `## ${t('Taken by the panel but held otherwise (read again after the apply): edit the file to what the panel keeps, or pull')}`);
    for (const change of notHeld) {
      lines.push(`- ${kindText(change.kind, t)} "${plainLabel(change.name, 80)}"`);
      for (const field of leafChanges(change.fields)) lines.push(`    ${notHeldLine(field, t)}`);
    }
  }
  if (result.changedNodes.length > 0) {
    lines.push('', plural(result.changedNodes.length, { one: 'The configuration of {0} node changed: {1}', other: 'The configuration of {0} nodes changed: {1}' }, t, result.changedNodes.map((node) => plainLabel(node.name, 40)).join(', ')));
  }
  if (result.users) {
    lines.push('', reportDocument(result.users, { heading: t('Users'), source: 'table', names: plan.names }, t, describe));
  }
  return `${lines.join('\n')}\n`;
}
