/**
 * The panel as a folder (issue 29), without `vscode`: pull a panel into files, plan a folder against a
 * panel (the same one, a snapshot of it, or another: promotion), apply the plan, and tell the drift since
 * the pull. The VS Code layer reads and writes the files and shows plans and reports; everything that
 * decides is here, unit-tested against the simulated panel.
 */
import { checkTemplates } from './checkTemplates';
import { driftOf, type DriftReport } from './drift';
import type { FolderFiles } from './folderFormat';
import { planFolder, type FolderPlan, type PlanOptions } from './folderPlan';
import { pullFiles, rebasedState, stateText, type PulledFolder } from './pullFiles';
import { readFolder } from './readFolder';
import { readPanel, type FolderApi, type ReadOptions } from './readPanel';

/** A panel's folder: every file by path, the state file included. */
export async function pullPanel(api: FolderApi, options: ReadOptions = {}): Promise<PulledFolder> {
  return pullFiles(await readPanel(api, options));
}

/** The plan of a folder's files against the panel of `api`, template HTML checked by the panel. */
export async function planPanel(api: FolderApi, files: FolderFiles, options: PlanOptions & ReadOptions = {}): Promise<FolderPlan> {
  const folder = readFolder(files);
  const live = await readPanel(api, { ...options, users: folder.userRows !== undefined && options.users !== false });
  return checkTemplates(api, planFolder(folder, live, options), options.signal);
}

/**
 * The folder's state file after an apply: resources (and users) whose files now equal what the panel holds
 * are taken as pulled now; the rest keep what the state said. Returns the state file's new text.
 */
export async function stateAfterApply(api: FolderApi, files: FolderFiles, options: ReadOptions = {}): Promise<string> {
  const folder = readFolder(files);
  const live = await readPanel(api, { ...options, users: folder.userRows !== undefined && options.users !== false });
  return stateText(rebasedState(files, folder.state, live));
}

/** What changed on the panel since the folder's pull. */
export async function panelDrift(api: FolderApi, files: FolderFiles, options: ReadOptions = {}): Promise<DriftReport> {
  const folder = readFolder(files);
  return driftOf(folder, await readPanel(api, { ...options, users: folder.state?.users !== undefined && options.users !== false }));
}

export { applyFolder, type ApplyFolderOptions, type FolderApplyResult, type ResourceOutcome, type ResourceOutcomeKind, type ResourceDetail } from './applyFolder';
export { driftOf, isEmptyDrift, type DriftChange, type DriftReport, type UserDrift } from './drift';
export * from './folderFormat';
export { isEmptyFolderPlan, isPendingNode, leafChanges, pendingNodeId, planFolder, sameOrigin, type ChangeAction, type FieldChange, type FolderPlan, type PanelOnlyChange, type PlanMode, type PlanOptions, type ResourceChange, type ResourceConflict, type UsersPart } from './folderPlan';
export { pullFiles, rebasedState, stateText, usersWithCreatedIds, type FolderState, type PulledFolder, type PulledResource } from './pullFiles';
export { readFolder, type FolderProblem, type FolderProblemCode, type FolderResource, type ReadFolderResult } from './readFolder';
export { readPanel, type FolderApi, type LivePanel, type LiveResource, type ReadOptions } from './readPanel';
export { checkTemplates } from './checkTemplates';
