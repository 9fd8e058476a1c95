/**
 * The paths of the panel file system (`panelops:` URIs), as plain data: which panel object a path names and
 * the path of each object. No `vscode` import (unit-tested). The panel travels in the URI's authority (its
 * origin in hex, so no character of it needs escaping and case cannot change it); the object's id in the
 * last `~` part of a folder name, after a readable name that is only decoration. A users table has no id
 * in its path: its name is what its tab shows, made unique among the window's tables by the table files.
 *
 *     /                                     the panel
 *     /site-templates/                      every template
 *     /site-templates/<name>~<id>/index.html | style.css | variables.json
 *     /nodes/<name>~<id>/blocklist.json | web-policy.json | reliability.json
 *     /branding/<name>~<id>/<name>.json     a branding profile (the fields of spec 2.4); its tab shows the
 *                                           name alone (`/branding/<name>~<id>.json` of earlier versions still opens)
 *     /settings.json
 *     /users/<name>.csv | .json              a users table (Edit Users as Table), held while the window lives
 *     /nodes/<name>~<id>/node.json           a node, /users/<name>~<id>/user.json a user, /alerts/<title>~<id>/alert.json
 *                                           an alert, as the stores hold them, read-only (the fleet to-do's subjects)
 */

export const TEMPLATE_FILES = ['index.html', 'style.css', 'variables.json'] as const;
export type TemplateFile = (typeof TEMPLATE_FILES)[number];

export const NODE_DOCUMENTS = ['blocklist', 'web-policy', 'reliability'] as const;
export type NodeDocument = (typeof NODE_DOCUMENTS)[number];

export type PanelPath =
  | { readonly kind: 'root' }
  | { readonly kind: 'templates' }
  | { readonly kind: 'template'; readonly templateId: string; readonly label: string }
  | { readonly kind: 'templateFile'; readonly templateId: string; readonly label: string; readonly file: TemplateFile }
  | { readonly kind: 'nodes' }
  | { readonly kind: 'node'; readonly nodeId: string; readonly label: string }
  | { readonly kind: 'nodeDocument'; readonly nodeId: string; readonly label: string; readonly document: NodeDocument }
  | { readonly kind: 'branding' }
  | { readonly kind: 'brandingFolder'; readonly profileId: string; readonly label: string }
  | { readonly kind: 'brandingProfile'; readonly profileId: string; readonly label: string }
  | { readonly kind: 'settings' }
  | { readonly kind: 'usersTable'; readonly name: string; readonly format: 'csv' | 'json' }
  | { readonly kind: 'record'; readonly record: RecordKind; readonly id: string; readonly label: string };

/** The read-only documents of one node, user, alert, fleet update or the panel's certificate (the fleet to-do's subjects): folder and file name. */
export const RECORDS = {
  node: ['nodes', 'node.json'], user: ['users', 'user.json'], alert: ['alerts', 'alert.json'],
  fleetUpdate: ['fleet-updates', 'update.json'], certificate: ['certificate', 'certificate.json'],
} as const;
export type RecordKind = keyof typeof RECORDS;

/** A string as hex: a file name that holds any text (the template history's storage folders). */
export function authorityOf(panelId: string): string {
  return Buffer.from(panelId, 'utf8').toString('hex');
}

/**
 * The authority of a panel's documents: a short, readable and stable name for the panel, shown by VS Code
 * in save errors, Open Recent and the breadcrumbs. It is the panel's host (with its port when not the
 * default), prefixed with `http~` for a plain-http panel: `panelops://panel.example.com/settings.json`.
 * A panel id that is not an origin is written in hex, as every address was before.
 */
export function panelAuthority(panelId: string): string {
  try {
    const url = new URL(panelId);
    if (url.origin === panelId && url.protocol === 'https:') return url.host;
    if (url.origin === panelId && url.protocol === 'http:') return `http~${url.host}`;
  } catch {
    // not a URL: hex below
  }
  return authorityOf(panelId);
}

/**
 * The panel id (origin) of an authority, undefined when it is not one this extension made. Reads the
 * readable form (`panel.example.com`, `http~127.0.0.1:8080`) and the hex form of older addresses.
 */
export function panelIdOf(authority: string): string | undefined {
  if (/^(?:[0-9a-f]{2})+$/i.test(authority)) {
    const decoded = Buffer.from(authority, 'hex').toString('utf8');
    if (/^https?:\/\//i.test(decoded)) return decoded;
  }
  const plain = authority.startsWith('http~');
  const host = plain ? authority.slice('http~'.length) : authority;
  if (!host || /[/?#@\s\\]/.test(host)) return undefined;
  try {
    const url = new URL(`${plain ? 'http' : 'https'}://${host}`);
    return url.host === host.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A folder name: the object's name made safe for a path segment, then `~` and its id. */
export function folderName(label: string, id: string): string {
  const readable = label.replace(/[^\p{L}\p{N} ._-]/gu, '_').replace(/\s+/g, ' ').trim().slice(0, 60) || 'unnamed';
  return `${readable}~${encodeURIComponent(id).replace(/~/g, '%7E')}`;
}

function splitFolder(segment: string): { id: string; label: string } | undefined {
  const at = segment.lastIndexOf('~');
  if (at < 0) return undefined;
  try {
    const id = decodeURIComponent(segment.slice(at + 1));
    return id ? { id, label: segment.slice(0, at) } : undefined;
  } catch {
    return undefined;
  }
}

export function parsePanelPath(path: string): PanelPath | undefined {
  const parts = path.split('/').filter((part) => part !== '');
  if (parts.length === 0) return { kind: 'root' };
  if (parts.length === 1 && parts[0] === 'settings.json') return { kind: 'settings' };
  if (parts[0] === 'site-templates') {
    if (parts.length === 1) return { kind: 'templates' };
    const folder = splitFolder(parts[1]);
    if (!folder || parts.length > 3) return undefined;
    if (parts.length === 2) return { kind: 'template', templateId: folder.id, label: folder.label };
    const file = TEMPLATE_FILES.find((name) => name === parts[2]);
    return file ? { kind: 'templateFile', templateId: folder.id, label: folder.label, file } : undefined;
  }
  if (parts[0] === 'branding') {
    if (parts.length === 1) return { kind: 'branding' };
    if (parts.length === 2 && parts[1].endsWith('.json')) {
      const earlier = splitFolder(parts[1].slice(0, -'.json'.length));
      return earlier ? { kind: 'brandingProfile', profileId: earlier.id, label: earlier.label } : undefined;
    }
    const folder = parts.length <= 3 ? splitFolder(parts[1]) : undefined;
    if (!folder) return undefined;
    if (parts.length === 2) return { kind: 'brandingFolder', profileId: folder.id, label: folder.label };
    return parts[2].endsWith('.json') ? { kind: 'brandingProfile', profileId: folder.id, label: folder.label } : undefined;
  }
  const record = (Object.keys(RECORDS) as RecordKind[]).find((kind) => parts.length === 3 && parts[0] === RECORDS[kind][0] && parts[2] === RECORDS[kind][1]);
  if (record) {
    const folder = splitFolder(parts[1]);
    return folder ? { kind: 'record', record, id: folder.id, label: folder.label } : undefined;
  }
  if (parts[0] === 'users' && parts.length === 2) {
    const format = parts[1].endsWith('.csv') ? 'csv' : parts[1].endsWith('.json') ? 'json' : undefined;
    const name = format ? parts[1].slice(0, -(format.length + 1)) : '';
    return format && name !== '' ? { kind: 'usersTable', name, format } : undefined;
  }
  if (parts[0] === 'nodes') {
    if (parts.length === 1) return { kind: 'nodes' };
    const folder = splitFolder(parts[1]);
    if (!folder || parts.length > 3) return undefined;
    if (parts.length === 2) return { kind: 'node', nodeId: folder.id, label: folder.label };
    const document = NODE_DOCUMENTS.find((name) => `${name}.json` === parts[2]);
    return document ? { kind: 'nodeDocument', nodeId: folder.id, label: folder.label, document } : undefined;
  }
  return undefined;
}

/** The read-only document of a node, user or alert: `/nodes/<name>~<id>/node.json`, and so on. */
export function recordPath(record: RecordKind, label: string, id: string): string {
  return `/${RECORDS[record][0]}/${folderName(label, id)}/${RECORDS[record][1]}`;
}

export function templateFilePath(label: string, templateId: string, file: TemplateFile): string {
  return `/site-templates/${folderName(label, templateId)}/${file}`;
}

/** A branding profile's file: its id in the folder, its name alone in the file name (what its tab shows). */
export function brandingProfilePath(label: string, profileId: string): string {
  return `/branding/${folderName(label, profileId)}/${brandingFileName(label)}`;
}

/** The file name of a profile in its folder: its name as a file name can hold it. */
export function brandingFileName(label: string): string {
  return `${readableFileName(label, 1, 'profile')}.json`;
}

export function nodeDocumentPath(label: string, nodeId: string, document: NodeDocument): string {
  return `/nodes/${folderName(label, nodeId)}/${document}.json`;
}

/**
 * A file name that is the name the operator reads in the tab (`Users — active`, a profile's name), with only
 * what a file name cannot hold on any system replaced (`/`, `\`, `:`, `?`, `#`, control characters...; `~`
 * too, so no name reads as `name~id`).
 */
export function readableFileName(name: string, count = 1, fallback = 'users'): string {
  const readable = name.replace(/[\\/~:*?"<>|#%\u0000-\u001f\u007f]/g, '_').replace(/\s+/g, ' ').slice(0, 80).trim() || fallback;
  return count > 1 ? `${readable} (${count})` : readable;
}

/** The path of a users table: its name, then ` (2)`, ` (3)`... for the `count`th table of that name. */
export function usersTablePath(name: string, format: 'csv' | 'json', count = 1): string {
  return `/users/${readableFileName(name, count)}.${format}`;
}
