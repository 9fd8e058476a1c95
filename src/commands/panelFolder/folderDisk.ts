/**
 * A panel folder on disk (plain files, so git and Source Control work on it as they are): the files of
 * the layout (src/panelFolder/folderFormat.ts) read into a map, a pull written (only files whose bytes
 * change; files of the layout the pull no longer has are removed, nothing else in the folder is touched),
 * and the folder a command acts on found from the active editor or the workspace.
 */
import * as vscode from 'vscode';
import { parseJsonExact } from '../../api/exactJson';
import { BRANDING_DIR, layoutFileKind, NODES_DIR, SETTINGS_FILE, STATE_FILE, TEMPLATES_DIR, USERS_FILE } from '../../panelFolder';

const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** Whether a relative path is one of the layout's files. */
export function inLayout(path: string): boolean {
  return layoutFileKind(path) !== undefined;
}

async function entries(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
  try {
    return await vscode.workspace.fs.readDirectory(uri);
  } catch {
    return [];
  }
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** The layout's files under `root`, by relative path (folders that are not there are not read). */
export async function readFolderFiles(root: vscode.Uri): Promise<Map<string, string>> {
  const exists = await vscode.workspace.fs.stat(root).then(() => true, () => false);
  const top = exists ? await entries(root) : [];
  const has = (name: string, type: vscode.FileType) => top.some(([entry, kind]) => entry === name && kind === type);
  const paths: string[] = [SETTINGS_FILE, USERS_FILE].filter((path) => has(path, vscode.FileType.File));
  if (has(STATE_FILE.split('/')[0], vscode.FileType.Directory)) paths.push(STATE_FILE);
  const filesIn = async (dir: string) => (has(dir, vscode.FileType.Directory) ? (await entries(vscode.Uri.joinPath(root, dir))) : []);
  for (const [name, type] of await filesIn(NODES_DIR)) if (type === vscode.FileType.File) paths.push(`${NODES_DIR}/${name}`);
  for (const [name, type] of await filesIn(BRANDING_DIR)) if (type === vscode.FileType.File) paths.push(`${BRANDING_DIR}/${name}`);
  for (const [dir, type] of await filesIn(TEMPLATES_DIR)) {
    if (type !== vscode.FileType.Directory) continue;
    for (const [name, inner] of await entries(vscode.Uri.joinPath(root, TEMPLATES_DIR, dir))) if (inner === vscode.FileType.File) paths.push(`${TEMPLATES_DIR}/${dir}/${name}`);
  }
  const files = new Map<string, string>();
  for (const path of paths.filter(inLayout)) {
    const text = await readText(vscode.Uri.joinPath(root, ...path.split('/')));
    if (text !== undefined) files.set(path, text);
  }
  return files;
}

/** Files of the layout whose text a write of `files` would change or remove (the state file aside). */
export function overwritten(existing: ReadonlyMap<string, string>, files: ReadonlyMap<string, string>): string[] {
  return [...existing.keys()].filter((path) => path !== STATE_FILE && files.get(path) !== existing.get(path));
}

/** Writes a pull: changed files only; layout files it no longer has removed. Returns how many of each. */
export async function writeFolderFiles(root: vscode.Uri, files: ReadonlyMap<string, string>, existing?: ReadonlyMap<string, string>): Promise<{ written: number; removed: number }> {
  const before = existing ?? await readFolderFiles(root);
  let written = 0;
  let removed = 0;
  for (const [path, text] of files) {
    if (before.get(path) === text) continue;
    const parts = path.split('/');
    if (parts.length > 1) await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(root, ...parts.slice(0, -1)));
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, ...parts), encoder.encode(text));
    written++;
  }
  for (const path of before.keys()) {
    if (files.has(path) || !inLayout(path)) continue;
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root, ...path.split('/')), { useTrash: false });
    removed++;
  }
  return { written, removed };
}

/** Writes one file of the folder (the state file after an apply). */
export async function writeFolderFile(root: vscode.Uri, path: string, text: string): Promise<void> {
  const parts = path.split('/');
  if (parts.length > 1) await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(root, ...parts.slice(0, -1)));
  await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root, ...parts), encoder.encode(text));
}

/** The folder holding `uri` (a file of it, or the folder itself) that has a state file; undefined when none does. */
export async function pulledFolderOf(uri: vscode.Uri): Promise<vscode.Uri | undefined> {
  let at = uri;
  for (let depth = 0; depth < 6; depth++) {
    if ((await readText(vscode.Uri.joinPath(at, ...STATE_FILE.split('/')))) !== undefined) return at;
    const parent = vscode.Uri.joinPath(at, '..');
    if (parent.toString() === at.toString()) break;
    at = parent;
  }
  return undefined;
}

/** The state file's panel origin, when it has one. */
export function pulledFrom(files: ReadonlyMap<string, string>): string | undefined {
  try {
    const state = parseJsonExact(files.get(STATE_FILE) ?? '');
    return typeof state === 'object' && state !== null && !Array.isArray(state) && typeof state.panel === 'string' ? state.panel : undefined;
  } catch {
    return undefined;
  }
}
