// Every reader of an answer whose shape the contract does not show (spec 2.3 and 4.1 rule 4), fed the shapes
// another panel that keeps the contract may send: the list under `items`, under `data` or bare, one object
// where a list was expected, members absent, null or of another type, unknown members at every level, and
// int64 ids beyond 2^53. The mutations are generated from one realistic answer per reader (the simulated
// panel's first reading, test/panel/SHAPES.md), so each reader meets the same systematic set.
//
// What every reader must do, whatever the shape: never throw; ignore members it does not know (what it shows
// stays the same); read what can be read (a list found under `items`, `data` or bare reads as the sample does;
// the other entries of a list still read when one is odd; an int64 id keeps its digits); fall back where a
// member is missing (its documented fallback, checked where one is listed), never showing "undefined",
// "[object Object]" or "NaN" in a label, description or text.
//
// The readers, by answer (those marked * run here; the others are in files that import `vscode` and read
// through a reader that runs here, or were reviewed by hand):
//
// | Answer (route)                          | Reader                                                     | Where                                  |
// |-----------------------------------------|------------------------------------------------------------|----------------------------------------|
// | GET /alerts                             | * parseAlerts (severity or level, no title)                | src/state/alertsModel.ts               |
// | GET /alerts (for the chat tools)        | * alertFacts                                               | src/api/modelFacts.ts                  |
// | GET /audit                              | * auditEntries, auditColumns, auditRows, tokenIdOf         | src/api/audit.ts, src/webviews/audit/  |
// | GET /audit (the range applied, total)   | * rangeNote; AuditLog.present (by hand)                    | src/webviews/audit/                    |
// | GET /branding/profiles                  | * brandingProfiles (active or is_active)                   | src/state/brandingModel.ts             |
// | a profile answer (create, PUT, activate)| * brandingProfile                                          | src/state/brandingModel.ts             |
// | GET /branding/profiles (panel folder)   | brandingProfiles, through PanelFileSystem.readDirectory    | src/editors/panelFileSystem.ts         |
// | GET /site-templates                     | * parseSiteTemplates, servingNodesOf (builtin or built_in) | src/state/siteTemplatesModel.ts        |
// | GET /site-templates/{id}, create answers| * parseTemplateRecord, parseVariables (a list or an object)| src/state/siteTemplateRecord.ts        |
// | the list after a lost create            | parseTemplateRecord, through findCreatedTemplate           | src/commands/siteTemplates/            |
// | POST /site-templates/validate           | listFromResponse in TemplateValidator.validate (by hand)   | src/editors/templateValidation.ts      |
// | GET /settings/subscription-page/preview | * subscriptionPreviewOf                                    | src/webviews/settings/                 |
// | POST /settings/<messenger>/test         | answerSummary (by hand: plainLabel of every member)        | src/commands/settings/                 |
// | GET /dashboard/summary, /trends         | * readShape                                                | src/webviews/figures/shapeReading.ts   |
// | GET /monitoring/overview, node stats    | * readShape                                                | src/webviews/figures/shapeReading.ts   |
// | GET /fleet/updates, its POST answers    | * fleetUpdatesOf, fleetUpdateDescription, fleetProgress    | src/views/nodes/fleetUpdateText.ts     |
// | node fields beyond 2.3 (GET /nodes/{id})| * nodeTooltipRows, nodeDescription, statusGroupOf,         | src/views/nodes/, src/text/nodeText.ts |
// |                                         |   regionOf, nodeLabel, nodeFacts                           | src/api/modelFacts.ts                  |
// | GET /nodes/{id}/health                  | * scalarFields                                             | src/views/nodes/nodeDescription.ts     |
// | GET /nodes/{id}/site                    | * siteRows                                                 | src/views/nodes/nodeSiteRows.ts        |
// | GET /nodes/{id}/jobs (job fields, logs) | * jobsFrom, jobRows, logOf, newJob, applyJobText, jobFacts | src/api/nodes.ts, src/webviews/jobs/,  |
// |                                         |                                                            | src/state/, src/editors/               |
// | POST /nodes/preflight/dns               | * panelWordsOf (the reason, wherever the panel puts it)    | src/api/panelWords.ts                  |
// | GET /status/update                      | panelUpdateStatus (by hand)                                | src/commands/nodes/nodeDetails.ts      |
// | GET /nodes/{id}/install-command, secret | field() of nodeSecrets (by hand: the first string member)  | src/commands/nodes/nodeSecrets.ts      |
// | user fields after subscription_short_url| * userDescription, userTooltipRows, userNodeBindings, userFacts | src/views/shared/userDescription.ts     |
// | POST /keys/import, POST /keys/batch     | * usersIn, createdCountOf: Import Users, Create in Batch;   | src/state/userAnswers.ts                |
// |                                         |   not yet applyPlan's createGroup (reads answer.items only)| src/usersTable/applyPlan.ts            |
// | POST /keys/bulk                         | * bulkAnswerOf: Disable/Enable/Revoke/Delete Users;        | src/state/userAnswers.ts                |
// |                                         |   not yet applyPlan's skippedOf (skipped[{id, reason}])    | src/usersTable/applyPlan.ts            |
// | GET /keys/summary                       | * userCountsOf (the Users view's description)             | src/state/userAnswers.ts                |
// | GET /keys/{id}/links                    | * linksIn (Copy Link)                                      | src/state/userAnswers.ts                |
// | presence, stats, node probes, profiles, | shown as JSON documents (jsonText): nothing read           | src/commands/users/, commands/nodes/   |
// |   carriers, diagnostics                 |                                                            |                                        |
import * as assert from 'node:assert/strict';
import { alertFacts, jobFacts, nodeFacts, userFacts } from '../../../src/api/modelFacts';
import { auditEntries } from '../../../src/api/audit';
import { jobsFrom } from '../../../src/api/nodes';
import { panelWordsOf } from '../../../src/api/panelWords';
import type { JsonObject, PanelNode } from '../../../src/api/types';
import { applyJobText } from '../../../src/editors/applyJobText';
import { parseAlerts, type AlertList } from '../../../src/state/alertsModel';
import { newJob } from '../../../src/state/applyWatcher';
import { brandingProfile, brandingProfiles, type BrandingProfileList } from '../../../src/state/brandingModel';
import { bulkAnswerOf, createdCountOf, usersIn, userCountsOf, linksIn, type BulkAnswer, type UserCounts } from '../../../src/state/userAnswers';
import { parseTemplateRecord, type SiteTemplateRecord } from '../../../src/state/siteTemplateRecord';
import { parseSiteTemplates, type SiteTemplateList } from '../../../src/state/siteTemplatesModel';
import { nodeLabel } from '../../../src/text/nodeText';
import { statusGroupOf, regionOf } from '../../../src/views/shared/nodeGroups';
import { fleetUpdateDescription, fleetUpdatesOf } from '../../../src/views/nodes/fleetUpdateText';
import { nodeDescription, nodeTooltipRows, scalarFields } from '../../../src/views/nodes/nodeDescription';
import { siteRows } from '../../../src/views/nodes/nodeSiteRows';
import { userNodeBindings, bindingLabel, userDescription, userTooltipRows } from '../../../src/views/shared/userDescription';
import { auditColumns, auditRows } from '../../../src/webviews/audit/auditTable';
import { rangeNote } from '../../../src/webviews/audit/auditQuery';
import { readShape } from '../../../src/webviews/figures/shapeReading';
import { jobRows } from '../../../src/webviews/jobs/jobRows';
import { subscriptionPreviewOf } from '../../../src/webviews/settings/subscriptionPreview';
import { plainLocalize as t } from '../support/plainLocalize';

const NOW = Date.parse('2026-05-21T12:00:00Z');
/** An int64 id beyond 2^53, as the client's exact JSON reader gives it (a bigint). */
const BIG = 9223372036854775807n;
const BIG_DIGITS = '9223372036854775807';
/** Text that must never reach an operator. */
const BROKEN_TEXT = /\bundefined\b|\[object Object\]|\bNaN\b/;

type Path = readonly (string | number)[];

interface Alternate {
  readonly name: string;
  readonly answer: unknown;
  /** What the reader must make of it. */
  readonly check: (output: unknown) => void;
}

interface Reader {
  /** The reader and the answer it reads. */
  readonly name: string;
  /** A realistic answer, as the simulated panel's first reading sends it. */
  readonly sample: unknown;
  readonly read: (answer: unknown) => unknown;
  /** For a list answer: the member holding the list in the sample ('' when the sample is a bare array). */
  readonly list?: string;
  /** What must not change when the list moves or unknown members join (default: the whole output). */
  readonly kept?: (output: unknown) => unknown;
  /** How many entries it read (for a list answer): one odd entry must not hide the others. */
  readonly count?: (output: unknown) => number;
  /** The reader shows every member it finds (a table, a tree): unknown members are shown, not ignored. */
  readonly showsEveryMember?: boolean;
  /** Members of an entry holding ids: an int64 id beyond 2^53 there must keep its digits in the output. */
  readonly ids?: readonly string[];
  /** The other reading's shapes of the same answer. */
  readonly alternates?: readonly Alternate[];
  /** The documented fallback when a member of the entry (by its path in the entry) is absent. */
  readonly fallbacks?: Readonly<Record<string, (output: unknown) => void>>;
}

interface Mutation {
  readonly name: string;
  readonly answer: unknown;
  /** `same`: reads as the sample (the kept part); `readsId`: the id's digits are in the output; `safe`: only the rules every shape keeps. */
  readonly expect: 'same' | 'safe' | 'readsId';
  /** One entry of a list was changed: the others must still be read. */
  readonly oneEntry?: boolean;
  /** The member left out, by its path in the entry. */
  readonly absent?: string;
}

// ---- the generator -------------------------------------------------------------------------------------

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function at(value: unknown, path: Path): unknown {
  let here = value;
  for (const step of path) here = (here as Record<string | number, unknown> | undefined)?.[step];
  return here;
}

/** A copy of `value` with the member at `path` replaced by `next` (removed when `next` is REMOVE). */
const REMOVE = Symbol('remove');
function withMember(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (next === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = next;
  return copy;
}

/** Every member path under `root` (objects: each member; arrays: the first item), up to three levels down. */
function memberPaths(value: unknown, root: Path, depth = 0): Path[] {
  const here = at(value, root);
  if (depth >= 3) return [];
  if (Array.isArray(here)) return here.length > 0 ? [[...root, 0], ...memberPaths(value, [...root, 0], depth + 1)] : [];
  if (!isObject(here)) return [];
  return Object.keys(here).flatMap((name) => [[...root, name], ...memberPaths(value, [...root, name], depth + 1)]);
}

/** The same member as another JSON type: string vs number, object vs list, a list vs one item… */
function otherTypes(value: unknown): { name: string; value: unknown }[] {
  if (typeof value === 'string') return [{ name: 'a number', value: 7 }, { name: 'an object', value: { value } }, { name: 'a list', value: [value] }];
  if (typeof value === 'number' || typeof value === 'bigint') return [{ name: 'a string', value: String(value) }, { name: 'an object', value: { value } }];
  if (typeof value === 'boolean') return [{ name: 'a string', value: String(value) }, { name: 'a number', value: value ? 1 : 0 }];
  if (Array.isArray(value)) return [{ name: 'one item', value: value[0] ?? {} }, { name: 'an object', value: { ...value } }, { name: 'a string', value: 'text' }];
  if (isObject(value)) return [{ name: 'a list of it', value: [value] }, { name: 'a string', value: 'text' }, { name: 'an empty list', value: [] }];
  return [{ name: 'an object', value: {} }, { name: 'a string', value: 'text' }];
}

const EXTRA = { zz_unknown: 'extra', zz_nested: { deeper: [1, { deepest: true }], note: 'more' } };

function describePath(path: Path): string {
  return path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('').replace(/^\./, '') || '(the answer)';
}

function* mutationsOf(reader: Reader): Generator<Mutation> {
  const sample = reader.sample;
  const listed = reader.list !== undefined;
  const list = !listed ? undefined : reader.list === '' ? sample as unknown[] : (sample as Record<string, unknown>)[reader.list!] as unknown[];
  const envelope = listed && reader.list !== '' ? Object.fromEntries(Object.entries(sample as object).filter(([name]) => name !== reader.list)) : {};

  // Where the list is: under items, under data, bare; one object where a list was expected; nothing.
  if (list) {
    yield { name: 'the list under items', answer: { ...envelope, items: list }, expect: 'same' };
    yield { name: 'the list under data', answer: { ...envelope, data: list }, expect: 'same' };
    yield { name: 'the list bare', answer: list, expect: 'same' };
    yield { name: 'the list one level down (data.items)', answer: { ...envelope, data: { items: list } }, expect: 'safe' };
    yield { name: 'one object where a list was expected', answer: list[0], expect: 'safe' };
    yield { name: 'one object under items', answer: { ...envelope, items: list[0] }, expect: 'safe' };
    yield { name: 'the list null', answer: { ...envelope, items: null }, expect: 'safe' };
    yield { name: 'the list absent', answer: envelope, expect: 'safe' };
    yield { name: 'an empty list', answer: { ...envelope, items: [] }, expect: 'safe' };
    yield { name: 'the list a string', answer: { ...envelope, items: 'text' }, expect: 'safe' };
    yield { name: 'entries that are not objects', answer: { ...envelope, items: [...list, null, 'text', 7, [list[0]]] }, expect: 'safe' };
  }
  for (const [name, answer] of [['null', null], ['nothing (an empty answer)', undefined], ['a string', 'text'], ['a number', 42], ['true', true], ['[]', []], ['{}', {}]] as const) {
    yield { name: `the answer is ${name}`, answer, expect: 'safe' };
  }

  // The members of one entry (the first of the list, or the answer itself): absent, null, another type.
  const entry: Path = !listed ? [] : reader.list === '' ? [0] : [reader.list!, 0];
  for (const path of memberPaths(sample, entry)) {
    const value = at(sample, path);
    const where = describePath(path);
    yield { name: `${where} absent`, answer: withMember(sample, path, REMOVE), expect: 'safe', oneEntry: listed, absent: describePath(path.slice(entry.length)) };
    if (value !== null) yield { name: `${where} null`, answer: withMember(sample, path, null), expect: 'safe', oneEntry: listed };
    for (const other of otherTypes(value)) yield { name: `${where} as ${other.name}`, answer: withMember(sample, path, other.value), expect: 'safe', oneEntry: listed };
  }

  // Every member of the entry at once (so a chain of fallbacks reaches its end): absent, null, an object, a list.
  const whole = at(sample, entry);
  if (isObject(whole)) {
    const each = (change: (value: unknown) => unknown) => Object.fromEntries(Object.entries(whole).map(([name, value]) => [name, change(value)]));
    yield { name: `${describePath(entry)} empty`, answer: withMember(sample, entry, {}), expect: 'safe', oneEntry: listed };
    yield { name: `every member of ${describePath(entry)} null`, answer: withMember(sample, entry, each(() => null)), expect: 'safe', oneEntry: listed };
    yield { name: `every member of ${describePath(entry)} an object`, answer: withMember(sample, entry, each((value) => ({ value }))), expect: 'safe', oneEntry: listed };
    yield { name: `every member of ${describePath(entry)} a list`, answer: withMember(sample, entry, each((value) => [value])), expect: 'safe', oneEntry: listed };
  }

  // Unknown members: on the answer, on the entry, and inside each object of the entry.
  const unknownsKept = reader.showsEveryMember ? 'safe' : 'same';
  if (isObject(sample)) yield { name: 'unknown members on the answer', answer: { ...sample, ...EXTRA }, expect: unknownsKept };
  for (const path of [entry, ...memberPaths(sample, entry)]) {
    const here = at(sample, path);
    if (!isObject(here)) continue;
    yield { name: `unknown members in ${describePath(path)}`, answer: withMember(sample, path, { ...here, ...EXTRA }), expect: unknownsKept };
  }

  // int64 ids beyond 2^53 (a bigint, as the exact reader gives them).
  for (const id of reader.ids ?? []) {
    yield { name: `${id} beyond 2^53`, answer: withMember(sample, [...entry, id], BIG), expect: 'readsId' };
  }
}

// ---- the checks ----------------------------------------------------------------------------------------

/** Every string and number the output holds, with where it is. */
function* leaves(value: unknown, where: string, seen = new Set<unknown>()): Generator<[string, string | number]> {
  if (typeof value === 'string' || typeof value === 'number') {
    yield [where, value];
    return;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  const entries: [string, unknown][] = value instanceof Map ? [...(value as Map<unknown, unknown>).entries()].map(([k, v]) => [String(k), v]) : Object.entries(value);
  for (const [name, member] of entries) yield* leaves(member, `${where}.${name}`, seen);
}

function assertReadable(output: unknown, context: string): void {
  for (const [where, value] of leaves(output, 'output')) {
    if (typeof value === 'number') assert.ok(!Number.isNaN(value), `${context}: NaN at ${where}`);
    else assert.doesNotMatch(value, BROKEN_TEXT, `${context}: ${where} = ${JSON.stringify(value.slice(0, 200))}`);
  }
}

/** The output as text, bigints as their digits. */
function textOfOutput(output: unknown): string {
  return JSON.stringify(output, (_name, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)) ?? '';
}

function runReader(reader: Reader): void {
  const kept = reader.kept ?? ((output: unknown) => output);
  const expected = reader.read(reader.sample);
  assertReadable(expected, `${reader.name}, the sample`);
  const sampleCount = reader.count?.(expected);
  if (sampleCount !== undefined) assert.ok(sampleCount >= 2, `${reader.name}: the sample lists at least two entries`);
  let mutations = 0;
  const fallbacksSeen = new Set<string | undefined>();
  for (const mutation of mutationsOf(reader)) {
    mutations += 1;
    const context = `${reader.name}, ${mutation.name}`;
    let output: unknown;
    assert.doesNotThrow(() => { output = reader.read(mutation.answer); }, context);
    assertReadable(output, context);
    if (mutation.expect === 'same') assert.deepEqual(kept(output), kept(expected), `${context}: reads as the sample`);
    if (mutation.expect === 'readsId') assert.ok(textOfOutput(output).includes(BIG_DIGITS), `${context}: the id's digits are read`);
    const fallback = mutation.absent === undefined ? undefined : reader.fallbacks?.[mutation.absent];
    if (fallback) {
      fallbacksSeen.add(mutation.absent);
      fallback(output);
    }
    if (mutation.oneEntry && sampleCount !== undefined) {
      assert.ok((reader.count?.(output) ?? 0) >= sampleCount - 1, `${context}: the other entries are still read`);
    }
  }
  assert.ok(mutations > 10, `${reader.name}: ${mutations} mutations`);
  for (const member of Object.keys(reader.fallbacks ?? {})) assert.ok(fallbacksSeen.has(member), `${reader.name}: no mutation left out ${member}`);
  for (const alternate of reader.alternates ?? []) {
    const context = `${reader.name}, ${alternate.name}`;
    let output: unknown;
    assert.doesNotThrow(() => { output = reader.read(alternate.answer); }, context);
    assertReadable(output, context);
    alternate.check(output);
  }
}

// ---- realistic answers (test/panel/SHAPES.md, first reading) --------------------------------------------

const NODE_1 = '0b7c8a52-1d7e-4c8b-9a3f-5e2d1c0b9a81';
const NODE_2 = '7e1f3a90-2b4c-4d5e-8f6a-1b2c3d4e5f60';
const KEY_1 = '2f4e6a80-1c3e-4a5b-9c7d-0e1f2a3b4c5d';
const KEY_2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const KEY_3 = '11112222-3333-4444-8555-666677778888';

const ALERTS = {
  items: [
    { id: 41, severity: 'critical', title: 'Node offline', message: 'waw-4 stopped answering', node_id: NODE_1, created_at: '2026-05-20T10:00:00Z', resolved: false, resolved_at: null },
    { id: 42, severity: 'warning', title: 'Apply failed', message: 'hel-3: bind: address in use', node_id: null, created_at: '2026-05-19T09:00:00Z', resolved: true, resolved_at: '2026-05-19T10:00:00Z' },
  ],
  total: 2,
  unresolved: 1,
};

const PROFILE = {
  id: 'c0ffee00-1111-4222-8333-444455556666', name: 'Default', active: true, accent_color: '#3366ff', custom_css: 'body { margin: 0 }',
  footer_text: '© Example', login_text: 'Welcome back', panel_name: 'Example Panel', primary_color: '#112233',
  support_link: 'https://example.com/help', theme_default: 'system',
  assets: { logo: { filename: 'logo.png', content_type: 'image/png', size: 1234, sha256: 'ab12', uploaded_at: '2026-05-01T00:00:00Z' } },
  created_at: '2026-04-01T00:00:00Z', updated_at: '2026-05-01T00:00:00Z',
};
const PROFILES = {
  items: [PROFILE, { ...PROFILE, id: 'c0ffee00-7777-4888-8999-aaaabbbbcccc', name: 'Dark', active: false, theme_default: 'dark', assets: {} }],
  total: 2,
  live: false,
};

const TEMPLATE_LIST = {
  items: [
    { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Minimal landing', description: 'A one-page site', builtin: true, version: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', updated_by: null, size: 2048 },
    { id: 'a1b2c3d4-0000-4000-8000-000000000004', name: 'Broken draft', description: 'Half done', builtin: false, version: 3, created_at: '2026-02-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z', updated_by: 'admin', size: 512 },
  ],
  total: 2,
};

const TEMPLATE = {
  id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Bakery', description: 'Shop front', html: '<!doctype html><title>{{site_name}}</title><h1>{{tagline}}</h1>',
  css: 'h1 { color: {{accent_color}} }',
  variables: [{ name: 'site_name', default: 'My site', description: 'The title' }, { name: 'tagline', default: 'Fresh bread' }, { name: 'accent_color', default: '#aa5500' }],
  builtin: false, version: 4, created_at: '2026-02-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z', updated_by: 'admin',
};

const SITE = {
  node_id: NODE_1, template_id: TEMPLATE.id, template_name: 'Bakery', enabled: true, upstream: null,
  variables: { site_name: 'Amsterdam Bakery' }, deployment: 'deployed', last_apply_at: '2026-05-20T08:00:00Z',
};

const FLEET_UPDATES = {
  items: [
    { id: 'f1e2d3c4-0000-4000-8000-000000000001', status: 'running', node_ids: [NODE_1, NODE_2], nodes: [{ node_id: NODE_1, state: 'updated' }, { node_id: NODE_2, state: 'pending' }], engine: 'mtg', target_version: '2.1.8', created_at: '2026-05-21T11:58:00Z', finished_at: null, stopped_at: null, created_by: 'admin' },
    { id: 'f1e2d3c4-0000-4000-8000-000000000002', status: 'finished', node_ids: [NODE_2], nodes: [{ node_id: NODE_2, state: 'updated' }], engine: 'mtg', target_version: '2.1.7', created_at: '2026-05-20T11:00:00Z', finished_at: '2026-05-20T11:03:00Z', stopped_at: null, created_by: 'owner' },
  ],
  total: 2,
};

const AUDIT = {
  items: [
    { id: 12, created_at: '2026-05-21T11:00:00Z', action: 'keys.create', actor: 'admin', api_token_id: 'tok_7f3c', target: { type: 'key', id: KEY_1 }, details: { label: 'alice' } },
    { id: 11, created_at: '2026-05-21T10:00:00Z', action: 'nodes.apply', actor: 'owner', api_token_id: null, target: { type: 'node', id: NODE_1 }, details: {} },
  ],
  total: 2, page: 1, per_page: 50, from: '2026-05-20T12:00:00Z', to: '2026-05-21T12:00:00Z',
};

const JOBS = [
  { id: 'b0b0b0b0-0000-4000-8000-000000000002', node_id: NODE_1, kind: 'apply', status: 'running', queued_at: '2026-05-21T11:59:00Z', started_at: '2026-05-21T11:59:30Z', finished_at: null, error: null, logs: ['queued', 'rendering configuration'] },
  { id: 'b0b0b0b0-0000-4000-8000-000000000001', node_id: NODE_1, kind: 'apply', status: 'failed', queued_at: '2026-05-20T10:00:00Z', started_at: '2026-05-20T10:00:01Z', finished_at: '2026-05-20T10:00:09Z', error: 'bind: address in use', logs: ['queued', 'failed'] },
];

const NODE = {
  id: NODE_1, name: 'ams-1', hostname: 'ams-1.example.net', ip: '203.0.113.10', region: 'eu-west', status: 'degraded', dirty: true,
  last_apply_at: '2026-05-21T11:00:00Z', last_seen_at: '2026-05-21T11:59:00Z', created_at: '2026-01-01T00:00:00Z', engine: 'mtg',
  engine_version: '2.1.7', agent_version: '0.9.1', position: 1, note: 'rack 4', keys_bound: 12,
};

const HEALTH = {
  node_id: NODE_1, status: 'online', healthy: true, uptime_seconds: 86400, cpu_percent: 12.5, memory_percent: 40, disk_percent: 61,
  engine: { name: 'mtg', version: '2.1.7', running: true }, checked_at: '2026-05-21T11:59:00Z',
};

const KEY = {
  id: KEY_1, label: 'alice', type: 'PERSONAL', note: 'laptop', owner_label: 'bob', state: 'active', status: 'active', carrier_mode: 'auto',
  client_support: { android: '>=10', ios: '>=8', desktop: '>=4' }, created_at: '2026-05-01T00:00:00Z', expires_at: '2026-06-01T00:00:00Z',
  disabled_at: null, revoked_at: null, last_seen_at: '2026-05-21T11:00:00Z', limits: { max_devices: 3, traffic_gb_month: 50 },
  subscription_active: false, subscription_legacy: false,
  live: { connections: 2, devices: 1, devices_15m: 1, ips: 1, online: true },
  nodes: [{ hostname: 'ams-1.example.net', node_id: NODE_1, node_name: 'ams-1', profile_sync: 'synced' }],
};

const LINK = { domain: 'ams-1.example.net', hostname: 'ams-1.example.net', kind: 'faketls', node_id: NODE_1, node_name: 'ams-1', tg: 'tg://proxy?server=ams-1.example.net&port=443&secret=ee00', tme: 'https://t.me/proxy?server=ams-1.example.net&port=443&secret=ee00' };

// ---- the readers ---------------------------------------------------------------------------------------

const alertsOf = (output: unknown) => (output as AlertList).alerts;
const profilesOf = (output: unknown) => (output as BrandingProfileList).profiles;
const templatesOf = (output: unknown) => (output as SiteTemplateList).templates;
const descriptionOf = (output: unknown) => (output as { description: string }).description;

const READERS: readonly Reader[] = [
  {
    name: 'parseAlerts (GET /alerts)',
    sample: ALERTS,
    read: parseAlerts,
    list: 'items',
    kept: alertsOf,
    count: (output) => alertsOf(output).length,
    ids: ['id'],
    fallbacks: {
      title: (output) => {
        const alert = alertsOf(output).find((one) => one.id === 41);
        assert.equal(alert?.title, 'waw-4 stopped answering', 'the message is the title');
        assert.equal(alert?.message, '');
      },
      severity: (output) => assert.deepEqual(alertsOf(output).filter((one) => one.id === 41).map((one) => [one.severity, one.severityText]), [['info', '']]),
      resolved: (output) => assert.equal(alertsOf(output).find((one) => one.id === 41)?.resolved, false),
      id: (output) => assert.equal(alertsOf(output).find((one) => one.title === 'Node offline')?.id, undefined),
    },
    alternates: [{
      name: 'level instead of severity, no title, under data with a count',
      answer: { data: [{ id: 7, level: 'critical', message: 'Node offline', node: { id: NODE_1, name: 'waw-4' }, created_at: '2026-05-20T10:00:00Z' }], count: 1 },
      check: (output) => {
        const [alert] = alertsOf(output);
        assert.equal(alert.severity, 'error');
        assert.equal(alert.severityText, 'critical');
        assert.equal(alert.title, 'Node offline');
        assert.equal(alert.resolved, false);
      },
    }],
  },
  {
    name: 'alertFacts (GET /alerts, for the chat tools)',
    sample: ALERTS.items[0],
    read: alertFacts,
  },
  {
    name: 'brandingProfiles (GET /branding/profiles)',
    sample: PROFILES,
    read: (answer) => brandingProfiles(answer, false),
    list: 'items',
    kept: profilesOf,
    count: (output) => profilesOf(output).length,
    ids: ['id'],
    fallbacks: {
      active: (output) => assert.equal(profilesOf(output)[0].active, false),
      name: (output) => assert.equal(profilesOf(output)[0].name, ''),
      id: (output) => assert.deepEqual(profilesOf(output).map((profile) => profile.name), ['Dark'], 'a profile without an id is left out'),
    },
    alternates: [{
      name: 'is_active instead of active, under data',
      answer: { data: [{ ...PROFILE, active: undefined, is_active: true }, { ...PROFILE, id: 'other', active: undefined, is_active: false }] },
      check: (output) => assert.deepEqual(profilesOf(output).map((profile) => profile.active), [true, false]),
    }],
  },
  {
    name: 'brandingProfile (a profile answer: create, PUT, activate)',
    sample: PROFILE,
    read: brandingProfile,
    ids: ['id'],
  },
  {
    name: 'parseSiteTemplates (GET /site-templates)',
    sample: TEMPLATE_LIST,
    read: parseSiteTemplates,
    list: 'items',
    // `details` shows the other short members in the tooltip, so unknown ones join it.
    kept: (output) => templatesOf(output).map(({ details: _details, ...rest }) => rest),
    count: (output) => templatesOf(output).length,
    ids: ['id'],
    fallbacks: {
      name: (output) => assert.equal(templatesOf(output)[0].name, TEMPLATE_LIST.items[0].id, 'the id names it'),
      builtin: (output) => assert.equal(templatesOf(output)[0].builtin, false),
    },
    alternates: [{
      name: 'built_in instead of builtin, title instead of name, the nodes serving it',
      answer: [{ id: 't-1', title: 'Minimal landing', built_in: true, nodes: [{ id: NODE_1, name: 'ams-1' }] }],
      check: (output) => {
        const [template] = templatesOf(output);
        assert.equal(template.builtin, true);
        assert.equal(template.name, 'Minimal landing');
        assert.deepEqual(template.servedBy, { count: 1, names: ['ams-1'] });
      },
    }],
  },
  {
    name: 'parseTemplateRecord, parseVariables (GET /site-templates/{id}, create answers)',
    sample: TEMPLATE,
    // What is shown and edited; `variablesAsRead` and `shape` are the panel's own values, echoed back unchanged on purpose.
    read: (answer) => {
      const record = parseTemplateRecord(answer);
      if (!record) return record;
      const { variablesAsRead: _echoed, shape: _shape, ...shown } = record;
      return shown;
    },
    ids: ['id'],
    fallbacks: {
      id: (output) => assert.equal(output, undefined, 'no id: no template'),
      name: (output) => assert.equal((output as SiteTemplateRecord).name, TEMPLATE.id),
      css: (output) => assert.equal((output as SiteTemplateRecord).css, ''),
      variables: (output) => assert.equal((output as SiteTemplateRecord).variables, undefined, 'placeholders are then not checked'),
      version: (output) => assert.equal((output as SiteTemplateRecord).version, undefined, 'saves are then last-write-wins'),
    },
    alternates: [
      {
        name: 'variables as an object of strings, built_in',
        answer: { ...TEMPLATE, builtin: undefined, built_in: true, variables: { site_name: 'My site', tagline: 'Fresh bread', accent_color: '#aa5500' } },
        check: (output) => {
          const record = output as SiteTemplateRecord;
          assert.deepEqual(record.variables, [{ name: 'site_name', default: 'My site' }, { name: 'tagline', default: 'Fresh bread' }, { name: 'accent_color', default: '#aa5500' }]);
          assert.equal(record.builtin, true);
        },
      },
      {
        name: 'variables as an object of other values: numbers, {default, description}',
        answer: { ...TEMPLATE, variables: { columns: 3, site_name: { default: 'My site', description: 'The title' }, flag: null } },
        check: (output) => assert.deepEqual((output as SiteTemplateRecord).variables, [
          { name: 'columns', default: '3' }, { name: 'site_name', default: 'My site', description: 'The title' }, { name: 'flag', default: '' },
        ]),
      },
    ],
  },
  {
    name: 'siteRows (GET /nodes/{id}/site)',
    sample: SITE,
    read: (answer) => siteRows(answer, t),
    showsEveryMember: true,
  },
  {
    name: 'fleetUpdatesOf, fleetUpdateDescription (GET /fleet/updates)',
    sample: FLEET_UPDATES,
    read: (answer) => fleetUpdatesOf(answer).map((update) => ({ id: update.id, status: update.status, running: update.running, nodeIds: update.nodeIds, text: fleetUpdateDescription(update, NOW, t) })),
    list: 'items',
    count: (output) => (output as unknown[]).length,
    ids: ['id'],
    fallbacks: {
      status: (output) => {
        const [update] = output as { running: boolean; text: string }[];
        assert.equal(update.running, false);
        assert.match(update.text, /^status unknown · /);
      },
      target_version: (output) => assert.match((output as { text: string }[])[0].text, /^running · 2 nodes · /),
    },
    alternates: [{
      name: 'the nodes only as {node_id, state}, no node_ids',
      answer: { data: [{ ...FLEET_UPDATES.items[0], node_ids: undefined }] },
      check: (output) => {
        const [update] = output as { nodeIds: string[]; text: string }[];
        assert.deepEqual(update.nodeIds, [NODE_1, NODE_2]);
        assert.match(update.text, /2 nodes → 2\.1\.8/);
      },
    }],
  },
  {
    name: 'auditEntries, auditColumns, auditRows, tokenIdOf (GET /audit)',
    sample: AUDIT,
    read: (answer) => {
      const entries = auditEntries(answer as JsonObject);
      const columns = auditColumns(entries);
      return { columns, rows: auditRows(entries, columns) };
    },
    list: 'items',
    count: (output) => (output as { rows: unknown[] }).rows.length,
    showsEveryMember: true,
    ids: ['id', 'api_token_id'],
    alternates: [{
      name: 'api_token_id as an int64 beyond 2^53 and as a number',
      answer: [{ ...AUDIT.items[0], api_token_id: 9007199254740993n }, { ...AUDIT.items[1], api_token_id: 17 }],
      check: (output) => assert.deepEqual((output as { rows: { tokenId?: string }[] }).rows.map((row) => row.tokenId), ['9007199254740993', '17']),
    }],
  },
  {
    name: 'rangeNote (GET /audit: the range the panel applied)',
    sample: AUDIT,
    read: (answer) => rangeNote({}, answer, true),
  },
  {
    name: 'subscriptionPreviewOf (GET /settings/subscription-page/preview)',
    sample: { title: 'Your subscription', html: '<h1>Hello</h1>' },
    read: subscriptionPreviewOf,
    fallbacks: {
      html: (output) => assert.match((output as { html: string }).html, /^<pre>\{/, 'the answer itself, escaped'),
      title: (output) => assert.equal((output as { title?: string }).title, undefined),
    },
  },
  {
    name: 'readShape (GET /dashboard/summary)',
    sample: { nodes: { total: 6, online: 4, offline: 1, degraded: 1, installing: 0, dirty: 2 }, keys: { total: 40, active: 20, expiring: 3, online: 6 }, connections: 120, alerts: { unresolved: 5 }, generated_at: '2026-05-21T12:00:00Z' },
    read: readShape,
    showsEveryMember: true,
  },
  {
    name: 'readShape (GET /dashboard/trends)',
    sample: { period: '24h', connections: [{ at: '2026-05-21T10:00:00Z', value: 100 }, { at: '2026-05-21T11:00:00Z', value: 120 }], keys_online: [{ at: '2026-05-21T10:00:00Z', value: 5 }, { at: '2026-05-21T11:00:00Z', value: 6 }] },
    read: readShape,
    showsEveryMember: true,
  },
  {
    name: 'readShape (GET /monitoring/overview)',
    sample: { nodes: { total: 2, online: 1 }, items: [{ node_id: NODE_1, name: 'ams-1', status: 'online', latency_ms: 12, last_seen_at: '2026-05-21T11:59:00Z' }, { node_id: NODE_2, name: 'waw-4', status: 'offline', latency_ms: null, last_seen_at: '2026-05-20T11:59:00Z' }] },
    read: readShape,
    showsEveryMember: true,
  },
  {
    name: 'jobsFrom, jobRows, logOf (GET /nodes/{id}/jobs)',
    sample: JOBS,
    read: (answer) => jobRows(jobsFrom(answer), NOW, t),
    list: '',
    count: (output) => (output as unknown[]).length,
    ids: ['id'],
    fallbacks: {
      status: (output) => assert.equal((output as { status: string }[])[0].status, 'unknown'),
      id: (output) => assert.equal((output as { key: string }[])[0].key, '#1'),
      logs: (output) => assert.deepEqual((output as { log: unknown[] }[])[0].log, []),
    },
  },
  {
    name: 'newJob (the apply watcher: the job an apply queued)',
    sample: JOBS,
    read: (answer) => {
      const jobs = jobsFrom(answer);
      return newJob(jobs.slice(1), jobs);
    },
    list: '',
    kept: (output) => (output as { id?: unknown } | undefined)?.id,
  },
  {
    name: 'applyJobText, jobFacts (one apply job)',
    sample: JOBS[1],
    read: (answer) => ({ text: applyJobText('ams-1', isObject(answer) ? answer : {}, t), facts: jobFacts(answer) }),
    showsEveryMember: true,
  },
  {
    name: 'nodeTooltipRows, nodeDescription, statusGroupOf, regionOf, nodeLabel, nodeFacts (GET /nodes/{id})',
    sample: NODE,
    read: (answer) => {
      const node = (isObject(answer) ? answer : {}) as Partial<PanelNode>;
      return { rows: nodeTooltipRows(node, t), description: nodeDescription(node, NOW, t), group: statusGroupOf(node), region: regionOf(node), label: nodeLabel(node, t), facts: nodeFacts(answer) };
    },
    showsEveryMember: true,
    fallbacks: {
      status: (output) => assert.match(descriptionOf(output), /^status unknown · /),
      last_apply_at: (output) => assert.match(descriptionOf(output), /never applied$/),
      name: (output) => assert.equal((output as { label: string }).label, NODE_1),
      region: (output) => assert.equal((output as { region: string }).region, ''),
    },
  },
  {
    name: 'scalarFields (GET /nodes/{id}/health)',
    sample: HEALTH,
    read: (answer) => scalarFields(answer, t),
    showsEveryMember: true,
  },
  {
    name: 'userDescription, userTooltipRows, userNodeBindings, bindingLabel, userFacts (a user: fields after subscription_short_url)',
    sample: KEY,
    read: (answer) => {
      const key = isObject(answer) ? answer : {};
      return {
        description: userDescription(key, NOW, t),
        rows: userTooltipRows(key, NOW, t),
        bindings: userNodeBindings(key).map((binding) => bindingLabel(binding, t)),
        facts: userFacts(answer),
      };
    },
    fallbacks: {
      expires_at: (output) => assert.match(descriptionOf(output), /no expiry/),
      live: (output) => assert.doesNotMatch(descriptionOf(output), /online/),
      'nodes[0].node_name': (output) => assert.deepEqual((output as { bindings: string[] }).bindings, ['ams-1.example.net']),
    },
  },
  {
    name: 'usersIn, createdCountOf (POST /keys/import)',
    sample: { imported: 2, items: [KEY, { ...KEY, id: KEY_2, label: 'carol' }] },
    read: (answer) => ({ keys: usersIn(answer).map((key) => key.id), count: createdCountOf(answer) }),
    list: 'items',
    count: (output) => (output as { keys: string[] }).keys.length,
    alternates: [
      {
        name: '{data: [...], count}',
        answer: { data: [KEY, { ...KEY, id: KEY_2 }], count: 2 },
        check: (output) => assert.deepEqual(output, { keys: [KEY_1, KEY_2], count: 2 }),
      },
      {
        name: 'a bare array of users',
        answer: [KEY, { ...KEY, id: KEY_2 }],
        check: (output) => assert.deepEqual(output, { keys: [KEY_1, KEY_2], count: 2 }),
      },
      {
        name: 'a bare array of ids (no users to take; the count is still read)',
        answer: [KEY_1, KEY_2],
        check: (output) => assert.deepEqual(output, { keys: [], count: 2 }),
      },
      {
        name: 'nothing but {imported}',
        answer: { imported: 3 },
        check: (output) => assert.deepEqual(output, { keys: [], count: 3 }),
      },
    ],
  },
  {
    name: 'usersIn, createdCountOf (POST /keys/batch)',
    sample: { items: [KEY, { ...KEY, id: KEY_2, label: 'carol' }], total: 2 },
    read: (answer) => ({ keys: usersIn(answer).map((key) => key.id), count: createdCountOf(answer) }),
    list: 'items',
    count: (output) => (output as { keys: string[] }).keys.length,
  },
  {
    name: 'bulkAnswerOf (POST /keys/bulk)',
    sample: { action: 'disable', updated: 1, skipped: [{ id: KEY_2, reason: 'key_revoked' }, { id: KEY_3, reason: 'not_found' }] },
    read: bulkAnswerOf,
    kept: (output) => (output as BulkAnswer).skipped,
    fallbacks: {
      updated: (output) => assert.equal((output as BulkAnswer).updated, undefined, 'the caller counts the users not skipped'),
      'skipped[0].reason': (output) => assert.deepEqual((output as BulkAnswer).skipped[0], { id: KEY_2, reason: '' }),
      'skipped[0].id': (output) => assert.deepEqual((output as BulkAnswer).skipped, [{ id: KEY_3, reason: 'not_found' }], 'the other skipped user is still read'),
    },
    alternates: [
      {
        name: '{operation, done: [id], failed: [{key_id, error}]}',
        answer: { operation: 'disable', done: [KEY_1], failed: [{ key_id: KEY_2, error: 'key_revoked' }] },
        check: (output) => assert.deepEqual(output, { updated: 1, skipped: [{ id: KEY_2, reason: 'key_revoked' }] }),
      },
      {
        name: 'lists of bare ids, an error object as the reason',
        answer: { updated: [KEY_1], skipped: [KEY_2], failed: [{ id: KEY_3, error: { code: 'not_found', message: 'no such key' } }] },
        check: (output) => assert.deepEqual(output, { updated: 1, skipped: [{ id: KEY_2, reason: '' }, { id: KEY_3, reason: 'not_found' }] }),
      },
    ],
  },
  {
    name: 'userCountsOf (GET /keys/summary)',
    sample: { total: 40, by_state: { active: 20, pending: 5, expiring: 3, expired: 4, disabled: 5, revoked: 3 }, by_type: { PERSONAL: 30, SHARED: 10 }, online: 6, devices: 9 },
    read: userCountsOf,
    fallbacks: {
      total: (output) => assert.equal((output as UserCounts).total, undefined),
      by_state: (output) => assert.deepEqual({ ...(output as UserCounts).byState }, {}),
    },
    alternates: [{
      name: '{count, states: [{state, count}]}',
      answer: { count: 40, states: [{ state: 'active', count: 20 }, { state: 'disabled', count: 5 }] },
      check: (output) => {
        const summary = output as UserCounts;
        assert.equal(summary.total, 40);
        assert.deepEqual({ ...summary.byState }, { active: 20, disabled: 5 });
      },
    }],
  },
  {
    name: 'linksIn (GET /keys/{id}/links)',
    sample: { key_id: KEY_1, items: [LINK, { ...LINK, node_id: NODE_2, node_name: 'fra-2' }] },
    read: linksIn,
    list: 'items',
    // What Copy Link reads of a link: where it leads and its two URLs.
    kept: (output) => (output as Record<string, unknown>[]).map((link) => [link.node_name ?? link.hostname ?? link.node_id, link.tg, link.tme]),
    count: (output) => (output as unknown[]).length,
  },
  {
    name: 'panelWordsOf (POST /nodes/preflight/dns: why a name does not resolve)',
    sample: { hostname: 'x.invalid', ok: false, addresses: [], message: 'NXDOMAIN' },
    read: (answer) => panelWordsOf(answer),
    alternates: [{
      name: 'the reason only in problems[]',
      answer: { hostname: 'x.invalid', ok: false, problems: ['no A or AAAA record for x.invalid (NXDOMAIN from 192.0.2.53)'] },
      check: (output) => assert.deepEqual(output, ['no A or AAAA record for x.invalid (NXDOMAIN from 192.0.2.53)']),
    }],
  },
];

describe('readers of answers the contract does not show, fed mutated shapes', () => {
  for (const reader of READERS) {
    it(reader.name, () => runReader(reader));
  }

  it('the generator changes what it says it changes, and the checks catch what they look for', () => {
    const mutations = [...mutationsOf({ name: 'x', sample: { items: [{ id: 1, name: 'a', tags: ['t'], meta: { n: 2 } }, { id: 2 }], total: 2 }, read: () => undefined, list: 'items', ids: ['id'] })];
    const byName = new Map(mutations.map((mutation) => [mutation.name, mutation.answer]));
    assert.deepEqual(byName.get('the list under data'), { total: 2, data: [{ id: 1, name: 'a', tags: ['t'], meta: { n: 2 } }, { id: 2 }] });
    assert.deepEqual(byName.get('the list bare'), [{ id: 1, name: 'a', tags: ['t'], meta: { n: 2 } }, { id: 2 }]);
    assert.deepEqual(byName.get('items[0].name absent'), { items: [{ id: 1, tags: ['t'], meta: { n: 2 } }, { id: 2 }], total: 2 });
    assert.deepEqual(byName.get('items[0].id as a string'), { items: [{ id: '1', name: 'a', tags: ['t'], meta: { n: 2 } }, { id: 2 }], total: 2 });
    assert.deepEqual(byName.get('items[0].meta as a list of it'), { items: [{ id: 1, name: 'a', tags: ['t'], meta: [{ n: 2 }] }, { id: 2 }], total: 2 });
    assert.deepEqual(byName.get('items[0].tags[0] null'), { items: [{ id: 1, name: 'a', tags: [null], meta: { n: 2 } }, { id: 2 }], total: 2 });
    assert.deepEqual(byName.get('every member of items[0] null'), { items: [{ id: null, name: null, tags: null, meta: null }, { id: 2 }], total: 2 });
    assert.deepEqual(byName.get('unknown members in items[0].meta'), { items: [{ id: 1, name: 'a', tags: ['t'], meta: { n: 2, ...EXTRA } }, { id: 2 }], total: 2 });
    assert.deepEqual(byName.get('id beyond 2^53'), { items: [{ id: BIG, name: 'a', tags: ['t'], meta: { n: 2 } }, { id: 2 }], total: 2 });
    assert.equal(mutations.find((mutation) => mutation.name === 'items[0].meta.n absent')?.absent, 'meta.n');
    assert.throws(() => assertReadable({ label: 'Node undefined' }, 'x'), /undefined/);
    assert.throws(() => assertReadable(['[object Object]'], 'x'));
    assert.throws(() => assertReadable({ n: Number.NaN }, 'x'), /NaN/);
  });
});
