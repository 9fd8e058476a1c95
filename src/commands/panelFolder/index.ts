/**
 * The panel as a folder (issue 29) in VS Code: Pull Panel into Folder…, Plan Panel Changes, Apply Panel
 * Folder, Show Panel Drift, Snapshot Panel and Restore from Snapshot…. What decides is src/panelFolder/
 * (no `vscode`); here are the questions, the files on disk, the documents and Problems. This file registers
 * the commands and holds Pull, Snapshot, Plan and Drift; folderPlanning.ts the choice of folder and panel
 * and the planning they share; applyPanelFolder.ts Apply and Restore (the protection levels: a read-only
 * panel refuses them, a protected one lists what will change and asks for its name); folderFileCheck.ts the
 * live check of a pulled folder's open files, started here.
 */
import * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import { isEmptyDrift, isEmptyFolderPlan, panelDrift, pullPanel, safeFileName, sameOrigin, STATE_FILE, type FolderPlan } from '../../panelFolder';
import { namesLine } from '../../runner/guard';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import type { Services } from '../../services';
import { registerPanelCommand } from '../registerPanelCommand';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { withoutBack } from '../../prompts/userInput';
import { overwritten, pulledFrom, readFolderFiles, writeFolderFiles } from './folderDisk';
import { pulledFolders, type PulledFoldersContext } from './pulledFoldersContext';
import { driftDocument } from './folderText';
import { FolderFileCheck } from './folderFileCheck';
import { PlanProblems } from './folderProblems';
import { numberText } from '../../text/displayLanguage';
import { apply, restore } from './applyPanelFolder';
import { actOnFolder, folderName, panelName, planned, replanOnSave, showPlan, targetOf, choosePanel, type FolderCommandContext } from './folderPlanning';

/** The folder commands, and the live check of the pulled folders' open files they start. */
export interface PanelFolderCommands extends vscode.Disposable {
  readonly fileCheck: FolderFileCheck;
}

export function registerPanelFolderCommands(services: Services, pulledFolders: PulledFoldersContext): PanelFolderCommands {
  const problems = new PlanProblems();
  const fileCheck = new FolderFileCheck(problems);
  const context: FolderCommandContext = { session: services.session, panels: services.panels, input: services.input, log: services.log, documents: services.documents, pulledFolders, problems, planned: new Map() };
  const registered = vscode.Disposable.from(
    fileCheck,
    problems,
    replanOnSave(context),
    registerPanelCommand('panelOps.panelFolder.pull', () => pull(context, false)),
    registerPanelCommand('panelOps.panelFolder.snapshot', () => pull(context, true)),
    registerPanelCommand('panelOps.panelFolder.plan', (from?: unknown) => plan(context, from)),
    registerPanelCommand('panelOps.panelFolder.apply', (from?: unknown) => apply(context, from)),
    registerPanelCommand('panelOps.panelFolder.showDrift', (from?: unknown) => drift(context, from)),
    registerPanelCommand('panelOps.panelFolder.restore', () => restore(context)),
  );
  return { fileCheck, dispose: () => { registered.dispose(); } };
}

/** Pull Panel into Folder… (or Snapshot Panel: into a new dated folder). */
async function pull(context: FolderCommandContext, snapshot: boolean): Promise<vscode.Uri | undefined> {
  const panel = await choosePanel(context, snapshot ? vscode.l10n.t('Snapshot which panel?') : vscode.l10n.t('Pull which panel into a folder?'));
  if (!panel) return undefined;
  const root = snapshot ? await snapshotFolder(panel) : await chooseFolder(context, panel);
  if (!root) return undefined;
  try {
    const pulled = await runWithProgress(vscode.l10n.t('Pulling {0}', panelName(panel)), (_report, signal) =>
      context.panels.require(panel.id).call((api) => pullPanel(api, { signal }), signal));
    const existing = await readFolderFiles(root);
    const changed = existing.has(STATE_FILE) ? overwritten(existing, pulled.files) : [];
    if (changed.length > 0) {
      const overwrite = vscode.l10n.t('Overwrite');
      const answer = await context.input.confirm({
        message: plural(changed.length, { one: 'Pulling changes {0} file of the folder. Overwrite it with what the panel holds?', other: 'Pulling changes {0} files of the folder. Overwrite them with what the panel holds?' }, vscode.l10n.t),
        detail: namesLine(vscode.l10n.t('Files'), changed),
        actions: [overwrite],
      });
      if (answer !== overwrite) return undefined;
    }
    const { written, removed } = await writeFolderFiles(root, pulled.files, existing);
    context.problems.clear();
    await context.pulledFolders.update().catch(() => undefined);
    void context.input.notify('info', vscode.l10n.t('Pulled {0} into {1}: {2} files written, {3} removed, {4} unchanged.', panelName(panel), folderName(root), numberText(written), numberText(removed), numberText(pulled.files.size - written)));
    return root;
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not pull {0}', panelName(panel)), error);
    return undefined;
  }
}

/** Where to pull: a folder of the workspace named after the panel, a folder pulled from it before, or one chosen. */
async function chooseFolder(context: FolderCommandContext, panel: PanelRef): Promise<vscode.Uri | undefined> {
  const workspaces = vscode.workspace.workspaceFolders ?? [];
  const pulled = (await pulledFolders()).filter((root) => !root.path.includes('/snapshots/'));
  type Item = vscode.QuickPickItem & { readonly root?: vscode.Uri };
  const items: Item[] = [];
  for (const root of pulled) items.push({ label: folderName(root), description: vscode.l10n.t('pulled before'), root });
  for (const folder of workspaces) {
    const root = vscode.Uri.joinPath(folder.uri, 'panels', safeFileName(panel.name));
    if (!items.some((item) => item.root?.toString() === root.toString())) items.push({ label: folderName(root), description: vscode.l10n.t('new folder'), root });
  }
  items.push({ label: vscode.l10n.t('Choose a Folder…') });
  const picked = withoutBack(await context.input.pick({ title: vscode.l10n.t('Pull {0} into which folder?', panelName(panel)), items }));
  if (!picked) return undefined;
  if (picked.root) return picked.root;
  const chosen = await vscode.window.showOpenDialog({ canSelectFiles: false, canSelectFolders: true, canSelectMany: false, title: vscode.l10n.t('Folder to pull the panel into') });
  return chosen?.[0];
}

/** A new folder for a snapshot: `snapshots/<panel> <date and time>` in the first workspace folder. */
async function snapshotFolder(panel: PanelRef): Promise<vscode.Uri | undefined> {
  const base = vscode.workspace.workspaceFolders?.[0]?.uri
    ?? (await vscode.window.showOpenDialog({ canSelectFiles: false, canSelectFolders: true, canSelectMany: false, title: vscode.l10n.t('Folder to keep snapshots in') }))?.[0];
  if (!base) return undefined;
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return vscode.Uri.joinPath(base, 'snapshots', `${safeFileName(panel.name)} ${stamp}`);
}

/** Plan Panel Changes: the plan document and Problems; nothing is sent but the panel's template checks. */
async function plan(context: FolderCommandContext, from?: unknown): Promise<FolderPlan | undefined> {
  const root = await actOnFolder(context, from, vscode.l10n.t('Plan which folder?'));
  if (!root) return undefined;
  const files = await readFolderFiles(root);
  const panel = await targetOf(context, files, vscode.l10n.t('Plan {0} for which panel?', folderName(root)));
  if (!panel) return undefined;
  const done = await planned(context, root, panel, files);
  if (!done) return undefined;
  await showPlan(context, done);
  if (isEmptyFolderPlan(done.plan) && done.plan.problems.length === 0 && done.plan.conflicts.length === 0) {
    void context.input.notify('info', vscode.l10n.t('{0} and {1} hold the same: nothing to apply.', folderName(root), panelName(panel)));
  }
  return done.plan;
}

/** Show Panel Drift: what changed on the panel since the folder's pull. */
async function drift(context: FolderCommandContext, from?: unknown): Promise<void> {
  const root = await actOnFolder(context, from, vscode.l10n.t('Show the drift of which folder?'));
  if (!root) return;
  const files = await readFolderFiles(root);
  const origin = pulledFrom(files);
  const panel = context.session.connectedPanels().find((candidate) => sameOrigin(origin, candidate.url));
  if (!panel) {
    void context.input.notify('error', vscode.l10n.t('Connect to the panel {0} was pulled from ({1}) to see what changed on it.', folderName(root), plainLabel(origin ?? '', 80)));
    return;
  }
  try {
    const report = await runWithProgress(vscode.l10n.t('Reading {0}', panelName(panel)), (_report, signal) =>
      context.panels.require(panel.id).call((api) => panelDrift(api, files, { signal }), signal));
    await context.documents.show(vscode.l10n.t('Panel drift — {0}', folderName(root)), driftDocument(report, { folder: folderName(root), panel: panelName(panel) }, vscode.l10n.t), 'markdown');
    if (isEmptyDrift(report) && report.comparable) void context.input.notify('info', vscode.l10n.t('Nothing changed on {0} since {1} was pulled.', panelName(panel), folderName(root)));
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not read {0}', panelName(panel)), error);
  }
}
