/**
 * What the panel folder's commands share: the folder and the panel a command acts on (asked when there is
 * a choice), planning a folder against its panel (Problems on the folder's files, planned again on a save)
 * and the plan document.
 */
import * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import { planPanel, safeFileName, sameOrigin, type FolderPlan, type PlanMode } from '../../panelFolder';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import type { Services } from '../../services';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { withoutBack } from '../../prompts/userInput';
import { tableProblemText } from '../usersTable/tableProblems';
import { inLayout, pulledFolderOf, pulledFrom, readFolderFiles } from './folderDisk';
import { pulledFolders, type PulledFoldersContext } from './pulledFoldersContext';
import type { PlanProblems } from './folderProblems';
import { planDocument } from './folderText';

/** What the panel folder's commands share. */
export type FolderCommandContext = Pick<Services, 'session' | 'panels' | 'input' | 'log' | 'documents'> & {
  /** The Explorer's menus on pulled folders: searched again after a pull or a snapshot. */
  readonly pulledFolders: PulledFoldersContext;
  /** The plan's Problems (an open file's own problems are the live check's). */
  readonly problems: PlanProblems;
  /** Folders planned in this window, by URI, with the panel they were planned for: a save there plans again. */
  readonly planned: Map<string, string>;
};

/** How long after the last save of a planned folder's file it is planned again (Problems only). */
const REPLAN_DELAY_MS = 1000;

export function panelName(panel: PanelRef): string {
  return plainLabel(panel.name, 60);
}

/** `panels/Staging`: the folder relative to its workspace folder, whose name leads only when there are several. */
export function folderName(root: vscode.Uri): string {
  return vscode.workspace.asRelativePath(root);
}

/** A plan's tab: `Plan — Staging`, or `Plan — Staging → Production` when the folder is not named after the panel. */
export function planTitle(root: vscode.Uri, panel: PanelRef): string {
  const base = root.path.split('/').filter(Boolean).at(-1) ?? '';
  return base === safeFileName(panel.name) ? vscode.l10n.t('Plan — {0}', panelName(panel)) : vscode.l10n.t('Plan — {0} → {1}', plainLabel(base, 60), panelName(panel));
}

/** The panel to read: the only connected one, else the operator's choice (the active one first). */
export async function choosePanel(context: FolderCommandContext, title: string, preferred?: string): Promise<PanelRef | undefined> {
  const panels = context.session.connectedPanels();
  if (panels.length === 0) {
    void context.input.notify('error', vscode.l10n.t('Connect to a panel first.'));
    return undefined;
  }
  if (panels.length === 1) return panels[0];
  const first = preferred ?? context.panels.activeId;
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
export function replanOnSave(context: FolderCommandContext): vscode.Disposable {
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
        const result = await context.panels.require(panelId).call((api, signal) => planPanel(api, files, { signal }));
        context.problems.show(root, result.problems);
      })().catch((error: unknown) => context.log.warn(`Planning ${root.fsPath} again after a save failed: ${describeError(error)}`));
    }, REPLAN_DELAY_MS);
  });
  return { dispose: () => {
    if (timer) clearTimeout(timer);
    subscription.dispose();
  } };
}

/** The pulled folder a command acts on: the one it was run on, the active editor's, else the only or chosen one. */
export async function actOnFolder(context: FolderCommandContext, from: unknown, title: string, snapshots = false): Promise<vscode.Uri | undefined> {
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
export async function targetOf(context: FolderCommandContext, files: ReadonlyMap<string, string>, title: string): Promise<PanelRef | undefined> {
  const origin = pulledFrom(files);
  const panels = context.session.connectedPanels();
  const own = panels.find((panel) => sameOrigin(origin, panel.url));
  if (own && panels.length === 1) return own;
  return choosePanel(context, title, own?.id);
}

export interface Planned {
  readonly root: vscode.Uri;
  readonly files: Map<string, string>;
  readonly panel: PanelRef;
  readonly plan: FolderPlan;
}

export async function planned(context: FolderCommandContext, root: vscode.Uri, panel: PanelRef, files: Map<string, string>, mode?: PlanMode): Promise<Planned | undefined> {
  try {
    const result = await runWithProgress(vscode.l10n.t('Planning {0} for {1}', folderName(root), panelName(panel)), (_report, signal) =>
      context.panels.require(panel.id).call((api) => planPanel(api, files, { mode, signal }), signal));
    context.problems.show(root, result.problems);
    context.planned.set(root.toString(), panel.id);
    return { root, files, panel, plan: result };
  } catch (error) {
    tellFailure(context, vscode.l10n.t('Could not plan {0}', folderName(root)), error);
    return undefined;
  }
}

export async function showPlan(context: FolderCommandContext, done: Planned): Promise<void> {
  const text = planDocument(done.plan, { folder: folderName(done.root), panel: panelName(done.panel) }, vscode.l10n.t, tableProblemText);
  await context.documents.show(planTitle(done.root, done.panel), text, 'markdown');
}
