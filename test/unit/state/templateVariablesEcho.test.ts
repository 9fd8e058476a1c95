// Echo what you read (test/panel/SHAPES.md "Readings"): a template's or a site's variables go back to the
// panel in the shape it gave them (src/state/siteTemplateRecord.ts), whatever shape is used to show them.
import * as assert from 'node:assert/strict';
import type { JsonValue } from '../../../src/api/types';
import { parseTemplateRecord, templateBody, variablesInShape, variablesLike } from '../../../src/state/siteTemplateRecord';

const LIST: JsonValue[] = [{ name: 'site_name', default: 'Cafe', description: 'shown as the title', x_hint: 1 }, { name: 'tagline', default: 'Hi' }];
const OBJECT = { site_name: 'Cafe', tagline: 'Hi' };
const VALUES_LIST = [{ name: 'site_name', value: 'Cafe' }];

describe('template variables: echoed in the panel\'s shape', () => {
  it('keeps what was read beside the normalised list', () => {
    for (const variables of [LIST, OBJECT, ['site_name', 'tagline']]) {
      const record = parseTemplateRecord({ id: 't', variables });
      assert.deepEqual(record?.variablesAsRead, variables);
      assert.deepEqual(record?.variables?.map((variable) => variable.name), ['site_name', 'tagline']);
    }
    assert.equal(parseTemplateRecord({ id: 't' })?.variablesAsRead, undefined);
  });

  it('puts typed values in as defaults, keeping member names and unknown members', () => {
    assert.deepEqual(variablesInShape(OBJECT, { site_name: 'Harbour' }), { site_name: 'Harbour', tagline: 'Hi' });
    assert.deepEqual(variablesInShape(LIST, { site_name: 'Harbour' }), [{ ...(LIST[0] as object), default: 'Harbour' }, LIST[1]]);
    assert.deepEqual(variablesInShape(VALUES_LIST, { site_name: 'Harbour' }), [{ name: 'site_name', value: 'Harbour' }]);
    assert.deepEqual(variablesInShape(['site_name'], { site_name: 'Harbour' }), ['site_name'], 'a list of names has nowhere for a value');
    assert.equal(variablesInShape(undefined, { site_name: 'Harbour' }), undefined);
  });

  it('adds the missing names of a site\'s values in its shape', () => {
    assert.deepEqual(variablesInShape({}, { a: '1' }, { addMissing: true }), { a: '1' });
    assert.deepEqual(variablesInShape(VALUES_LIST, { tagline: 'x' }, { addMissing: true }), [...VALUES_LIST, { name: 'tagline', value: 'x' }]);
    assert.deepEqual(variablesInShape(undefined, { a: '1' }, { addMissing: true }), { a: '1' });
  });

  it('sends typed variables in the panel\'s shape when they were typed in another', () => {
    assert.deepEqual(variablesLike(OBJECT, [{ name: 'site_name', default: 'A' }, { name: 'extra', default: '' }]), { site_name: 'A', extra: '' });
    assert.deepEqual(variablesLike(LIST, { site_name: 'A' }), [{ name: 'site_name', default: 'A' }]);
    assert.deepEqual(variablesLike(VALUES_LIST, { site_name: 'A' }), [{ name: 'site_name', value: 'A' }]);
    assert.deepEqual(variablesLike(['site_name'], { a: 'x', b: 'y' }), ['a', 'b']);
    const typed = { site_name: 'A', extra: '' };
    assert.equal(variablesLike(OBJECT, typed), typed, 'typed in the panel\'s shape: sent as typed');
    assert.deepEqual(variablesLike(undefined, [{ name: 'a' }]), [{ name: 'a' }]);
  });
});

describe('template bodies: members under the names and in the shapes the panel gave them', () => {
  // As a seeded reading shows a template (random:0): html renamed and wrapped, variables renamed, each
  // variable's default renamed and its description wrapped.
  const SEEDED = {
    id: 't', name: 'Cafe', description: { value: 'A cafe' }, markup: { value: '<p>{{site_name}}</p>' }, css: 'p {}', version: '4',
    params: [{ name: 'site_name', default_value: 'Cafe', description: { value: 'the title' } }],
  };

  it('reads each member whatever it is called and however it is wrapped', () => {
    const record = parseTemplateRecord(SEEDED);
    assert.equal(record?.html, '<p>{{site_name}}</p>');
    assert.equal(record?.description, 'A cafe');
    assert.equal(record?.version, '4');
    assert.deepEqual(record?.variables, [{ name: 'site_name', default: 'Cafe', description: 'the title' }]);
    assert.deepEqual(record?.variablesAsRead, SEEDED.params);
  });

  it('writes a body in that shape, typed variables included', () => {
    const record = parseTemplateRecord(SEEDED);
    const body = templateBody({ html: '<p>new</p>', version: record?.version, variables: [{ name: 'site_name', default: 'Bar' }, { name: 'motto', default: 'Hi' }] }, record?.shape);
    assert.deepEqual(body, {
      markup: { value: '<p>new</p>' }, version: '4',
      params: [{ name: 'site_name', default_value: 'Bar' }, { name: 'motto', default_value: 'Hi' }],
    });
    assert.deepEqual(templateBody({ html: '<p>x</p>' }, undefined), { html: '<p>x</p>' }, 'no shape read: the contract\'s names');
  });

  it('puts typed variables in a panel\'s object keyed by name', () => {
    const keyed = { site_name: { default_value: { value: 'Cafe' }, summary: 'the title' } };
    assert.deepEqual(variablesLike(keyed, [{ name: 'site_name', default: 'Bar', description: 'new title' }]), { site_name: { default_value: { value: 'Bar' }, summary: 'new title' } });
    assert.equal(variablesLike(keyed, keyed), keyed, 'typed in the panel\'s shape: sent as typed');
  });
});
