import * as vscode from 'vscode';
import type { ApplyResult, OutcomeDetail, OutcomeKind, UserOutcome } from '../../usersTable/applyPlan';
import type { NodeNames, UserState } from '../../usersTable/userRows';
import { summarize, type PatchField, type PlannedUpdate, type RowProblem, type UsersPlan } from '../../usersTable/usersPlan';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';

/** A problem of a row, in words. */
export function problemText(problem: RowProblem): string {
  const value = plainLabel(problem.value ?? '', 80);
  switch (problem.code) {
    case 'unknownNode': return vscode.l10n.t('No node is named "{0}" on this panel.', value);
    case 'ambiguousNode': return vscode.l10n.t('Two nodes are named "{0}": write the node\'s id instead.', value);
    case 'pastExpiry': return vscode.l10n.t('The expiry {0} is not in the future: the panel takes a future time, or none.', value);
    case 'badExpiry': return vscode.l10n.t('"{0}" is not a date: write RFC 3339 (2030-01-31T00:00:00Z), or leave it empty for no expiry.', value);
    case 'emptyLabel': return vscode.l10n.t('The label is required.');
    case 'badType': return vscode.l10n.t('The type is PERSONAL or SHARED, not "{0}".', value);
    case 'badEnabled': return vscode.l10n.t('Enabled is true or false, not "{0}".', value);
    case 'noNodes': return vscode.l10n.t('A user needs at least one node.');
    case 'duplicateId': return vscode.l10n.t('The id {0} is on another row too: each user has one row.', value);
    case 'unknownId': return vscode.l10n.t('The id {0} is not one this table was read with: ids are read-only (restore it, or clear it to create a new user).', value);
    case 'revoked': return vscode.l10n.t('This user is revoked: the panel refuses changes to it.');
  }
}

function fieldName(field: PatchField): string {
  switch (field) {
    case 'label': return vscode.l10n.t('label');
    case 'note': return vscode.l10n.t('note');
    case 'owner': return vscode.l10n.t('owner');
    case 'type': return vscode.l10n.t('type');
    case 'expiry': return vscode.l10n.t('expiry');
  }
}

/** One value as a plan line shows it (panel text made one plain line). */
function shown(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? vscode.l10n.t('(none)') : plainLabel(value, 200);
}

function beforeValue(user: UserState, field: PatchField): string | null {
  return field === 'expiry' ? user.expiresAt : user[field];
}

/** "2 rows are invalid (see Problems): nothing is sent for them." */
export function invalidText(count: number): string {
  return plural(count, { one: '{0} row is invalid (see Problems): nothing is sent for it.', other: '{0} rows are invalid (see Problems): nothing is sent for them.' }, vscode.l10n.t);
}

/** The summary line: create N, update M (by field), disable K, enable, delete J, bindings L. */
export function summaryText(plan: UsersPlan): string {
  const summary = summarize(plan);
  const fields = (['expiry', 'label', 'note', 'owner', 'type'] as const).filter((field) => summary.byField[field] > 0)
    .map((field) => `${fieldName(field)} ${summary.byField[field]}`).join(', ');
  return vscode.l10n.t('create {0} · update {1}{2} · disable {3} · enable {4} · delete {5} · node bindings {6} (+{7} −{8})',
    summary.create, summary.update, fields ? ` (${fields})` : '', summary.disable, summary.enable, summary.delete, summary.bindings, summary.bindingsAdded, summary.bindingsRemoved);
}

/**
 * The plan as a diff-like document: a summary, then one hunk per user (`-` what the panel holds, `+` what
 * the row asks for), the rows left out as invalid, and the users whose rows were deleted.
 */
export function planDocument(plan: UsersPlan, names: NodeNames, heading: string): string {
  const summary = summarize(plan);
  const lines = [
    `# ${heading}`,
    `# ${summaryText(plan)}`,
    summary.invalid > 0 ? `# ${invalidText(summary.invalid)}` : undefined,
    plan.deletes.length > 0 ? `# ${vscode.l10n.t('Deleted rows: you are asked whether to delete those users when you apply.')}` : undefined,
    plan.deletesHeld ? `# ${vscode.l10n.t('A row carries an id this table was not read with, so no user is deleted by this plan.')}` : undefined,
    `# ${vscode.l10n.t('Nothing has been sent. Run Apply Plan to send it.')}`,
    '',
  ].filter((line): line is string => line !== undefined);
  for (const create of plan.creates) {
    lines.push(`@@ ${vscode.l10n.t('line {0}: create "{1}"', create.line, plainLabel(create.values.label, 80))} @@`);
    lines.push(`+ ${vscode.l10n.t('type')}: ${create.values.type} · ${vscode.l10n.t('expiry')}: ${shown(create.values.expiresAt)} · ${vscode.l10n.t('enabled')}: ${create.values.enabled} · ${vscode.l10n.t('nodes')}: ${create.values.nodeIds.map((id) => plainLabel(names.nameOf(id), 60)).join(', ')}`);
    if (create.values.note) lines.push(`+ ${vscode.l10n.t('note')}: ${shown(create.values.note)}`);
    if (create.values.owner) lines.push(`+ ${vscode.l10n.t('owner')}: ${shown(create.values.owner)}`);
  }
  for (const change of plan.updates) lines.push(...updateLines(change, names));
  for (const user of plan.deletes) {
    lines.push(`@@ ${vscode.l10n.t('delete "{0}" ({1})', plainLabel(user.label, 80), user.id)} @@`);
    lines.push(`- ${vscode.l10n.t('the row was deleted')}`);
  }
  return `${lines.join('\n')}\n`;
}

function updateLines(change: PlannedUpdate, names: NodeNames): string[] {
  const lines = [`@@ ${vscode.l10n.t('line {0}: update "{1}" ({2})', change.line, plainLabel(change.before.label, 80), change.before.id)} @@`];
  for (const [field, value] of Object.entries(change.fields) as [PatchField, string | null][]) {
    lines.push(`- ${fieldName(field)}: ${shown(beforeValue(change.before, field))}`, `+ ${fieldName(field)}: ${shown(value)}`);
  }
  if (change.enable !== undefined) lines.push(`- ${vscode.l10n.t('enabled')}: ${!change.enable}`, `+ ${vscode.l10n.t('enabled')}: ${change.enable}`);
  for (const id of change.removeNodes) lines.push(`- ${vscode.l10n.t('node')}: ${plainLabel(names.nameOf(id), 60)}`);
  for (const id of change.addNodes) lines.push(`+ ${vscode.l10n.t('node')}: ${plainLabel(names.nameOf(id), 60)}`);
  return lines;
}

function kindText(kind: OutcomeKind): string {
  switch (kind) {
    case 'applied': return vscode.l10n.t('applied');
    case 'reconciled': return vscode.l10n.t('reconciled');
    case 'conflict': return vscode.l10n.t('skipped: changed on the panel since the table was read');
    case 'gone': return vscode.l10n.t('skipped: no longer on the panel');
    case 'refused': return vscode.l10n.t('refused by the panel');
    case 'notApplied': return vscode.l10n.t('not applied');
    case 'notSent': return vscode.l10n.t('not sent (cancelled)');
  }
}

function actionText(outcome: UserOutcome): string {
  const name = plainLabel(outcome.label, 80);
  switch (outcome.action) {
    case 'create': return vscode.l10n.t('create "{0}"', name);
    case 'update': return vscode.l10n.t('update "{0}"', name);
    case 'delete': return vscode.l10n.t('delete "{0}"', name);
  }
}

/** What an outcome adds to its kind, in words ('' for nothing to add). */
export function detailText(detail: OutcomeDetail): string {
  switch (detail.kind) {
    case 'panel': return plainLabel(detail.words, 300);
    case 'failed': return plainLabel(describeError(detail.error), 300);
    case 'otherItemRefused': return vscode.l10n.t('{0}: another row of the same request was refused ({1})', detail.status, plainLabel(detail.words, 300));
    case 'skipped': return vscode.l10n.t('skipped');
    case 'changed': return detail.columns.join(', ');
    case 'notListed': return vscode.l10n.t('the panel\'s answer did not list this user');
    case 'lostHeld': return vscode.l10n.t('the answer was lost; read back, the panel holds the change');
    case 'lostNotHeld': return vscode.l10n.t('the answer was lost; read back, the panel does not hold the change');
    case 'lostBindingsHeld': return vscode.l10n.t('an answer was lost; read back, the panel holds the bindings');
    case 'lostBindingsMissing': return vscode.l10n.t('an answer was lost; read back, the bindings are not all there yet');
    case 'lostDeleted': return vscode.l10n.t('the answer was lost; the panel no longer has the user');
    case 'lostStillThere': return vscode.l10n.t('the answer was lost; the panel still has the user');
    case 'lostCreated': return vscode.l10n.t('the answer was lost; the panel holds the new user (created once)');
    case 'lostNotCreated': return vscode.l10n.t('the answer was lost; the panel holds no such user: apply again to create it');
  }
}

const ORDER: readonly OutcomeKind[] = ['refused', 'conflict', 'notApplied', 'gone', 'notSent', 'reconciled', 'applied'];

/** Counts by outcome, e.g. "48 applied · 1 skipped as conflict · 1 reconciled". */
export function resultSummary(result: ApplyResult): string {
  const count = (kind: OutcomeKind) => result.outcomes.filter((outcome) => outcome.kind === kind).length;
  return vscode.l10n.t('{0} applied · {1} skipped as conflicts · {2} refused · {3} reconciled · {4} not applied · {5} gone · {6} not sent · {7} requests',
    count('applied'), count('conflict'), count('refused'), count('reconciled'), count('notApplied'), count('gone'), count('notSent'), result.requests);
}

/** The result report: a summary, then each user that did not simply apply, then those that did. */
export function reportDocument(result: ApplyResult, heading: string): string {
  const lines = [`# ${heading}`, `# ${resultSummary(result)}`];
  if (result.cancelled) lines.push(`# ${vscode.l10n.t('Cancelled: what was not sent is listed as not sent.')}`);
  lines.push('');
  for (const kind of ORDER) {
    const outcomes = result.outcomes.filter((outcome) => outcome.kind === kind);
    if (outcomes.length === 0) continue;
    lines.push(`## ${kindText(kind)} (${outcomes.length})`);
    for (const outcome of outcomes) {
      const where = outcome.line ? `${vscode.l10n.t('line {0}', outcome.line)}: ` : '';
      const detail = [outcome.detail ? detailText(outcome.detail) : '', outcome.dropped?.length ? vscode.l10n.t('the panel does not take {0}: left unchanged', outcome.dropped.join(', ')) : '']
        .filter(Boolean).join('; ');
      lines.push(`- ${where}${actionText(outcome)}${outcome.id ? ` (${plainLabel(outcome.id, 40)})` : ''}${detail ? ` — ${detail}` : ''}`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
