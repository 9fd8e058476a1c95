/**
 * The panel as a folder (issue 29) in VS Code: Pull Panel into Folder…, Plan Panel Changes, Apply Panel
 * Folder, Show Panel Drift, Snapshot Panel and Restore from Snapshot…. What decides is src/panelFolder/
 * (no `vscode`); here are the questions, the files on disk, the documents, Problems, the protection
 * levels (a read-only panel refuses Apply and Restore; a protected one lists what will change and asks
 * for its name) and the offer to apply configuration on the nodes whose configuration changed.
 */
import * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import {
  applyFolder, isEmptyDrift, isEmptyFolderPlan, panelDrift, planPanel, pullPanel, safeFileName, sameOrigin, STATE_FILE, stateAfterApply, USERS_FILE,
  usersWithCreatedIds,
  type FolderPlan, type FolderProblem, type PlanMode, type ResourceChange,
} from '../../panelFolder';
import { confirmChange, namesLine, refusedAsReadOnly } from '../../runner/guard';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import type { Services } from '../../services';
import { registerPanelCommand } from '../registerPanelCommand';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { withoutBack } from '../../prompts/userInput';
import { tableProblemText } from '../usersTable/tableProblems';
import { inLayout, overwritten, pulledFolderOf, pulledFrom, readFolderFiles, writeFolderFile, writeFolderFiles } from './folderDisk';
import { pulledFolders, type PulledFoldersContext } from './pulledFoldersContext';
import { applyPreview, applyReport, applySummary, conflictsSentence, driftDocument, folderProblemText, keptConflicts, notHeldSentence, planDocument } from './folderText';
import { numberText } from '../../text/displayLanguage';

type Context = Pick<Services, 'session' | 'input' | 'log' | 'documents'> & {
  /** The Explorer's menus on pulled folders: searched again after a pull or a snapshot. */
  readonly pulledFolders: PulledFoldersContext;
  readonly problems: vscode.DiagnosticCollection;
  /** Folders planned in this window, by URI, with the panel they were planned for: a save there plans again. */
  readonly planned: Map<string, string>;
};

/** How long after the last save of a planned folder's file it is planned again (Problems only). */
const REPLAN_DELAY_MS = 1000;

const MAX_CONCURRENCY = 8;

export function registerPanelFolderCommands(services: Services, pulledFolders: PulledFoldersContext): vscode.Disposable {
  const problems = vscode.languages.createDiagnosticCollection('panelOps.panelFolder');
  const context: Context = { session: services.session, input: services.input, log: services.log, documents: services.documents, pulledFolders, problems, planned: new Map() };
  return vscode.Disposable.from(
    problems,
    replanOnSave(context),
    registerPanelCommand('panelOps.panelFolder.pull', () => pull(context, false)),
    registerPanelCommand('panelOps.panelFolder.snapshot', () => pull(context, true)),
    registerPanelCommand('panelOps.panelFolder.plan', (from?: unknown) => plan(context, from)),
    registerPanelCommand('panelOps.panelFolder.apply', (from?: unknown) => apply(context, from)),
    registerPanelCommand('panelOps.panelFolder.showDrift', (from?: unknown) => drift(context, from)),
    registerPanelCommand('panelOps.panelFolder.restore', () => restore(context)),
  );
}

function panelName(panel: PanelRef): string {
  return plainLabel(panel.name, 60);
}

/** `panels/Staging`: the folder relative to its workspace folder, whose name leads only when there are several. */
function folderName(root: vscode.Uri): string {
  return vscode.workspace.asRelativePath(root);
}

/** A plan's tab: `Plan — Staging`, or `Plan — Staging → Production` when the folder is not named after the panel. */
function planTitle(root: vscode.Uri, panel: PanelRef): string {
  const base = root.path.split('/').filter(Boolean).at(-1) ?? '';
  return base === safeFileName(panel.name) ? vscode.l10n.t('Plan — {0}', panelName(panel)) : vscode.l10n.t('Plan — {0} → {1}', plainLabel(base, 60), panelName(panel));
}

/** The panel to read: the only connected one, else the operator's choice (the active one first). */
async function choosePanel(context: Context, title: string, preferred?: string): Promise<PanelRef | undefined> {
  const panels = context.session.connectedPanels();
  if (panels.length === 0) {
    void context.input.notify('error', vscode.l10n.t('Connect to a panel first.'));
    return undefined;
  }
  if (panels.length === 1) return panels[0];
  const first = preferred ?? context.session.active?.id;
  const ordered = [...panels].sort((a, b) => Number(b.id === first) - Number(a.id === first));
  const picked = withoutBack(await context.input.pick({
    title,
    items: ordered.map((panel) => ({ label: panelName(panel), description: plainLabel(panel.url, 80), panel })),
  }));
  return picked?.panel;
}

/**
 * Saving a file of a folder planned in this window plans it again, quietly: Problems follow the files
 * (a debounced read of the panel; no document, no notification).
 */
function replanOnSave(context: Context): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const subscription = vscode.workspace.onDidSaveTextDocument((document) => {
    if (document.uri.scheme !== 'file') return;
    const root = [...context.planned.keys()].map((uri) => vscode.Uri.parse(uri)).find((candidate) => document.uri.path.startsWith(`${candidate.path}/`));
    if (!root || !inLayout(document.uri.path.slice(root.path.length + 1))) return;
    const panelId = context.planned.get(root.toString()) ?? '';
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      void (async () => {
        const files = await readFolderFiles(root);
        const result = await context.session.callOn(panelId, (api, signal) => planPanel(api, files, { signal }));
        showProblems(context, root, result.problems);
      })().catch((error: unknown) => context.log.warn(`Planning ${root.fsPath} again after a save failed: ${describeError(error)}`));
    }, REPLAN_DELAY_MS);
  });
  return { dispose: () => {
    if (timer) clearTimeout(timer);
    subscription.dispose();
  } };
}

/** Pull Panel into Folder… (or Snapshot Panel: into a new dated folder). */
async function pull(context: Context, snapshot: boolean): Promise<vscode.Uri | undefined> {
  const panel = await choosePanel(context, snapshot ? vscode.l10n.t('Snapshot which panel?') : vscode.l10n.t('Pull which panel into a folder?'));
  if (!panel) return undefined;
  const root = snapshot ? await snapshotFolder(panel) : await chooseFolder(context, panel);
  if (!root) return undefined;
  try {
    const pulled = await runWithProgress(vscode.l10n.t('Pulling {0}', panelName(panel)), (_report, signal) =>
      context.session.callOn(panel.id, (api) => pullPanel(api, { signal }), signal));
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
async function chooseFolder(context: Context, panel: PanelRef): Promise<vscode.Uri | undefined> {
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

/** The pulled folder a command acts on: the one it was run on, the active editor's, else the only or chosen one. */
async function actOnFolder(context: Context, from: unknown, title: string, snapshots = false): Promise<vscode.Uri | undefined> {
  const start = from instanceof vscode.Uri ? from : vscode.window.activeTextEditor?.document.uri;
  if (start?.scheme === 'file') {
    const found = await pulledFolderOf(start);
    if (found) return found;
  }
  const all = (await pulledFolders()).filter((root) => snapshots || !root.path.includes('/snapshots/'));
  if (all.length === 0) {
    void context.input.notify('error', snapshots ? vscode.l10n.t('No snapshot in this workspace: run Snapshot Panel first.') : vscode.l10n.t('No pulled panel folder in this workspace: run Pull Panel into Folder first.'));
    return undefined;
  }
  if (all.length === 1 && !snapshots) return all[0];
  const picked = withoutBack(await context.input.pick({ title, items: all.map((root) => ({ label: folderName(root), root })) }));
  return picked?.root;
}

/** The panel a folder is planned against: the one it was pulled from when connected (others offered too), else the operator's choice. */
async function targetOf(context: Context, files: ReadonlyMap<string, string>, title: string): Promise<PanelRef | undefined> {
  const origin = pulledFrom(files);
  const panels = context.session.connectedPanels();
  const own = panels.find((panel) => sameOrigin(origin, panel.url));
  if (own && panels.length === 1) return own;
  return choosePanel(context, title, own?.id);
}

interface Planned {
  readonly root: vscode.Uri;
  readonly files: Map<string, string>;
  readonly panel: PanelRef;
  readonly plan: FolderPlan;
}

async function planned(context: Context, root: vscode.Uri, panel: PanelRef, files: Map<string, string>, mode?: PlanMode): Promise<Planned | undefined> {
  try {
    const result = await runWithProgress(vscode.l10n.t('Planning {0} for {1}', folderName(root), panelName(panel)), (_report, signal) =>
      context.session.callOn(panel.id, (api) => planPanel(api, files, { mode, signal }), signal));
    showProblems(context, root, result.problems);
    context.planned.set(root.toString(), panel.id);
    return { root, files, panel, plan: result };
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not plan {0}', folderName(root)), error);
    return undefined;
  }
}

function showProblems(context: Context, root: vscode.Uri, problems: readonly FolderProblem[]): void {
  const byFile = new Map<string, vscode.Diagnostic[]>();
  for (const problem of problems) {
    const line = Math.max(0, problem.line - 1);
    const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, 1000), folderProblemText(problem, vscode.l10n.t, tableProblemText), vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Panel Ops';
    byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), diagnostic]);
  }
  context.problems.clear();
  for (const [file, diagnostics] of byFile) context.problems.set(vscode.Uri.joinPath(root, ...file.split('/')), diagnostics);
}

async function showPlan(context: Context, done: Planned): Promise<void> {
  const text = planDocument(done.plan, { folder: folderName(done.root), panel: panelName(done.panel) }, vscode.l10n.t, tableProblemText);
  await context.documents.show(planTitle(done.root, done.panel), text, 'markdown');
}

/** Plan Panel Changes: the plan document and Problems; nothing is sent but the panel's template checks. */
async function plan(context: Context, from?: unknown): Promise<FolderPlan | undefined> {
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

/**
 * Apply Panel Folder: planned again, what it will do shown and confirmed by the panel's protection level
 * (deletions by count and name), sent, reported; a read-only panel's plan shown, nothing sent.
 */
async function apply(context: Context, from?: unknown): Promise<void> {
  const root = await actOnFolder(context, from, vscode.l10n.t('Apply which folder?'));
  if (!root) return;
  const files = await readFolderFiles(root);
  const panel = await targetOf(context, files, vscode.l10n.t('Apply {0} to which panel?', folderName(root)));
  if (!panel) return;
  // A read-only panel is planned too (reads and the panel's template checks only), so the operator sees
  // what Apply would have done, then refused: nothing asked, nothing sent.
  const readOnly = context.session.panel(panel.id)?.protection === 'readOnly';
  const done = await planned(context, root, panel, files);
  if (!done) return;
  if (readOnly) {
    await showPlan(context, done);
    refusedAsReadOnly(context, panel.id);
    return;
  }
  await applyPlanned(context, done);
}

async function applyPlanned(context: Context, done: Planned): Promise<void> {
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
  const open = (context.session.panel(panel.id)?.protection ?? 'open') === 'open';
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
      context.session.callOn(panel.id, (api) => applyFolder(api, folderPlan, { deleteRemoved, maxConcurrency: MAX_CONCURRENCY, stop: signal }), signal));
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
      const after = await context.session.callOn(panel.id, (api) => stateAfterApply(api, files, { applied })).catch(() => undefined);
      if (after !== undefined) await writeFolderFile(root, STATE_FILE, after.state);
      notHeld = after?.notHeld ?? [];
    }
    const report = applyReport(result, folderPlan, { folder: folderName(root), panel: panelName(panel) }, vscode.l10n.t, describeError, notHeld);
    await context.documents.show(vscode.l10n.t('Panel apply report — {0}', folderName(root)), report, 'markdown');
    const failed = result.outcomes.some((outcome) => outcome.outcome !== 'applied' && outcome.outcome !== 'reconciled') || keptConflicts(result, folderPlan).length > 0 || notHeld.length > 0;
    if (context.session.active?.id === panel.id) void vscode.commands.executeCommand('panelOps.refreshAll');
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
 * Tells how the apply ended in one notice (a second one would cover the first): when the configuration of
 * nodes changed, it also offers Apply Configuration on them (watched as every apply is).
 */
function tellApplied(context: Context, panel: PanelRef, severity: 'info' | 'warning', told: string, changedNodes: number): void {
  if (changedNodes === 0) {
    void context.input.notify(severity, told);
    return;
  }
  const applyNow = vscode.l10n.t('Apply Configuration');
  const offer = plural(changedNodes, { one: 'The configuration of {0} node changed: apply it on the node now?', other: 'The configuration of {0} nodes changed: apply it on the nodes now?' }, vscode.l10n.t);
  void context.input.notify(severity, `${told} ${offer}`, applyNow)
    .then(async (choice) => {
      if (choice === applyNow && context.session.active?.id === panel.id) await vscode.commands.executeCommand('panelOps.nodes.applyAllPending');
    });
}

/** Show Panel Drift: what changed on the panel since the folder's pull. */
async function drift(context: Context, from?: unknown): Promise<void> {
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
      context.session.callOn(panel.id, (api) => panelDrift(api, files, { signal }), signal));
    await context.documents.show(vscode.l10n.t('Panel drift — {0}', folderName(root)), driftDocument(report, { folder: folderName(root), panel: panelName(panel) }, vscode.l10n.t), 'markdown');
    if (isEmptyDrift(report) && report.comparable) void context.input.notify('info', vscode.l10n.t('Nothing changed on {0} since {1} was pulled.', panelName(panel), folderName(root)));
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not read {0}', panelName(panel)), error);
  }
}

/** Restore from Snapshot…: a snapshot planned against the panel (the snapshot wins), shown, then applied when confirmed. */
async function restore(context: Context): Promise<void> {
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
