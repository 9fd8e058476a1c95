/**
 * Pull: a panel read by readPanel.ts as the folder's files, and the state file of what was read. The same
 * panel gives the same bytes (no clock, no order that depends on timing). No `vscode` import.
 */
import { stringifyJsonExact } from '../api/exactJson';
import type { JsonObject } from '../api/types';
import { readTable, tableText } from '../usersTable/tableText';
import { rowOf, type NodeNames, type UserState } from '../usersTable/userRows';
import {
  BRANDING_DIR, BRANDING_SUFFIX, compareText, fileJson, fingerprint, NODE_SUFFIX, NODES_DIR, SETTINGS_FILE, STATE_FILE, STATE_FORMAT,
  TEMPLATE_FILES, TEMPLATES_DIR, uniqueNames, USERS_FILE, type FolderFiles, type ResourceKind,
} from './folderFormat';
import { BRANDING_FILE_FIELDS, NODE_FIELDS, type LivePanel, type LiveResource } from './readPanel';
import { sameOrigin } from './folderFormat';
import { rowValues } from './userFingerprint';
import { userFingerprint } from './userFingerprint';

/** What the state file says of one resource: where it is, its id on the panel, and its fingerprint then. */
export interface PulledResource {
  readonly kind: ResourceKind;
  readonly id: string;
  readonly name: string;
  readonly hash: string;
  readonly version?: string | number;
  readonly updated_at?: string;
}

export interface FolderState {
  readonly format: string;
  /** The origin of the panel pulled. */
  readonly panel: string;
  /** By path: a file, or a template's folder (`templates/<name>`). */
  readonly resources: Readonly<Record<string, PulledResource>>;
  /** User id → fingerprint of the user's row as pulled; undefined when users were not pulled. */
  readonly users?: Readonly<Record<string, string>>;
  /** Parts the token could not read. */
  readonly unread: readonly string[];
}

export const NODE_ORDER = [...NODE_FIELDS, 'order', 'site', 'blocklist', 'web_policy', 'reliability'];
export const TEMPLATE_ORDER = ['name', 'description', 'builtin'];
export const BRANDING_ORDER = [...BRANDING_FILE_FIELDS, 'active'];

export interface PulledFolder {
  readonly files: Map<string, string>;
  readonly state: FolderState;
}

/** The folder of a panel: every file by path, the state file included. */
export function pullFiles(panel: LivePanel): PulledFolder {
  const files = new Map<string, string>();
  const resources: Record<string, PulledResource> = {};
  const remember = (path: string, resource: LiveResource) => {
    resources[path] = {
      kind: resource.kind, id: resource.id, name: resource.name, hash: fingerprint(resource.doc),
      ...(resource.version === undefined ? {} : { version: resource.version }),
      ...(resource.updatedAt === undefined ? {} : { updated_at: resource.updatedAt }),
    };
  };
  if (panel.settings) {
    files.set(SETTINGS_FILE, fileJson(panel.settings.doc));
    remember(SETTINGS_FILE, panel.settings);
  }
  for (const [node, path] of withPaths(panel.nodes, (name) => `${NODES_DIR}/${name}${NODE_SUFFIX}`)) {
    files.set(path, fileJson(node.doc, NODE_ORDER));
    remember(path, node);
  }
  for (const [template, dir] of withPaths(panel.templates, (name) => `${TEMPLATES_DIR}/${name}`)) {
    for (const [path, text] of templateFiles(dir, template.doc)) files.set(path, text);
    remember(dir, template);
  }
  for (const [profile, path] of withPaths(panel.branding, (name) => `${BRANDING_DIR}/${name}${BRANDING_SUFFIX}`)) {
    files.set(path, fileJson(profile.doc, BRANDING_ORDER));
    remember(path, profile);
  }
  let users: Record<string, string> | undefined;
  if (panel.users) {
    files.set(USERS_FILE, usersText(panel.users, panel.names));
    users = {};
    const ids = panel.users.map((user) => [user.id.toLowerCase(), user] as const).sort((a, b) => compareText(a[0], b[0]));
    for (const [id, user] of ids) users[id] = userFingerprint(user);
  }
  const state: FolderState = {
    format: STATE_FORMAT, panel: panel.origin,
    resources: Object.fromEntries(Object.keys(resources).sort(compareText).map((path) => [path, resources[path]])),
    ...(users ? { users } : {}),
    unread: [...panel.unread],
  };
  files.set(STATE_FILE, stateText(state));
  return { files, state };
}

/** The state file's text: plain strings and numbers only (no int64), so JSON.stringify writes it, fast for 20,000 users. */
export function stateText(state: FolderState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}

/** A template's four files (variables.json only when the panel declares variables). */
export function templateFiles(dir: string, doc: JsonObject): [string, string][] {
  const meta: JsonObject = {};
  for (const [name, value] of Object.entries(doc)) if (name !== 'html' && name !== 'css' && name !== 'variables') meta[name] = value;
  const files: [string, string][] = [
    [`${dir}/${TEMPLATE_FILES.meta}`, fileJson(meta, TEMPLATE_ORDER)],
    [`${dir}/${TEMPLATE_FILES.html}`, typeof doc.html === 'string' ? doc.html : ''],
    [`${dir}/${TEMPLATE_FILES.css}`, typeof doc.css === 'string' ? doc.css : ''],
  ];
  if (doc.variables !== undefined) files.push([`${dir}/${TEMPLATE_FILES.variables}`, `${stringifyJsonExact(doc.variables, 2)}\n`]);
  return files;
}

/** The users as the users table writes them (CSV), ordered by label then id. */
export function usersText(users: readonly UserState[], names: NodeNames): string {
  const ordered = [...users].sort((a, b) => compareText(a.label, b.label) || compareText(a.id.toLowerCase(), b.id.toLowerCase()));
  return tableText('csv', ordered.map((user) => rowOf(user, names)));
}

/**
 * Each resource with its path: resources ordered by name then id (so two of the same name always get the
 * same paths), file names made safe and told apart.
 */
function withPaths(resources: readonly LiveResource[], path: (name: string) => string): [LiveResource, string][] {
  const ordered = [...resources].sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
  const names = uniqueNames(ordered.map((resource) => resource.name));
  return ordered.map((resource, index) => [resource, path(names[index])]);
}

/**
 * The state file after an apply (or whenever the folder and the panel were compared): each resource whose
 * files equal what a pull of the panel writes now is taken as pulled now (its id and fingerprint), a
 * resource that differs keeps what the state said (so a conflict stays one, and drift stays drift), one gone
 * from both the panel and the folder is forgotten; users the same by id. `files` is the folder's files.
 */
export function rebasedState(files: FolderFiles, old: FolderState | undefined, live: LivePanel): FolderState {
  const fresh = pullFiles(live);
  const samePanel = old !== undefined && sameOrigin(old.panel, live.origin);
  const kept: Record<string, PulledResource> = samePanel ? { ...old.resources } : {};
  const pathOfId = new Map(Object.entries(kept).map(([path, entry]) => [`${entry.kind}:${entry.id.toLowerCase()}`, path]));
  const liveIds = new Set(Object.values(fresh.state.resources).map((entry) => `${entry.kind}:${entry.id.toLowerCase()}`));
  for (const [freshPath, entry] of Object.entries(fresh.state.resources)) {
    const folderPath = pathOfId.get(`${entry.kind}:${entry.id.toLowerCase()}`) ?? freshPath;
    const freshFiles = [...fresh.files.keys()].filter((path) => path === freshPath || path.startsWith(`${freshPath}/`));
    const same = freshFiles.every((path) => files.get(folderPath + path.slice(freshPath.length)) === fresh.files.get(path));
    if (same) kept[folderPath] = entry;
  }
  for (const [path, entry] of Object.entries(kept)) {
    const inFolder = [...files.keys()].some((file) => file === path || file.startsWith(`${path}/`));
    if (!inFolder && !liveIds.has(`${entry.kind}:${entry.id.toLowerCase()}`)) delete kept[path];
  }
  let users: Record<string, string> | undefined = samePanel && old.users ? { ...old.users } : undefined;
  if (live.users && files.has(USERS_FILE)) {
    users ??= {};
    const rows = new Map<string, string>();
    try {
      for (const row of readTable('csv', files.get(USERS_FILE) ?? '')) {
        if (row.id === '') continue;
        const values = rowValues(row, live.names);
        if (values) rows.set(row.id.toLowerCase(), userFingerprint(values));
      }
    } catch {
      // A users file that is not a table: the users' state stays as it was.
    }
    const liveIds = new Set<string>();
    for (const user of live.users) {
      const id = user.id.toLowerCase();
      liveIds.add(id);
      const now = userFingerprint(user);
      if (rows.get(id) === now) users[id] = now;
    }
    for (const id of Object.keys(users)) if (!liveIds.has(id) && !rows.has(id)) delete users[id];
    users = Object.fromEntries(Object.keys(users).sort(compareText).map((id) => [id, (users as Record<string, string>)[id]]));
  }
  return {
    format: STATE_FORMAT, panel: live.origin,
    resources: Object.fromEntries(Object.keys(kept).sort(compareText).map((path) => [path, kept[path]])),
    ...(users ? { users } : {}),
    unread: [...live.unread],
  };
}

/**
 * The folder's users file with the ids of the users an apply created written into their rows (found by the
 * row's line), so applying the folder again does not create them twice; undefined when nothing was created.
 */
export function usersWithCreatedIds(text: string, created: readonly { readonly line?: number; readonly id?: string }[]): string | undefined {
  const ids = new Map(created.filter((entry) => entry.line !== undefined && entry.id).map((entry) => [entry.line as number, entry.id as string]));
  if (ids.size === 0) return undefined;
  const rows = readTable('csv', text);
  return tableText('csv', rows.map((row) => (row.id === '' && ids.has(row.line) ? { ...row, id: ids.get(row.line) as string } : row)));
}
