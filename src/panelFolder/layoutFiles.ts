/**
 * Which file of a panel folder's layout a path is (folderFormat.ts describes the folder), by its name alone.
 * A module of its own, importing nothing but the state file's name, so what tells a pulled folder's file at
 * activation (commands/panelFolder/folderFileTrigger.ts, in the entry bundle) evaluates none of the folder
 * engine. No `vscode` import.
 */
import { STATE_FILE } from './stateFile';

export const SETTINGS_FILE = 'settings.json';
export const USERS_FILE = 'users.csv';
export const NODES_DIR = 'nodes';
export const TEMPLATES_DIR = 'templates';
export const BRANDING_DIR = 'branding';
export const NODE_SUFFIX = '.node.json';
export const BRANDING_SUFFIX = '.branding.json';
export const TEMPLATE_FILES = { meta: 'template.json', html: 'index.html', css: 'style.css', variables: 'variables.json' } as const;

/** A file of the layout: `template` is a template's `template.json`, `templatePart` its HTML, CSS or variables. */
export type LayoutFileKind = 'settings' | 'users' | 'state' | 'node' | 'branding' | 'template' | 'templatePart';

/** The kind of a path relative to a folder's root (`/`-separated); undefined when it is not a file of the layout. */
export function layoutFileKind(path: string): LayoutFileKind | undefined {
  if (path === SETTINGS_FILE) return 'settings';
  if (path === USERS_FILE) return 'users';
  if (path === STATE_FILE) return 'state';
  const parts = path.split('/');
  if (parts.length === 2 && parts[0] === NODES_DIR && parts[1].endsWith(NODE_SUFFIX)) return 'node';
  if (parts.length === 2 && parts[0] === BRANDING_DIR && parts[1].endsWith(BRANDING_SUFFIX)) return 'branding';
  if (parts.length === 3 && parts[0] === TEMPLATES_DIR) {
    if (parts[2] === TEMPLATE_FILES.meta) return 'template';
    if (parts[2] === TEMPLATE_FILES.html || parts[2] === TEMPLATE_FILES.css || parts[2] === TEMPLATE_FILES.variables) return 'templatePart';
  }
  return undefined;
}

/** The files an editor checks as they are typed (commands/panelFolder/folderFileCheck.ts). */
export type CheckedFileKind = 'node' | 'branding' | 'template' | 'state';

export interface CheckedFile {
  /** The folder it is a file of, when that folder holds the state file: its path, without a final `/` (`''`: the file system's root). */
  readonly root: string;
  /** Its path in that folder (`nodes/ams-1.node.json`). */
  readonly file: string;
  readonly kind: CheckedFileKind;
}

/**
 * A node, branding, template.json or state file by its absolute path (`/`-separated, a URI's path): the only
 * folder it can be that file of (each kind sits at a fixed depth, so at most one matches) and its path there.
 * Whether that folder is a pulled one (holds `.panelops/state.json`) is for the caller to find out.
 */
export function checkedFileAt(path: string): CheckedFile | undefined {
  const parts = path.split('/');
  for (const depth of [2, 3]) {
    if (parts.length <= depth) continue;
    const file = parts.slice(-depth).join('/');
    const kind = layoutFileKind(file);
    if (kind === 'node' || kind === 'branding' || kind === 'template' || kind === 'state') return { root: parts.slice(0, -depth).join('/'), file, kind };
  }
  return undefined;
}
