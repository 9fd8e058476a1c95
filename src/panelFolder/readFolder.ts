/**
 * The folder's files read back as resources, with the problems the panel would refuse them for that can
 * be told from the files alone (not JSON, not an object, a member of the wrong type, a member a profile
 * cannot carry, a name twice). Files outside the layout are ignored. No `vscode` import.
 *
 * Checked only where the contract speaks (architecture.md, "Where the contract is silent"): a branding
 * profile's 2.4 fields are strings; a node's and a template's `name` (what the folder matches by) is text;
 * and the folder's own bookkeeping (a node's `order`, a site's `template` reference, a profile's `active`,
 * a template's `builtin`). Every other member (a site's upstream, enabled and variables, a blocklist, a
 * web policy, reliability, a template's other members and its variables) accepts any JSON: a file a pull
 * wrote is never refused by this check, whatever shapes the panel gives.
 */
import { jsonErrorOffset, parseJsonExact } from '../api/exactJson';
import type { JsonObject, JsonValue } from '../api/types';
import { readTable, TableSyntaxError, type TableProblem } from '../usersTable/tableText';
import type { TableRow } from '../usersTable/userRows';
import type { RowProblem } from '../usersTable/usersPlan';
import { isObject, layoutFileKind, lineAt, lineOfMember, STATE_FILE, TEMPLATE_FILES, USERS_FILE, type FolderFiles, type ResourceKind } from './folderFormat';
import type { FolderState } from './pullFiles';
import { BRANDING_FILE_FIELDS } from './readPanel';

export interface FolderResource {
  readonly kind: ResourceKind;
  /** The resource's path: its file, or a template's folder. */
  readonly path: string;
  /** The file problems about its members are shown in. */
  readonly file: string;
  /** That file's text (for the line of a member). */
  readonly text: string;
  readonly name: string;
  readonly doc: JsonObject;
}

export type FolderProblemCode =
  | 'notJson' | 'notObject' | 'missingField' | 'wrongType' | 'unknownField' | 'duplicateName' | 'unknownTemplate' | 'templateRefused'
  | 'builtinTemplate' | 'hostnameReadOnly' | 'twoActive' | 'usersTable' | 'userRow' | 'badState' | 'notValidated';

/**
 * Something the panel would refuse, at a file and line: a reason, not a sentence (the VS Code layer gives
 * the operator's words). `detail` is the panel's or the JSON reader's own words, shown as they are (for
 * `hostnameReadOnly`: the hostname the panel holds).
 */
export interface FolderProblem {
  readonly file: string;
  readonly line: number;
  readonly code: FolderProblemCode;
  readonly field?: string;
  readonly value?: string;
  readonly detail?: string;
  /** usersTable: the table's own reason. */
  readonly table?: TableProblem;
  /** userRow: the row's problem as the users table's plan tells it. */
  readonly row?: RowProblem;
}

export interface ReadFolderResult {
  readonly resources: readonly FolderResource[];
  /** undefined: the folder has no users file (users are not managed). */
  readonly userRows?: readonly TableRow[];
  readonly state?: FolderState;
  readonly problems: readonly FolderProblem[];
}

export type Check = 'string' | 'nonEmptyString' | 'stringOrNull' | 'boolean' | 'object' | 'positiveInteger' | 'json';

/** A node's file: its name (spec 2.3), the folder's own `order` and `site`; the rest is the panel's, any JSON, under any of the names readPanel's NODE_MEMBERS reads. */
export const NODE_CHECKS: Readonly<Record<string, Check>> = {
  name: 'nonEmptyString', hostname: 'json', host: 'json', fqdn: 'json', region: 'json', location: 'json', note: 'json', notes: 'json', comment: 'json',
  order: 'positiveInteger',
  site: 'object', blocklist: 'json', web_policy: 'json', reliability: 'json',
};
/** A node's site: the template reference is the folder's (a template's name, or null); the rest any JSON. */
export const SITE_CHECKS: Readonly<Record<string, Check>> = { template: 'stringOrNull', enabled: 'json', upstream: 'json', variables: 'json' };
export const TEMPLATE_CHECKS: Readonly<Record<string, Check>> = { name: 'nonEmptyString', description: 'json', builtin: 'boolean' };
export const BRANDING_CHECKS: Readonly<Record<string, Check>> = {
  ...Object.fromEntries(BRANDING_FILE_FIELDS.map((field) => [field, 'string' as Check])), name: 'nonEmptyString', active: 'boolean',
};

export function readFolder(files: FolderFiles): ReadFolderResult {
  const problems: FolderProblem[] = [];
  const resources: FolderResource[] = [];
  const json = (file: string): JsonObject | undefined => {
    const text = files.get(file) ?? '';
    let value: JsonValue;
    try {
      value = parseJsonExact(text);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const position = /position (\d+)/.exec(detail);
      const offset = position ? Number(position[1]) : jsonErrorOffset(text);
      problems.push({ file, line: offset === undefined ? 1 : lineAt(text, offset), code: 'notJson', detail });
      return undefined;
    }
    if (!isObject(value)) {
      problems.push({ file, line: 1, code: 'notObject' });
      return undefined;
    }
    return value;
  };
  const add = (kind: ResourceKind, path: string, file: string, doc: JsonObject, checks: Readonly<Record<string, Check>>, closed: boolean) => {
    const text = files.get(file) ?? '';
    checkMembers(doc, checks, closed, file, text, problems, '');
    if (kind === 'node' && isObject(doc.site)) checkMembers(doc.site, SITE_CHECKS, false, file, text, problems, 'site.');
    const name = typeof doc.name === 'string' ? doc.name : kind === 'settings' ? 'settings' : '';
    if (name === '' && kind !== 'settings') return;
    resources.push({ kind, path, file, text, name, doc });
  };

  const paths = [...files.keys()].sort();
  for (const path of paths) {
    const kind = layoutFileKind(path);
    if (kind === 'settings') {
      const doc = json(path);
      if (doc) add('settings', path, path, doc, {}, false);
    } else if (kind === 'node') {
      const doc = json(path);
      if (doc) add('node', path, path, doc, NODE_CHECKS, true);
    } else if (kind === 'branding') {
      const doc = json(path);
      if (doc) add('branding', path, path, doc, BRANDING_CHECKS, true);
    } else if (kind === 'template') {
      const dir = path.slice(0, -(TEMPLATE_FILES.meta.length + 1));
      const meta = json(path);
      if (!meta) continue;
      const doc: JsonObject = { ...meta };
      for (const member of ['html', 'css', 'variables']) {
        if (Object.hasOwn(meta, member)) problems.push({ file: path, line: lineOfMember(files.get(path) ?? '', member), code: 'unknownField', field: member });
      }
      const html = files.get(`${dir}/${TEMPLATE_FILES.html}`);
      const css = files.get(`${dir}/${TEMPLATE_FILES.css}`);
      if (html !== undefined) doc.html = html;
      if (css !== undefined) doc.css = css;
      const variablesFile = `${dir}/${TEMPLATE_FILES.variables}`;
      if (files.has(variablesFile)) {
        const text = files.get(variablesFile) ?? '';
        try {
          doc.variables = parseJsonExact(text);
        } catch (error) {
          problems.push({ file: variablesFile, line: 1, code: 'notJson', detail: error instanceof Error ? error.message : String(error) });
          continue;
        }
      }
      add('template', dir, path, doc, TEMPLATE_CHECKS, false);
    }
  }
  duplicates(resources, problems);

  let userRows: TableRow[] | undefined;
  if (files.has(USERS_FILE)) {
    try {
      userRows = readTable('csv', files.get(USERS_FILE) ?? '');
    } catch (error) {
      if (!(error instanceof TableSyntaxError)) throw error;
      problems.push({ file: USERS_FILE, line: error.line, code: 'usersTable', table: error.problem });
    }
  }
  let state: FolderState | undefined;
  if (files.has(STATE_FILE)) {
    const value = json(STATE_FILE);
    if (value && typeof value.panel === 'string' && isObject(value.resources)) state = value as unknown as FolderState;
    else if (value) problems.push({ file: STATE_FILE, line: 1, code: 'badState' });
  }
  return { resources, userRows, state, problems };
}

/**
 * The problems `readFolder` tells of a file from its text alone, whatever else the folder holds: what the
 * editor's live check of an open file shows (commands/panelFolder/folderFileCheck.ts). The other codes need
 * the rest of the folder (a name twice, two active profiles), the panel (an unknown template, a refusal, a
 * hostname change) or another file (users.csv's rows).
 */
export const ONE_FILE_PROBLEMS: ReadonlySet<FolderProblemCode> = new Set<FolderProblemCode>(['notJson', 'notObject', 'missingField', 'wrongType', 'unknownField', 'badState']);

/** The problems of one file of the layout (`nodes/ams-1.node.json`) from its text: the plan's own check of that file, alone. */
export function fileProblems(path: string, text: string): readonly FolderProblem[] {
  return readFolder(new Map([[path, text]])).problems;
}

function checkMembers(doc: JsonObject, checks: Readonly<Record<string, Check>>, closed: boolean, file: string, text: string, problems: FolderProblem[], prefix: string): void {
  for (const [field, value] of Object.entries(doc)) {
    const check = checks[field];
    const line = () => lineOfMember(text, field);
    if (!check) {
      if (closed) problems.push({ file, line: line(), code: 'unknownField', field: prefix + field });
      continue;
    }
    if (!fits(value, check)) problems.push({ file, line: line(), code: 'wrongType', field: prefix + field, value: check });
  }
  if (prefix === '' && Object.hasOwn(checks, 'name') && !Object.hasOwn(doc, 'name')) problems.push({ file, line: 1, code: 'missingField', field: 'name' });
}

function fits(value: JsonValue, check: Check): boolean {
  switch (check) {
    case 'string': return typeof value === 'string';
    case 'nonEmptyString': return typeof value === 'string' && value.trim() !== '';
    case 'stringOrNull': return value === null || typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'object': return isObject(value);
    case 'positiveInteger': return typeof value === 'number' && Number.isInteger(value) && value >= 1;
    case 'json': return true;
  }
}

/** Two resources of a kind with one name: the panel matches by name, so neither is planned. */
function duplicates(resources: FolderResource[], problems: FolderProblem[]): void {
  const seen = new Map<string, FolderResource>();
  const twice = new Set<FolderResource>();
  for (const resource of resources) {
    const key = `${resource.kind}\u0000${resource.name}`;
    const first = seen.get(key);
    if (first) {
      twice.add(first);
      twice.add(resource);
    } else seen.set(key, resource);
  }
  for (const resource of twice) {
    problems.push({ file: resource.file, line: lineOfMember(resource.text, 'name'), code: 'duplicateName', value: resource.name });
    resources.splice(resources.indexOf(resource), 1);
  }
}
