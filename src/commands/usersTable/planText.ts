/**
 * The words of the users table: a row's problems, the plan a save makes, the plan Revert Last Plan shows,
 * and the result report of either. No `vscode` import (unit-tested): the commands pass `vscode.l10n.t`, and
 * `describeError` for the failures that are not the panel's answer.
 */
import type { ApplyResult, OutcomeDetail, OutcomeKind, ColumnChangedOnPanel, UserOutcome } from '../../usersTable/applyPlan';
import type { RevertPlan } from '../../usersTable/revertPlan';
import type { NodeNames, UserState } from '../../usersTable/userRows';
import { isEmptyPlan, summarize, type PatchField, type PlannedCreate, type PlannedUpdate, type RowProblem, type UsersPlan } from '../../usersTable/usersPlan';
import type { Localize } from '../../text/localize';
import { fallbackText } from '../shared/fallbackText';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';

/**
 * Where a plan comes from: a users table (its rows have lines, Apply Plan sends it), or Revert Last Plan
 * (no document: its own dialog sends it).
 */
export type PlanSource = 'table' | 'revert';

/** What a result report is about: its heading, where its plan came from, and the panel's node names. */
export interface ReportSubject {
  readonly heading: string;
  readonly source: PlanSource;
  readonly names: NodeNames;
}

/** A problem of a row, in words. */
export function problemText(problem: RowProblem, t: Localize): string {
  const value = plainLabel(problem.value ?? '', 80);
  switch (problem.code) {
    case 'unknownNode': return t('No node is named "{0}" on this panel.', value);
    case 'ambiguousNode': return t('Two nodes are named "{0}": write the node\'s id instead.', value);
    case 'pastExpiry': return t('The expiry {0} is not in the future: the panel takes a future time, or none.', value);
    case 'badExpiry': return t('"{0}" is not a date: write RFC 3339 (2030-01-31T00:00:00Z), or leave it empty for no expiry.', value);
    case 'emptyLabel': return t('The label is required.');
    case 'badType': return t('The type is PERSONAL or SHARED, not "{0}".', value);
    case 'badEnabled': return t('Enabled is true or false, not "{0}".', value);
    case 'noNodes': return t('A user needs at least one node.');
    case 'duplicateId': return t('The id {0} is on another row too: each user has one row.', value);
    case 'unknownId': return t('The id {0} is not one this table was read with: ids are read-only (restore it, or clear it to create a new user).', value);
    case 'revoked': return t('This user is revoked: the panel refuses changes to it.');
  }
}

function fieldName(field: PatchField, t: Localize): string {
  switch (field) {
    case 'label': return t('label');
    case 'note': return t('note');
    case 'owner': return t('owner');
    case 'type': return t('type');
    case 'expiry': return t('expiry');
  }
}

/** One value as a plan line shows it (panel text made one plain line). */
function shown(value: string | null | undefined, t: Localize): string {
  return value === null || value === undefined || value === '' ? t('(none)') : plainLabel(value, 200);
}

function beforeValue(user: UserState, field: PatchField): string | null {
  return field === 'expiry' ? user.expiresAt : user[field];
}

/** "2 rows are invalid (see Problems): nothing is sent for them." */
export function invalidText(count: number, t: Localize): string {
  return plural(count, { one: '{0} row is invalid (see Problems): nothing is sent for it.', other: '{0} rows are invalid (see Problems): nothing is sent for them.' }, t);
}

/** The summary line: create N, update M (by field), disable K, enable, delete J, bindings L. */
export function summaryText(plan: UsersPlan, t: Localize): string {
  const summary = summarize(plan);
  const fields = (['expiry', 'label', 'note', 'owner', 'type'] as const).filter((field) => summary.byField[field] > 0)
    .map((field) => `${fieldName(field, t)} ${numberText(summary.byField[field])}`).join(', ');
  return t('create {0} · update {1}{2} · disable {3} · enable {4} · delete {5} · node bindings {6} (+{7} −{8})',
    numberText(summary.create), numberText(summary.update), fields ? ` (${fields})` : '', numberText(summary.disable), numberText(summary.enable), numberText(summary.delete), numberText(summary.bindings), numberText(summary.bindingsAdded), numberText(summary.bindingsRemoved));
}

/**
 * A table's plan as a diff-like document: a summary, then one hunk per user at its line (`-` what the panel
 * holds, `+` what the row asks for), the rows left out as invalid, and the users whose rows were deleted.
 */
export function planDocument(plan: UsersPlan, names: NodeNames, heading: string, t: Localize): string {
  const summary = summarize(plan);
  const lines = [
    `# ${heading}`,
    `# ${summaryText(plan, t)}`,
    summary.invalid > 0 ? `# ${invalidText(summary.invalid, t)}` : undefined,
    plan.deletes.length > 0 ? `# ${t('Deleted rows: you are asked whether to delete those users when you apply.')}` : undefined,
    plan.deletesHeld ? `# ${t('A row carries an id this table was not read with, so no user is deleted by this plan.')}` : undefined,
    `# ${t('Nothing has been sent. Run Apply Plan to send it.')}`,
    '',
  ].filter((line): line is string => line !== undefined);
  for (const create of plan.creates) lines.push(...createLines(create, names, t));
  for (const change of plan.updates) {
    lines.push(`@@ ${t('line {0}: update "{1}" ({2})', change.line, plainLabel(change.before.label, 80), change.before.id)} @@`, ...changeLines(change, names, t));
  }
  for (const user of plan.deletes) {
    lines.push(`@@ ${t('delete "{0}" ({1})', plainLabel(user.label, 80), user.id)} @@`);
    lines.push(`- ${t('the row was deleted')}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Revert Last Plan's plan as a document: what it puts back (`-` what the last plan left, `+` what the panel
 * held before it), the users the last plan created (deleted if the operator says so), those that cannot be
 * put back and why, and the users the last plan deleted (gone). It has no rows, so no lines; its own dialog
 * sends it, so it names no command to run.
 */
export function revertDocument(revert: RevertPlan, names: NodeNames, heading: string, t: Localize): string {
  const { plan } = revert;
  const lines = [
    `# ${heading}`,
    `# ${summaryText(plan, t)}`,
    plan.deletes.length > 0 ? `# ${plural(plan.deletes.length, {
      one: '{0} user the last plan created is still on the panel: you are asked whether to delete it when you revert.',
      other: '{0} users the last plan created are still on the panel: you are asked whether to delete them when you revert.',
    }, t)}` : undefined,
    revert.refused.length > 0 ? `# ${plural(new Set(revert.refused.map((entry) => entry.user.id)).size, {
      one: '{0} user cannot be put back as it was (below): nothing is sent for it.',
      other: '{0} users cannot be put back as they were (below): nothing is sent for them.',
    }, t)}` : undefined,
    revert.gone.length > 0 ? `# ${plural(revert.gone.length, {
      one: '{0} user the plan deleted is gone and cannot be brought back: {1}',
      other: '{0} users the plan deleted are gone and cannot be brought back: {1}',
    }, t, revert.gone.map((user) => `"${plainLabel(user.label, 60)}"`).join(', '))}` : undefined,
    `# ${isEmptyPlan(plan) ? t('Nothing to revert: the panel no longer holds what the last plan changed.') : t('Nothing has been sent yet: the revert is sent once you confirm it.')}`,
    '',
  ].filter((line): line is string => line !== undefined);
  for (const change of plan.updates) {
    lines.push(`@@ ${t('revert "{0}" ({1})', plainLabel(change.before.label, 80), change.before.id)} @@`, ...changeLines(change, names, t));
  }
  for (const user of plan.deletes) {
    lines.push(`@@ ${t('delete "{0}" ({1})', plainLabel(user.label, 80), user.id)} @@`);
    lines.push(`- ${t('created by the last plan; reverting deletes it')}`);
  }
  for (const { user, problem } of revert.refused) {
    lines.push(`@@ ${t('cannot revert "{0}" ({1})', plainLabel(user.label, 80), user.id)} @@`);
    lines.push(`  ${problemText(problem, t)}`);
  }
  return `${lines.join('\n')}\n`;
}

function createLines(create: PlannedCreate, names: NodeNames, t: Localize): string[] {
  const lines = [
    `@@ ${t('line {0}: create "{1}"', create.line, plainLabel(create.values.label, 80))} @@`,
    `+ ${t('type')}: ${create.values.type} · ${t('expiry')}: ${shown(create.values.expiresAt, t)} · ${t('enabled')}: ${create.values.enabled} · ${t('nodes')}: ${create.values.nodeIds.map((id) => plainLabel(names.nameOf(id), 60)).join(', ')}`,
  ];
  if (create.values.note) lines.push(`+ ${t('note')}: ${shown(create.values.note, t)}`);
  if (create.values.owner) lines.push(`+ ${t('owner')}: ${shown(create.values.owner, t)}`);
  return lines;
}

/** The `-`/`+` lines of an update: what the user holds, then what it becomes. */
function changeLines(change: PlannedUpdate, names: NodeNames, t: Localize): string[] {
  const lines: string[] = [];
  for (const [field, value] of Object.entries(change.fields) as [PatchField, string | null][]) {
    lines.push(`- ${fieldName(field, t)}: ${shown(beforeValue(change.before, field), t)}`, `+ ${fieldName(field, t)}: ${shown(value, t)}`);
  }
  if (change.enable !== undefined) lines.push(`- ${t('enabled')}: ${!change.enable}`, `+ ${t('enabled')}: ${change.enable}`);
  for (const id of change.removeNodes) lines.push(`- ${t('node')}: ${plainLabel(names.nameOf(id), 60)}`);
  for (const id of change.addNodes) lines.push(`+ ${t('node')}: ${plainLabel(names.nameOf(id), 60)}`);
  return lines;
}

function kindText(kind: OutcomeKind, source: PlanSource, t: Localize): string {
  switch (kind) {
    case 'applied': return t('applied');
    case 'reconciled': return t('reconciled');
    case 'conflict': return source === 'revert' ? t('skipped: changed on the panel since the last plan') : t('skipped: changed on the panel since the table was read');
    case 'gone': return t('skipped: no longer on the panel');
    case 'refused': return t('refused by the panel');
    case 'notApplied': return t('not applied');
    case 'notSent': return t('not sent (cancelled)');
  }
}

function actionText(outcome: UserOutcome, source: PlanSource, t: Localize): string {
  const name = plainLabel(outcome.label, 80);
  switch (outcome.action) {
    case 'create': return t('create "{0}"', name);
    case 'update': return source === 'revert' ? t('revert "{0}"', name) : t('update "{0}"', name);
    case 'delete': return t('delete "{0}"', name);
  }
}

/** A text value of a change: quoted, or "(none)". */
function quoted(value: string | null, t: Localize): string {
  return value === null || value === '' ? t('(none)') : t('"{0}"', plainLabel(value, 80));
}

function nodesText(ids: readonly string[], names: NodeNames, t: Localize): string {
  return ids.length === 0 ? t('(none)') : ids.map((id) => plainLabel(names.nameOf(id), 60)).join(', ');
}

/** One column changed on the panel: its name, the value it was read with, and the panel's now. */
function panelChangeText(change: ColumnChangedOnPanel, names: NodeNames, t: Localize): string {
  switch (change.column) {
    case 'label':
    case 'note':
    case 'owner':
    case 'type': return `${fieldName(change.column, t)} ${quoted(change.was, t)} → ${quoted(change.now, t)}`;
    case 'expiry': return `${t('expiry')} ${shown(change.was, t)} → ${shown(change.now, t)}`;
    case 'enabled': return `${t('enabled')} ${change.was} → ${change.now}`;
    case 'nodes': return `${t('nodes')} ${nodesText(change.was, names, t)} → ${nodesText(change.now, names, t)}`;
    case 'revoked': return change.now ? t('revoked') : t('no longer revoked');
  }
}

/** What an outcome adds to its kind, in words ('' for nothing to add). */
export function detailText(detail: OutcomeDetail, names: NodeNames, t: Localize, describe: (error: unknown) => string): string {
  switch (detail.kind) {
    case 'panel': return plainLabel(detail.words, 300);
    case 'failed': return plainLabel(describe(detail.error), 300);
    case 'otherItemRefused': return t('{0}: another row of the same request was refused ({1})', detail.status, plainLabel(detail.words, 300));
    case 'skipped': return t('skipped');
    case 'changed': return detail.changes.length === 0 ? '' : t('on the panel now: {0}', detail.changes.map((change) => panelChangeText(change, names, t)).join('; '));
    case 'notRead': return t('it could not be read again, so it was left unchanged');
    case 'notListed': return t('the panel\'s answer did not list this user');
    case 'lostHeld': return t('the answer was lost; read back, the panel holds the change');
    case 'lostNotHeld': return t('the answer was lost; read back, the panel does not hold the change');
    case 'lostBindingsHeld': return t('an answer was lost; read back, the panel holds the bindings');
    case 'lostBindingsMissing': return t('an answer was lost; read back, the bindings are not all there yet');
    case 'lostDeleted': return t('the answer was lost; the panel no longer has the user');
    case 'lostStillThere': return t('the answer was lost; the panel still has the user');
    case 'lostCreated': return t('the answer was lost; the panel holds the new user (created once)');
    case 'lostNotCreated': return t('the answer was lost; the panel holds no such user: apply again to create it');
    case 'nodeNotCreated': return t('it is bound to the node "{0}", which this apply did not create', plainLabel(detail.node, 60));
  }
}

const ORDER: readonly OutcomeKind[] = ['refused', 'conflict', 'notApplied', 'gone', 'notSent', 'reconciled', 'applied'];

/** Counts by outcome, e.g. "48 applied · 1 skipped as conflict · 1 reconciled". */
export function resultSummary(result: ApplyResult, t: Localize): string {
  const count = (kind: OutcomeKind) => result.outcomes.filter((outcome) => outcome.kind === kind).length;
  return t('{0} applied · {1} skipped as conflicts · {2} refused · {3} reconciled · {4} not applied · {5} gone · {6} not sent · {7} requests',
    numberText(count('applied')), numberText(count('conflict')), numberText(count('refused')), numberText(count('reconciled')), numberText(count('notApplied')), numberText(count('gone')), numberText(count('notSent')), numberText(result.requests));
}

/**
 * The result report: a summary, then each user that did not simply apply, then those that did. A table's
 * entries name their lines; a revert's have none to name.
 */
export function reportDocument(result: ApplyResult, subject: ReportSubject, t: Localize, describe: (error: unknown) => string): string {
  const lines = [`# ${subject.heading}`, `# ${resultSummary(result, t)}`];
  for (const fallback of result.fallbacks) lines.push(`# ${fallbackText(fallback, t)}`);
  if (result.cancelled) lines.push(`# ${t('Cancelled: what was not sent is listed as not sent.')}`);
  lines.push('');
  for (const kind of ORDER) {
    const outcomes = result.outcomes.filter((outcome) => outcome.kind === kind);
    if (outcomes.length === 0) continue;
    lines.push(`## ${kind === 'notSent' && !result.cancelled ? t('not sent') : kindText(kind, subject.source, t)} (${numberText(outcomes.length)})`);
    for (const outcome of outcomes) {
      const where = subject.source === 'table' && outcome.line ? `${t('line {0}', outcome.line)}: ` : '';
      const detail = [outcome.detail ? detailText(outcome.detail, subject.names, t, describe) : '', outcome.dropped?.length ? t('the panel does not take {0}: left unchanged', outcome.dropped.join(', ')) : '']
        .filter(Boolean).join('; ');
      lines.push(`- ${where}${actionText(outcome, subject.source, t)}${outcome.id ? ` (${plainLabel(outcome.id, 40)})` : ''}${detail ? ` — ${detail}` : ''}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
