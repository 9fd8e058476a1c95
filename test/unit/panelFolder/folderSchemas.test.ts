// The JSON schemas of a panel folder's files (media/schemas/panel-folder-*.schema.json, for VS Code's
// jsonValidation) say what the plan checks (src/panelFolder/readFolder.ts): the same members with the same
// types, closed where the plan refuses unknown members; and the files a pull writes hold only what they allow.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pullFiles } from '../../../src/panelFolder/pullFiles';
import { BRANDING_CHECKS, NODE_CHECKS, SITE_CHECKS, TEMPLATE_CHECKS, type Check } from '../../../src/panelFolder/readFolder';
import { readPanel } from '../../../src/panelFolder/readPanel';
import { usePanel } from '../support/clientPanelHooks';

interface Schema {
  type?: string | string[];
  minimum?: number;
  minLength?: number;
  additionalProperties?: unknown;
  required?: string[];
  properties?: Record<string, Schema | false>;
}

function schema(name: string): Schema {
  return JSON.parse(readFileSync(resolve(__dirname, '../../../../media/schemas', `panel-folder-${name}.schema.json`), 'utf8')) as Schema;
}

function typeOf(check: Check): string | string[] | undefined {
  switch (check) {
    case 'string':
    case 'nonEmptyString': return 'string';
    case 'stringOrNull': return ['string', 'null'];
    case 'boolean': return 'boolean';
    case 'object': return 'object';
    case 'positiveInteger': return 'integer';
    case 'json': return undefined; // any JSON: no type
  }
}

function sameAsChecks(name: string, properties: Record<string, Schema | false>, checks: Readonly<Record<string, Check>>): void {
  const typed = Object.entries(properties).filter((entry): entry is [string, Schema] => entry[1] !== false);
  assert.deepEqual(typed.map(([member]) => member).sort(), Object.keys(checks).sort(), `${name}: the members the plan checks`);
  for (const [member, property] of typed) {
    assert.deepEqual(property.type, typeOf(checks[member]), `${name}.${member}`);
    if (checks[member] === 'nonEmptyString') assert.equal(property.minLength, 1, `${name}.${member} not empty`);
    if (checks[member] === 'positiveInteger') assert.equal(property.minimum, 1, `${name}.${member} from 1`);
  }
}

describe('panel folder: JSON schemas of its files', () => {
  const fixture = usePanel({ dataset: 'demo' });

  it('describe the members and types the plan checks, closed where the plan refuses others', () => {
    const node = schema('node');
    sameAsChecks('node', node.properties ?? {}, NODE_CHECKS);
    sameAsChecks('node.site', (node.properties?.site as Schema).properties ?? {}, SITE_CHECKS);
    assert.equal(node.additionalProperties, false);
    const branding = schema('branding');
    sameAsChecks('branding', branding.properties ?? {}, BRANDING_CHECKS);
    assert.equal(branding.additionalProperties, false);
    const template = schema('template');
    sameAsChecks('template', template.properties ?? {}, TEMPLATE_CHECKS);
    assert.deepEqual(['html', 'css', 'variables'].map((member) => template.properties?.[member]), [false, false, false], 'the files beside it, never members');
    for (const [name, value] of [['node', node], ['branding', branding], ['template', template]] as const) assert.deepEqual(value.required, ['name'], name);
  });

  it('allow every file a pull writes: no member a closed schema leaves out', async () => {
    const { files } = pullFiles(await readPanel(fixture.client()));
    const closed = [[/^nodes\/[^/]+\.node\.json$/, schema('node')], [/^branding\/[^/]+\.branding\.json$/, schema('branding')]] as const;
    let checked = 0;
    for (const [path, text] of files) {
      for (const [pattern, shape] of closed) {
        if (!pattern.test(path)) continue;
        checked++;
        const doc = JSON.parse(text) as Record<string, unknown>;
        for (const member of Object.keys(doc)) assert.ok(shape.properties?.[member], `${path}: ${member}`);
      }
    }
    assert.ok(checked >= 9, `${checked} files checked`);
    const state = JSON.parse(files.get('.panelops/state.json') ?? '{}') as Record<string, unknown>;
    assert.deepEqual(Object.keys(state).sort(), Object.keys(schema('state').properties ?? {}).sort());
  });
});
