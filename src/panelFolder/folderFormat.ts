/**
 * The panel as a folder (issue 29): where each resource's file lives, how its text is written (stable: the
 * same panel gives the same bytes), the fingerprint of what was read, and the members a resource carries
 * that the panel owns (never written, never sent). No `vscode` import.
 *
 *     settings.json                      the panel settings, without the members the panel owns
 *     nodes/<name>.node.json             one node: name, hostname, region, note, order, site, blocklist, web_policy, reliability
 *     templates/<name>/template.json     a site template's other fields (name, description, builtin…)
 *     templates/<name>/index.html        its HTML
 *     templates/<name>/style.css         its CSS
 *     templates/<name>/variables.json    its variables, in the shape the panel gave them
 *     branding/<name>.branding.json      a branding profile: the fields of spec 2.4 and `active`
 *     users.csv                          the users, in the users table's format (usersTable/tableText.ts)
 *     .panelops/state.json               what was read: the panel, each resource's id and fingerprint, versions
 */
import { createHash } from 'node:crypto';
import { stringifyJsonExact } from '../api/exactJson';
import type { JsonObject, JsonValue } from '../api/types';

export type ResourceKind = 'settings' | 'node' | 'template' | 'branding';

export { STATE_FILE } from './stateFile';
export { BRANDING_DIR, BRANDING_SUFFIX, layoutFileKind, NODE_SUFFIX, NODES_DIR, SETTINGS_FILE, TEMPLATE_FILES, TEMPLATES_DIR, USERS_FILE, type LayoutFileKind } from './layoutFiles';
export const STATE_FORMAT = 'panel-ops-folder/1';

/** A folder's text files by path relative to its root, `/`-separated. */
export type FolderFiles = ReadonlyMap<string, string>;

/**
 * Members a panel owns on its objects (identity, clocks, revisions, deployment state, echoes it ignores):
 * never written into a resource's file, never sent. Versions and `updated_at` go into the state file
 * instead. Besides these names, `isOwnedMember` tells them by rule.
 */
export const OWNED_MEMBERS: ReadonlySet<string> = new Set([
  'id', 'node_id', 'template_id', 'profile_id', 'created_at', 'updated_at', 'updated_by', 'version', 'revision', 'revisions', 'etag',
  'x_revision', 'meta', 'base_url', 'size', 'nodes', 'assets', 'deployment', 'last_apply_at', 'keys_bound', 'history', 'based_on',
  '_links', '_embedded', 'self', 'href', 'url_self',
]);

/** Members of a node's site the panel owns: whether and when it was deployed. */
export const SITE_OWNED_MEMBERS: readonly string[] = ['status', 'state', 'deployment', 'deployed', 'deploy_status', 'preview_url'];

/**
 * Whether a member of a node's site is the panel's, by rule: the names above, and any name that says it is
 * about the site's deployment or preview (`deploy_state`, `deployStatus`, `previewUrl`…), which the panel
 * changes by itself (an apply makes it `pending_apply`), whatever it calls it.
 */
export function isSiteOwnedMember(name: string): boolean {
  return SITE_OWNED_MEMBERS.includes(name) || /deploy|preview/i.test(name);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * Whether a member is the panel's, by rule rather than by name alone: the names above; an id of a resource
 * (`id`, `…_id`, `…_ids`, or a value that is a UUID or a list of them: another resource of this panel, such
 * as a template's `based_on`); a time of the panel's own clock (`…_at`, but a user's `expires_at` is the
 * operator's); the panel's account that made a change (`…_by`); in snake_case or camelCase. A member it
 * cannot tell stays in the file and is echoed.
 */
export function isOwnedMember(name: string, value: JsonValue | undefined): boolean {
  if (OWNED_MEMBERS.has(name)) return true;
  // snake_case or camelCase (`template_id`, `templateId`; `deployed_at`, `lastApplyAt`; `updated_by`, `updatedBy`).
  // An id is the panel's when it holds what the panel's ids look like (a UUID, a whole number, none): a
  // messenger's `chat_id` ("-1001234567890") is a setting the operator owns.
  if (/(^|_)ids?$|[a-z]Ids?$/.test(name) && isIdLike(value)) return true;
  if (/(_at|[a-z]At)$/.test(name) && name !== 'expires_at' && name !== 'expiresAt') return true;
  if (/(_by|[a-z]By)$/.test(name)) return true;
  // A date-time whose name says when something happened (`created`, `lastDeployed`, `modified_on`): a clock of
  // the panel's, whatever the panel calls it.
  if (typeof value === 'string' && DATE_TIME.test(value) && /(^|_|[a-z])(created|updated|modified|changed|deployed|applied|seen|synced)/i.test(name)) return true;
  if (typeof value === 'string' && UUID.test(value)) return true;
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && UUID.test(item));
}

/** A value shaped like the panel's ids: a UUID, a whole number (int64), null, or a list of them. */
function isIdLike(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null || typeof value === 'bigint') return true;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0;
  if (typeof value === 'string') return UUID.test(value) || /^\d+$/.test(value);
  return Array.isArray(value) && value.every((item) => isIdLike(item));
}

/** Members never written whatever the resource: anything credential-like or a link to a user's proxy. */
export const SECRET_MEMBERS: ReadonlySet<string> = new Set([
  'secret', 'token', 'api_token', 'password', 'registration_secret', 'install_command', 'command', 'links', 'tg', 'tme',
  'sub_slug', 'subscription_short_url', 'subscription_url', 'private_key', 'bot_token',
]);

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy with the members in code-unit order at every level (lists keep their order). */
export function sortedDeep(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort(compareText).map((name) => [name, sortedDeep(value[name])]));
}

/** Members of `value` the panel does not own and that hold nothing secret, nested objects sorted. */
export function echoedObject(value: JsonObject, drop: readonly string[] = []): JsonObject {
  const kept: JsonObject = {};
  for (const name of Object.keys(value).sort(compareText)) {
    if (isOwnedMember(name, value[name]) || SECRET_MEMBERS.has(name) || drop.includes(name)) continue;
    const member = value[name];
    // Nested objects lose the panel's members too (a `meta` of clocks, a `deployed_at` one level down);
    // lists are kept whole, as read.
    kept[name] = isObject(member) && name !== 'variables' ? echoedObject(member) : withoutSecrets(member);
  }
  return kept;
}

/**
 * A copy without secret-like members at any level, members sorted. A `variables` member holds names an
 * operator chose (a placeholder may be called `token`): it is kept whole.
 */
export function withoutSecrets(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).filter((name) => !SECRET_MEMBERS.has(name)).sort(compareText)
    .map((name) => [name, name === 'variables' ? sortedDeep(value[name]) : withoutSecrets(value[name])]));
}

/** Plain code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A resource document as a file: members in `order` first (those present), then the others sorted; nested
 * objects sorted; two-space indentation and a final line break; int64 exact.
 */
export function fileJson(doc: JsonObject, order: readonly string[] = []): string {
  const laidOut: JsonObject = {};
  for (const name of order) if (Object.hasOwn(doc, name)) laidOut[name] = sortedDeep(doc[name]);
  for (const name of Object.keys(doc).sort(compareText)) if (!Object.hasOwn(laidOut, name)) laidOut[name] = sortedDeep(doc[name]);
  return `${stringifyJsonExact(laidOut, 2)}\n`;
}

/** The fingerprint of a document: the same members and values give the same one, whatever their order. */
export function fingerprint(value: JsonValue): string {
  return createHash('sha256').update(stringifyJsonExact(sortedDeep(value))).digest('hex').slice(0, 20);
}

/** Whether two values are the same JSON (member order aside). */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return stringifyJsonExact(sortedDeep(a)) === stringifyJsonExact(sortedDeep(b));
}

/**
 * A file name for a resource's name: letters, digits, `.`, `-`, `_` and spaces kept, anything else `_`, at
 * most 80 characters, never empty, never hidden or `.`/`..`. Two names that come out the same are told apart
 * by the caller (`uniqueNames`). The name itself is in the file, which is what matching reads.
 */
export function safeFileName(name: string): string {
  let safe = name.normalize('NFC').replace(/[^\p{L}\p{N}._\- ]/gu, '_').replace(/\s+/g, ' ').trim().slice(0, 80).trim();
  safe = safe.replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  if (safe === '' || /^_+$/.test(safe) && name.trim() === '') safe = '_';
  // Names Windows reserves.
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(safe)) safe = `_${safe}`;
  return safe;
}

/** File names for resources in order; a name taken earlier (case aside) gets `~2`, `~3`… */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = safeFileName(name);
    let candidate = base;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base}~${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The 1-based line of the first `"member":` in a JSON text (1 when absent): where a problem is shown. */
export function lineOfMember(text: string, member: string): number {
  const at = text.indexOf(`${JSON.stringify(member)}:`);
  if (at < 0) {
    const spaced = text.search(new RegExp(`${escapeRegExp(JSON.stringify(member))}\\s*:`));
    if (spaced < 0) return 1;
    return lineAt(text, spaced);
  }
  return lineAt(text, at);
}

export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function sameOrigin(a: string | undefined, b: string): boolean {
  return a !== undefined && a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}
