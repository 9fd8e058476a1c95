import * as vscode from 'vscode';
import type { KeyListQuery } from '../../api/types';
import { applyPlan, type ApplyResult } from '../../usersTable/applyPlan';
import type { LastPlan } from '../../usersTable/revertPlan';
import type { UserState } from '../../usersTable/userRows';
import { isEmptyPlan, type UsersPlan } from '../../usersTable/usersPlan';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import { plainLabel } from '../../text/plainText';
import { describeError } from '../../text/describeError';
import { plural } from '../../text/plural';
import { followUsers, usersChanged } from '../../state/userOperations';
import { reportDocument, resultSummary, summaryText, type ReportSubject } from './planText';
import { confirmChange, namesLine, refusedAsReadOnly } from '../../runner/guard';
import { rereadTable } from './editUsersAsTable';
import type { TableSession } from './tableSessions';
import type { UsersTableContext } from './usersTableContext';
import { numberText } from '../../text/displayLanguage';
import { NodeItem } from '../../views/nodes/nodeTreeItems';

/** Most single-user requests in flight (the adaptive controller starts lower and finds the panel's pace). */
const MAX_CONCURRENCY = 16;
export const LAST_PLAN_KEY = 'panelOps.usersTable.lastPlan';

/** The table (and its plan) Apply Plan acts on: the plan document it was run on, or the active editor's. */
function planOf(context: UsersTableContext, from: unknown): { session: TableSession; current: boolean } | undefined {
  const uri = from instanceof vscode.Uri ? from : vscode.window.activeTextEditor?.document.uri;
  if (!uri) return undefined;
  const byPlan = context.tables.ofPlan(uri);
  if (byPlan) return byPlan;
  const session = context.tables.get(uri);
  return session?.plan ? { session, current: true } : undefined;
}

/**
 * Apply Plan: sends the last saved plan of a table. Deleted rows delete users only if the operator says so
 * here. The result report opens as a document, the Users view and counts follow, the table is read again
 * (it then shows what the panel holds), the plan is kept for Revert Last Plan, and applying configuration
 * is offered on the nodes whose bindings changed. Resolves with the result.
 */
export async function applyTablePlan(context: UsersTableContext, from?: unknown): Promise<ApplyResult | undefined> {
  const found = planOf(context, from);
  if (!found?.session.plan) {
    void context.input.notify('error', vscode.l10n.t('Save a users table first: saving it makes the plan that Apply Plan sends.'));
    return undefined;
  }
  const { session } = found;
  const saved = session.plan;
  if (!saved) return undefined;
  if (refusedAsReadOnly(context, session.file.panelId)) return undefined;
  if (!found.current || saved.version !== session.version) {
    void context.input.notify('error', vscode.l10n.t('This plan is out of date: the table was saved or applied since. Apply its latest plan.'));
    return undefined;
  }
  if (isEmptyPlan(saved.plan)) {
    void context.input.notify('info', vscode.l10n.t('The plan changes nothing.'));
    return undefined;
  }
  const target = { panelId: session.file.panelId, query: session.origin.kind === 'query' ? session.origin.query : undefined, total: session.total };
  const result = await applyWithReport(context, target, saved.plan, session.baseMap, {
    heading: vscode.l10n.t('Result of the plan for {0} on {1}', session.what, plainLabel(context.session.panel(session.file.panelId)?.name ?? session.file.panelId, 60)),
    source: 'table',
    names: session.names,
  });
  if (result) {
    session.version++;
    await rereadTable(context, session).catch((error: unknown) => tellFailure(context, vscode.l10n.t('Could not read the table again'), error, 'warning'));
  }
  return result;
}

/**
 * Asks about deletions, applies through the runner's progress (counts, cancellable between requests),
 * opens the report, updates the stores, keeps the plan for Revert Last Plan, and offers to apply
 * configuration on rebound nodes. Shared by Apply Plan and Revert Last Plan (`subject` says which, and
 * `deleteQuestion` asks a revert's own question about deleting).
 */
export async function applyWithReport(
  context: UsersTableContext,
  target: { readonly panelId: string; readonly query?: KeyListQuery; readonly total?: number },
  plan: UsersPlan,
  base: ReadonlyMap<string, UserState>,
  subject: ReportSubject & { readonly deleteQuestion?: (count: number) => string },
): Promise<ApplyResult | undefined> {
  const panelId = target.panelId;
  let deleteRemoved = false;
  if (plan.deletes.length > 0) {
    const remove = plural(plan.deletes.length, { one: 'Delete {0} User', other: 'Delete {0} Users' }, vscode.l10n.t);
    const keep = vscode.l10n.t('Keep Them');
    const answer = await context.input.confirm({
      message: subject.deleteQuestion?.(plan.deletes.length) ?? plural(plan.deletes.length, { one: 'The rows of {0} user were deleted from the table. Delete that user on the panel?', other: 'The rows of {0} users were deleted from the table. Delete those users on the panel?' }, vscode.l10n.t),
      detail: plan.deletes.slice(0, 20).map((user) => `"${plainLabel(user.label, 60)}"`).join(', '),
      actions: [remove, keep],
    });
    if (answer === undefined) return undefined;
    deleteRemoved = answer === remove;
  }
  // A protected panel lists what the plan changes and waits for its name (an open one goes on, as before).
  const sure = await confirmChange(context, {
    panelId,
    action: subject.source === 'revert' ? vscode.l10n.t('Revert') : vscode.l10n.t('Apply Plan'),
    question: subject.source === 'revert' ? vscode.l10n.t('Revert the last users plan as shown?') : vscode.l10n.t('Apply the users plan?'),
    changes: planChanges(plan, deleteRemoved),
    askOnOpen: false,
  });
  if (!sure) return undefined;
  let result: ApplyResult;
  try {
    result = await runWithProgress(vscode.l10n.t('Applying the users plan'), (report, signal) => context.panels.require(panelId).call((api) => applyPlan(api, plan, {
      base, deleteRemoved, maxConcurrency: MAX_CONCURRENCY, stop: signal,
      query: target.query,
      queryTotal: target.query ? target.total : undefined,
      progress: ({ done, total }) => report(vscode.l10n.t('{0} of {1}', numberText(done), numberText(total))),
    })));
  } catch (error) {
    usersChanged(context.panels, panelId); // some of the plan may have landed: the counts are read again
    tellFailure(context, vscode.l10n.t('Could not apply the users plan'), error);
    return undefined;
  }
  // The Users view follows what the panel answered (users move between groups, counts read again), and the nodes of changed users are read again.
  followUsers(context.panels, panelId, { taken: result.keys, gone: result.deletedIds, nodes: result.reboundNodes, recount: true });
  await keepLastPlan(context, panelId, result);
  const uri = context.documents.keep('users-report.md', reportDocument(result, subject, vscode.l10n.t, describeError));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  const failed = result.outcomes.some((outcome) => outcome.kind !== 'applied' && outcome.kind !== 'reconciled');
  const summary = resultSummary(result, vscode.l10n.t);
  const told = subject.source === 'revert' ? vscode.l10n.t('Last users plan reverted: {0}.', summary) : vscode.l10n.t('Users plan applied: {0}.', summary);
  tellResult(context, panelId, failed ? 'warning' : 'info', told, result.reboundNodes);
  return result;
}

/** What a plan changes on the panel, one line per kind of change with its count and the users' names. */
function planChanges(plan: UsersPlan, deleteRemoved: boolean): string[] {
  const labels = (users: readonly (string | null)[]) => users.map((label) => label ?? '');
  const changed = plan.updates.filter((update) => Object.keys(update.fields).length > 0 || update.addNodes.length > 0 || update.removeNodes.length > 0);
  const disabled = plan.updates.filter((update) => update.enable === false);
  const enabled = plan.updates.filter((update) => update.enable === true);
  const deleted = deleteRemoved ? plan.deletes : [];
  return [
    summaryText({ ...plan, deletes: deleted }, vscode.l10n.t),
    ...(plan.creates.length > 0 ? [namesLine(plural(plan.creates.length, { one: 'Create {0} user', other: 'Create {0} users' }, vscode.l10n.t), labels(plan.creates.map((create) => create.values.label)))] : []),
    ...(changed.length > 0 ? [namesLine(plural(changed.length, { one: 'Change {0} user', other: 'Change {0} users' }, vscode.l10n.t), labels(changed.map((update) => update.before.label)))] : []),
    ...(disabled.length > 0 ? [namesLine(plural(disabled.length, { one: 'Disable {0} user', other: 'Disable {0} users' }, vscode.l10n.t), labels(disabled.map((update) => update.before.label)))] : []),
    ...(enabled.length > 0 ? [namesLine(plural(enabled.length, { one: 'Enable {0} user', other: 'Enable {0} users' }, vscode.l10n.t), labels(enabled.map((update) => update.before.label)))] : []),
    ...(deleted.length > 0 ? [namesLine(plural(deleted.length, { one: 'Delete {0} user', other: 'Delete {0} users' }, vscode.l10n.t), labels(deleted.map((user) => user.label)))] : []),
  ];
}

/** Kept per panel in the workspace state: Revert Last Plan undoes the last plan applied from this workspace. */
async function keepLastPlan(context: UsersTableContext, panelId: string, result: ApplyResult): Promise<void> {
  if (result.applied.length === 0 && result.created.length === 0 && result.deleted.length === 0) return;
  const last: LastPlan = { panelId, appliedAt: new Date().toISOString(), changes: result.applied, created: result.created, deleted: result.deleted };
  await context.memory.update(`${LAST_PLAN_KEY}/${panelId}`, last);
}

/**
 * Tells how the plan ended in one notice (a second one would cover the first): when bindings changed, it also
 * offers Apply Configuration on those nodes (watched as every apply is).
 */
function tellResult(context: UsersTableContext, panelId: string, severity: 'info' | 'warning', told: string, nodeIds: readonly string[]): void {
  if (nodeIds.length === 0) {
    void context.input.notify(severity, told);
    return;
  }
  const apply = vscode.l10n.t('Apply Configuration');
  const offer = plural(nodeIds.length, { one: 'The bindings of {0} node changed: apply its configuration now?', other: 'The bindings of {0} nodes changed: apply their configuration now?' }, vscode.l10n.t);
  void context.input.notify(severity, `${told} ${offer}`, apply)
    .then(async (choice) => {
      if (choice === apply) await applyConfiguration(context, panelId, nodeIds);
    });
}

/**
 * Apply Configuration on these nodes of the table's panel (active or not): on the Nodes view's items, or
 * items made from the panel's nodes store; when the store does not hold them all, Apply All Pending on that panel.
 */
async function applyConfiguration(context: UsersTableContext, panelId: string, nodeIds: readonly string[]): Promise<void> {
  const panel = context.panels.get(panelId);
  if (!panel) return;
  if (nodeIds.some((id) => !panel.nodes.get(id))) await panel.nodes.poll().catch(() => undefined);
  const tree = context.nodesView.provider.treeOf(panelId);
  const items = nodeIds.map((id) => {
    const node = panel.nodes.get(id);
    return tree?.itemOf(id) ?? (node ? new NodeItem(node, panelId) : undefined);
  });
  if (items.every((item) => item !== undefined)) await vscode.commands.executeCommand('panelOps.nodes.apply', items[0], items);
  else await vscode.commands.executeCommand('panelOps.nodes.applyAllPending', panelId);
}
