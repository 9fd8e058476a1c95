/**
 * Apply Panel Folder and Restore from Snapshot…: the folder planned against its panel, what applying will
 * do shown and confirmed by the panel's protection level (deletions by count and name), sent, reported, and
 * the offer to apply configuration on the nodes whose configuration changed.
 */
import * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import {
  applyFolder, isEmptyFolderPlan, sameOrigin, STATE_FILE, stateAfterApply, USERS_FILE, usersWithCreatedIds, type ResourceChange,
} from '../../panelFolder';
import { confirmChange, namesLine, refusedAsReadOnly } from '../../runner/guard';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import { describeError } from '../../text/describeError';
import { plural } from '../../text/plural';
import { inLayout, pulledFrom, readFolderFiles, writeFolderFile } from './folderDisk';
import { applyPreview, applyReport, applySummary, conflictsSentence, keptConflicts, notHeldSentence } from './folderText';
import { actOnFolder, folderName, panelName, planned, showPlan, targetOf, type FolderCommandContext, type Planned } from './folderPlanning';

const MAX_CONCURRENCY = 8;

/**
 * Apply Panel Folder: planned again, what it will do shown and confirmed by the panel's protection level
 * (deletions by count and name), sent, reported; a read-only panel's plan shown, nothing sent.
 */
export async function apply(context: FolderCommandContext, from?: unknown): Promise<void> {
  const root = await actOnFolder(context, from, vscode.l10n.t('Apply which folder?'));
  if (!root) return;
  const files = await readFolderFiles(root);
  const panel = await targetOf(context, files, vscode.l10n.t('Apply {0} to which panel?', folderName(root)));
  if (!panel) return;
  // A read-only panel is planned too (reads and the panel's template checks only), so the operator sees
  // what Apply would have done, then refused: nothing asked, nothing sent.
  const readOnly = context.panels.get(panel.id)?.ref?.protection === 'readOnly';
  const done = await planned(context, root, panel, files);
  if (!done) return;
  if (readOnly) {
    await showPlan(context, done);
    refusedAsReadOnly(context, panel.id);
    return;
  }
  await applyPlanned(context, done);
}

async function applyPlanned(context: FolderCommandContext, done: Planned): Promise<void> {
  const { plan: folderPlan, panel, root } = done;
  if (isEmptyFolderPlan(folderPlan)) {
    await showPlan(context, done);
    const kept = conflictsSentence({ outcomes: [], changedNodes: [], cancelled: false }, folderPlan, vscode.l10n.t);
    if (kept) void context.input.notify('warning', vscode.l10n.t('Nothing of {0} to apply to {1}. {2}', folderName(root), panelName(panel), kept));
    else void context.input.notify('info', vscode.l10n.t('{0} and {1} hold the same: nothing to apply.', folderName(root), panelName(panel)));
    return;
  }
  const deletes = folderPlan.changes.filter((change) => change.action === 'delete');
  const userDeletes = folderPlan.users?.plan.deletes ?? [];
  let deleteRemoved = false;
  if (deletes.length + userDeletes.length > 0) {
    const remove = vscode.l10n.t('Delete Them');
    const keep = vscode.l10n.t('Keep Them');
    const answer = await context.input.confirm({
      message: plural(deletes.length + userDeletes.length, { one: '{0} resource of {1} is not in the folder. Delete it on the panel?', other: '{0} resources of {1} are not in the folder. Delete them on the panel?' }, vscode.l10n.t, panelName(panel)),
      detail: [
        ...(deletes.length > 0 ? [namesLine(vscode.l10n.t('Resources'), deletes.map((change) => change.name))] : []),
        ...(userDeletes.length > 0 ? [namesLine(vscode.l10n.t('Users'), userDeletes.map((user) => user.label))] : []),
      ].join('\n'),
      actions: [remove, keep],
    });
    if (answer === undefined) return;
    deleteRemoved = answer === remove;
  }
  // What Apply will do, shown before it does it on every level: in the open panel's question, in the
  // protected panel's list before its name is typed (one confirmation, not a second dialog).
  const changes = applyPreview(folderPlan, deleteRemoved, vscode.l10n.t);
  const open = (context.panels.get(panel.id)?.ref?.protection ?? 'open') === 'open';
  const sure = await confirmChange(context, {
    panelId: panel.id,
    action: vscode.l10n.t('Apply'),
    question: vscode.l10n.t('Apply {0} to {1}?', folderName(root), panelName(panel)),
    ...(open ? { detail: changes.map((line) => `• ${line}`).join('\n') } : {}),
    changes,
  });
  if (!sure) return;
  try {
    let notHeld: readonly ResourceChange[] = [];
    const result = await runWithProgress(vscode.l10n.t('Applying {0} to {1}', folderName(root), panelName(panel)), (_report, signal) =>
      context.panels.require(panel.id).call((api) => applyFolder(api, folderPlan, { deleteRemoved, maxConcurrency: MAX_CONCURRENCY, stop: signal }), signal));
    if (folderPlan.mode === 'folder') {
      // The users it created get their ids in the folder (applying again makes nothing twice); the state
      // file then takes what now equals the panel.
      const files = new Map(done.files);
      const usersText = files.get(USERS_FILE);
      const withIds = usersText === undefined || !result.users ? undefined : usersWithCreatedIds(usersText, result.users.outcomes.filter((outcome) => outcome.action === 'create'));
      if (withIds !== undefined) {
        await writeFolderFile(root, USERS_FILE, withIds);
        files.set(USERS_FILE, withIds);
      }
      const applied = result.outcomes.filter((outcome) => outcome.outcome === 'applied');
      const after = await context.panels.require(panel.id).call((api) => stateAfterApply(api, files, { applied })).catch(() => undefined);
      if (after !== undefined) await writeFolderFile(root, STATE_FILE, after.state);
      notHeld = after?.notHeld ?? [];
    }
    const report = applyReport(result, folderPlan, { folder: folderName(root), panel: panelName(panel) }, vscode.l10n.t, describeError, notHeld);
    await context.documents.show(vscode.l10n.t('Panel apply report — {0}', folderName(root)), report, 'markdown');
    const failed = result.outcomes.some((outcome) => outcome.outcome !== 'applied' && outcome.outcome !== 'reconciled') || keptConflicts(result, folderPlan).length > 0 || notHeld.length > 0;
    followApply(context, panel.id);
    const told = [
      vscode.l10n.t('{0} applied to {1}: {2}.', folderName(root), panelName(panel), applySummary(result, folderPlan, vscode.l10n.t)),
      conflictsSentence(result, folderPlan, vscode.l10n.t),
      notHeldSentence(notHeld, vscode.l10n.t),
    ].filter(Boolean).join(' ');
    tellApplied(context, panel, failed ? 'warning' : 'info', told, result.changedNodes.length);
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not apply {0}', folderName(root)), error);
  }
}

/**
 * After an apply the views read the panel again: the active panel through Refresh All (which also forgets
 * its 403 answers), another panel through its own stores, so its part of the views follows.
 */
function followApply(context: FolderCommandContext, panelId: string): void {
  if (context.panels.activeId === panelId) {
    void vscode.commands.executeCommand('panelOps.refreshAll');
    return;
  }
  const panel = context.panels.get(panelId);
  if (!panel) return;
  panel.users.reset();
  for (const reading of [panel.nodes.refresh(), panel.siteTemplates.refresh(), panel.branding.refresh()]) void reading.catch(() => undefined);
}

/**
 * Tells how the apply ended in one notice (a second one would cover the first): when the configuration of
 * nodes changed, it also offers Apply Configuration on them (watched as every apply is).
 */
function tellApplied(context: FolderCommandContext, panel: PanelRef, severity: 'info' | 'warning', told: string, changedNodes: number): void {
  if (changedNodes === 0) {
    void context.input.notify(severity, told);
    return;
  }
  const applyNow = vscode.l10n.t('Apply Configuration');
  const offer = plural(changedNodes, { one: 'The configuration of {0} node changed: apply it on the node now?', other: 'The configuration of {0} nodes changed: apply it on the nodes now?' }, vscode.l10n.t);
  void context.input.notify(severity, `${told} ${offer}`, applyNow)
    .then(async (choice) => {
      if (choice === applyNow) await vscode.commands.executeCommand('panelOps.nodes.applyAllPending', panel.id);
    });
}

/** Restore from Snapshot…: a snapshot planned against the panel (the snapshot wins), shown, then applied when confirmed. */
export async function restore(context: FolderCommandContext): Promise<void> {
  const root = await actOnFolder(context, undefined, vscode.l10n.t('Restore which snapshot?'), true);
  if (!root) return;
  const files = await readFolderFiles(root);
  if (![...files.keys()].some((path) => inLayout(path) && path !== STATE_FILE)) {
    void context.input.notify('error', vscode.l10n.t('{0} holds no panel files.', folderName(root)));
    return;
  }
  const panel = await targetOf(context, files, vscode.l10n.t('Restore {0} on which panel?', folderName(root)));
  if (!panel || refusedAsReadOnly(context, panel.id)) return;
  const done = await planned(context, root, panel, files, sameOrigin(pulledFrom(files), panel.url) ? 'restore' : 'promote');
  if (!done) return;
  await showPlan(context, done);
  await applyPlanned(context, done);
}
