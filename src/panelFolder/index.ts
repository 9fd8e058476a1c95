/**
 * The panel as a folder (issue 29), without `vscode`: pull a panel into files, plan a folder against a
 * panel (the same one, a snapshot of it, or another: promotion), apply the plan, and tell the drift since
 * the pull. The VS Code layer reads and writes the files and shows plans and reports; everything that
 * decides is here, unit-tested against the simulated panel.
 */
import { checkTemplates } from './checkTemplates';
import { driftOf, type DriftReport } from './drift';
import type { FolderFiles, ResourceKind } from './folderFormat';
import { planFolder, type FolderPlan, type PlanOptions, type ResourceChange } from './folderPlan';
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

/** What an apply left, read from the panel once it was done. */
export interface AfterApply {
  /** The state file's new text: resources (and users) whose files now equal what the panel holds are taken as pulled now; the rest keep what the state said. */
  readonly state: string;
  /**
   * Resources the apply sent (`applied`) whose members the panel, read again, does not hold as the folder
   * has them: the panel took the request and kept something else (a value it normalises, a member it
   * ignores, an upstream it keeps off while `enabled` is false). Each with the members that differ.
   */
  readonly notHeld: readonly ResourceChange[];
}

/** The panel read once after an apply: the folder's new state, and what the panel does not hold as sent. */
export async function stateAfterApply(
  api: FolderApi, files: FolderFiles, options: ReadOptions & { readonly applied?: readonly { readonly kind: ResourceKind; readonly name: string }[] } = {},
): Promise<AfterApply> {
  const folder = readFolder(files);
  const live = await readPanel(api, { ...options, users: folder.userRows !== undefined && options.users !== false });
  const applied = new Set((options.applied ?? []).map((resource) => `${resource.kind}:${resource.name}`));
  const differences = applied.size > 0 ? planFolder(folder, live, { mode: 'restore' }).changes : [];
  return {
    state: stateText(rebasedState(files, folder.state, live)),
    notHeld: differences.filter((change) => change.action === 'update' && applied.has(`${change.kind}:${change.name}`)),
  };
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
export { fileProblems, ONE_FILE_PROBLEMS, readFolder, type FolderProblem, type FolderProblemCode, type FolderResource, type ReadFolderResult } from './readFolder';
export { readPanel, type FolderApi, type LivePanel, type LiveResource, type ReadOptions } from './readPanel';
export { checkTemplates } from './checkTemplates';
