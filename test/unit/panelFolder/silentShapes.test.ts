// Checks only where the contract speaks (issue 33, part 3): every file a pull writes, under every reading,
// passes the folder's own check, whole and one file at a time as the editor's live check reads an open file,
// and its state file passes the state file's JSON schema; members whose shape the contract does not give (a
// node site's upstream, enabled and variables, a blocklist, a web policy, reliability, template members)
// accept any JSON; a file's real problem (an unknown template) is told whatever else is odd in it; and a
// node site's upstream given as an object is planned and sent back in that shape.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PanelApi } from '../../../src/api';
import type { JsonObject, JsonValue } from '../../../src/api/types';
import { applyFolder, fileJson, fileProblems, leafChanges, planPanel, pullPanel, readFolder, stateAfterApply } from '../../../src/panelFolder';
import { checkedFileAt } from '../../../src/panelFolder/layoutFiles';
import { NODE_ORDER } from '../../../src/panelFolder/pullFiles';
import { parseJsonExact } from '../../../src/api/exactJson';
import { READINGS, UPSTREAM_OBJECT_SEED, wrapsUpstream, type Reading } from '../../panel';
import { useDemoPanels } from '../support/demoPanels';

/** Seeded readings that vary every silent shape: the seed whose node sites give the upstream as an object, and more. */
const RANDOM_READINGS: readonly Reading[] = [UPSTREAM_OBJECT_SEED, 1, 2, 3, 5, 8, 13, 21, 34, 55].map((seed) => `random:${seed}` as Reading);

interface Schema {
  type?: string | string[];
  minimum?: number;
  minLength?: number;
  const?: unknown;
  enum?: unknown[];
  additionalProperties?: Schema | boolean;
  required?: string[];
  properties?: Record<string, Schema | false>;
  items?: Schema;
}

function schema(name: string): Schema {
  return JSON.parse(readFileSync(resolve(__dirname, '../../../../media/schemas', `panel-folder-${name}.schema.json`), 'utf8')) as Schema;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' || typeof value === 'bigint') return Number.isInteger(Number(value)) ? 'integer' : 'number';
  return typeof value;
}

/** The errors of `value` against the draft-07 subset the state file's schema uses. */
export function schemaErrors(value: unknown, shape: Schema | boolean, at = '$'): string[] {
  if (shape === true) return [];
  if (shape === false) return [`${at}: not allowed`];
  const errors: string[] = [];
  if (shape.type !== undefined) {
    const types = Array.isArray(shape.type) ? shape.type : [shape.type];
    const actual = jsonType(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) return [`${at}: ${actual}, not ${types.join(' or ')}`];
  }
  if (shape.const !== undefined && JSON.stringify(shape.const) !== JSON.stringify(value)) errors.push(`${at}: not ${JSON.stringify(shape.const)}`);
  if (shape.enum && !shape.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) errors.push(`${at}: not one of ${JSON.stringify(shape.enum)}`);
  if (typeof value === 'string' && shape.minLength !== undefined && value.length < shape.minLength) errors.push(`${at}: too short`);
  if (typeof value === 'number' && shape.minimum !== undefined && value < shape.minimum) errors.push(`${at}: below ${shape.minimum}`);
  if (Array.isArray(value) && shape.items) value.forEach((item, index) => errors.push(...schemaErrors(item, shape.items as Schema, `${at}[${index}]`)));
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of shape.required ?? []) if (!Object.hasOwn(record, name)) errors.push(`${at}.${name}: required`);
    for (const [name, member] of Object.entries(record)) {
      const property = shape.properties?.[name];
      if (property !== undefined) errors.push(...schemaErrors(member, property, `${at}.${name}`));
      else if (shape.additionalProperties !== undefined) errors.push(...schemaErrors(member, shape.additionalProperties, `${at}.${name}`));
    }
  }
  return errors;
}

/** A node file of odd shapes: numbers as strings, objects where a panel may give them, unknown members. */
const ODD_NODE = {
  name: 'odd-9', hostname: 'odd-9.proxy.example.net', region: { code: 'fra', label: 'Frankfurt' }, note: 42, order: 9,
  site: { template: 'No such', enabled: 1, upstream: { url: 'https://a.example', enabled: true }, variables: [{ name: 'x', value: '1' }], extra: { nested: { deep: '2' } } },
  blocklist: ['198.51.100.0/24'], web_policy: { mode: 'allow', limits: { per_minute: '60' } }, reliability: 'strict',
};

describe('panel folder: checks only where the contract speaks', function () {
  this.timeout(60_000);
  const startDemo = useDemoPanels();
  const start = (reading: Reading = 'first') => startDemo({ readings: { reading }, jobStepMs: 60_000 });

  for (const reading of [...READINGS, ...RANDOM_READINGS]) {
    it(`every file a pull writes passes the folder's own check, whole and file by file, and the state file its schema (${reading} reading)`, async () => {
      const { api } = await start(reading);
      const { files } = await pullPanel(api);
      let checked = 0;
      for (const [path, text] of files) {
        // As the editor's live check reads each open node, branding, template.json and state file.
        if (!checkedFileAt(`/workspace/panel/${path}`)) continue;
        checked++;
        assert.deepEqual(fileProblems(path, text), [], path);
      }
      assert.ok(checked >= 13, `${checked} files checked: every node, template and profile pulled, and the state file`);
      assert.deepEqual(schemaErrors(JSON.parse(files.get('.panelops/state.json') ?? ''), schema('state')), [], 'the state file');
      assert.deepEqual(readFolder(files).problems, [], 'the folder\'s own check refuses none of its own files');
    });
  }

  it('accepts any JSON where the contract gives no shape: a hand-made node of odd shapes passes the check', () => {
    const text = fileJson(ODD_NODE as unknown as JsonObject, NODE_ORDER);
    assert.deepEqual(readFolder(new Map([['nodes/odd-9.node.json', text]])).problems, []);
    // What the contract or the folder itself gives is still checked.
    const wrong = fileJson({ ...ODD_NODE, name: '', order: 'first', site: { ...ODD_NODE.site, template: 7 } } as unknown as JsonObject, NODE_ORDER);
    assert.deepEqual(readFolder(new Map([['nodes/odd-9.node.json', wrong]])).problems.map((problem) => `${problem.code} ${problem.field}`).sort(), [
      'wrongType name', 'wrongType order', 'wrongType site.template',
    ]);
  });

  it('tells exactly the unknown template of a node whose upstream is an object', async () => {
    const { api } = await start();
    const { files: pulled } = await pullPanel(api);
    const files = new Map(pulled);
    const doc = parseJsonExact(files.get('nodes/ams-1.node.json') ?? '') as JsonObject;
    doc.site = { upstream: { url: 'https://a.example', enabled: true }, template: 'No such' };
    files.set('nodes/ams-1.node.json', fileJson(doc, NODE_ORDER));
    const plan = await planPanel(api, files);
    assert.deepEqual(plan.problems.map((problem) => `${problem.file} ${problem.code} ${problem.field} ${problem.value}`), ['nodes/ams-1.node.json unknownTemplate site.template No such']);
    // Beside another problem of the same file, the unknown template is still told.
    doc.order = 0;
    files.set('nodes/ams-1.node.json', fileJson(doc, NODE_ORDER));
    const both = await planPanel(api, files);
    assert.deepEqual(both.problems.map((problem) => `${problem.code} ${problem.field}`).sort(), ['unknownTemplate site.template', 'wrongType order']);
    assert.deepEqual(both.changes, []);
  });

  it('plans and applies a node site\'s upstream given as an object in that shape; the next plan is empty', async () => {
    const { panel, api } = await start();
    // A panel that gives the upstream as {url, enabled} and takes it back in that shape.
    const sent: JsonObject[] = [];
    const wrapped = (site: JsonObject | undefined): JsonObject | undefined => site && ({ ...site, upstream: { enabled: site.upstream !== null, url: site.upstream ?? null } });
    const objectApi: PanelApi = {
      ...api,
      refusedFields: api.refusedFields,
      baseUrl: api.baseUrl,
      nodes: {
        ...api.nodes,
        site: {
          ...api.nodes.site,
          get: async (id, opts) => wrapped(await api.nodes.site.get(id, opts)) as JsonObject,
          upstream: async (id, body, opts) => {
            sent.push(body);
            const url = body.url as JsonObject | null;
            if (typeof url !== 'object' || url === null || !Object.hasOwn(url, 'enabled')) throw new Error('this panel takes the upstream as {url, enabled}');
            return wrapped(await api.nodes.site.upstream(id, { url: url.url ?? null }, opts));
          },
        },
      },
    };
    const { files: pulled } = await pullPanel(objectApi);
    const ams = parseJsonExact(pulled.get('nodes/ams-1.node.json') ?? '') as { site: { upstream: JsonValue } };
    assert.deepEqual(ams.site.upstream, { enabled: false, url: null }, 'pulled as the panel gives it');
    assert.deepEqual(readFolder(pulled).problems, []);
    const files = new Map(pulled);
    const doc = parseJsonExact(files.get('nodes/ams-1.node.json') ?? '') as JsonObject;
    (doc.site as JsonObject).upstream = { enabled: true, url: 'https://a.example' };
    files.set('nodes/ams-1.node.json', fileJson(doc, NODE_ORDER));
    const plan = await planPanel(objectApi, files);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(plan.changes.map((change) => `${change.name}: ${change.fields.map((field) => field.field).join(',')}`), ['ams-1: site.upstream']);
    const result = await applyFolder(objectApi, plan);
    assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['ams-1 applied']);
    assert.deepEqual(sent, [{ url: { enabled: true, url: 'https://a.example' } }], 'sent back in the shape read');
    const node = [...panel.data.nodes.values()].find((entry) => entry.name === 'ams-1');
    assert.equal(node?.site.upstream, 'https://a.example');
    const next = await planPanel(objectApi, files);
    assert.deepEqual(next.changes, [], 'the next plan is empty');
  });

  it(`plans and applies an upstream edit in the shape a seeded panel gives (random:${UPSTREAM_OBJECT_SEED}: an object); the next plan is empty`, async () => {
    assert.ok(wrapsUpstream(UPSTREAM_OBJECT_SEED));
    const { panel, api } = await start(`random:${UPSTREAM_OBJECT_SEED}` as Reading);
    const { files: pulled } = await pullPanel(api);
    assert.deepEqual(readFolder(pulled).problems, []);
    const files = new Map(pulled);
    const doc = parseJsonExact(files.get('nodes/fra-2.node.json') ?? '') as JsonObject;
    const site = doc.site as JsonObject;
    assert.ok(site.upstream !== null && typeof site.upstream === 'object' && !Array.isArray(site.upstream), `an object: ${JSON.stringify(site.upstream)}`);
    const upstream = site.upstream as JsonObject;
    const urlMember = ['url', 'href', 'address', 'target', 'value'].find((name) => Object.hasOwn(upstream, name)) ?? 'url';
    // An address, and (when the shape says whether it is on) on, in the types the panel gave.
    site.upstream = { ...upstream, [urlMember]: 'https://c.example', ...(typeof upstream.enabled === 'boolean' ? { enabled: true } : {}) };
    files.set('nodes/fra-2.node.json', fileJson(doc, NODE_ORDER));
    const plan = await planPanel(api, files);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(plan.changes.map((change) => `${change.name}: ${change.fields.map((field) => field.field).join(',')}`), ['fra-2: site.upstream']);
    panel.resetRequests();
    const result = await applyFolder(api, plan);
    assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['fra-2 applied']);
    assert.deepEqual(panel.requests.filter((request) => request.path.endsWith('/site/upstream')).map((request) => request.status), [200], 'taken at once, in the shape read');
    assert.equal([...panel.data.nodes.values()].find((entry) => entry.name === 'fra-2')?.site.upstream, 'https://c.example');
    assert.deepEqual((await planPanel(api, files)).changes, [], 'the next plan is empty');
  });

  it(`tells an edit the panel took but holds otherwise: an upstream address set while its object says enabled: false (random:${UPSTREAM_OBJECT_SEED})`, async () => {
    const { panel, api } = await start(`random:${UPSTREAM_OBJECT_SEED}` as Reading);
    const { files: pulled } = await pullPanel(api);
    const files = new Map(pulled);
    const doc = parseJsonExact(files.get('nodes/fra-2.node.json') ?? '') as JsonObject;
    const site = doc.site as JsonObject;
    const upstream = site.upstream as JsonObject;
    assert.equal(upstream.enabled, false, `the seed gives a site without upstream as {url: null, enabled: false}: ${JSON.stringify(upstream)}`);
    // Only the address: this panel keeps an upstream that is not enabled as none.
    site.upstream = { ...upstream, url: 'https://c.example' };
    files.set('nodes/fra-2.node.json', fileJson(doc, NODE_ORDER));
    const result = await applyFolder(api, await planPanel(api, files));
    assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['fra-2 applied'], 'the panel took the request');
    assert.equal([...panel.data.nodes.values()].find((entry) => entry.name === 'fra-2')?.site.upstream, null);
    const after = await stateAfterApply(api, files, { applied: result.outcomes });
    assert.deepEqual(after.notHeld.map((change) => `${change.name}: ${leafChanges(change.fields).map((field) => `${field.field} ${JSON.stringify(field.from)} → ${JSON.stringify(field.to)}`).join('; ')}`),
      ['fra-2: site.upstream.url null → "https://c.example"'], 'read again, the panel holds no address: told, not reported as applied alone');
  });

  it('falls back to {url} when the panel refuses the upstream in object shape', async () => {
    const { panel, api } = await start('first');
    const { files: pulled } = await pullPanel(api);
    const files = new Map(pulled);
    const doc = parseJsonExact(files.get('nodes/fra-2.node.json') ?? '') as JsonObject;
    (doc.site as JsonObject).upstream = { url: 'https://b.example', enabled: true };
    files.set('nodes/fra-2.node.json', fileJson(doc, NODE_ORDER));
    const plan = await planPanel(api, files);
    assert.deepEqual(plan.problems, []);
    panel.resetRequests();
    const result = await applyFolder(api, plan);
    assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['fra-2 applied']);
    const upstreamRequests = panel.requests.filter((request) => request.path.endsWith('/site/upstream'));
    assert.deepEqual(upstreamRequests.map((request) => request.status), [422, 200], 'the object refused, then the URL as {url}');
    assert.equal([...panel.data.nodes.values()].find((entry) => entry.name === 'fra-2')?.site.upstream, 'https://b.example');
  });
});
