/**
 * Which file of a panel folder's layout a path is (folderFormat.ts describes the folder), by its name alone:
 * what reading a folder (readFolder.ts) and writing one (commands/panelFolder/folderDisk.ts) tell files by.
 * A module of its own, importing nothing but the state file's name. No `vscode` import.
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
