// The branding form's messages: only the nine fields of spec 2.4 as strings are accepted from the page,
// and a save sends only the fields whose value differs from what the panel holds.
import * as assert from 'node:assert/strict';
import { changedFields, parseBrandingFormMessage, valueToShow } from '../../../src/webviews/branding/protocol';

describe('webviews: branding form messages', () => {
  it('accepts a save of the 2.4 fields as strings, and nothing else', () => {
    assert.deepEqual(parseBrandingFormMessage({ type: 'save', fields: { primary_color: '#123456', name: 'X' } }), { type: 'save', fields: { primary_color: '#123456', name: 'X' } });
    assert.equal(parseBrandingFormMessage({ type: 'save', fields: { logo_url: 'x' } }), undefined, 'a field outside spec 2.4');
    assert.equal(parseBrandingFormMessage({ type: 'save', fields: { name: 5 } }), undefined, 'a value that is not a string');
    assert.equal(parseBrandingFormMessage({ type: 'save', fields: [] }), undefined);
    assert.equal(parseBrandingFormMessage({ type: 'delete' }), undefined);
    assert.deepEqual(parseBrandingFormMessage({ type: 'preview' }), { type: 'preview' });
  });

  it('sends only what changed; an empty field the panel does not have is no change', () => {
    const held = { name: 'A', primary_color: '#111111' };
    assert.deepEqual(changedFields(held, { name: 'A', primary_color: '#222222', footer_text: '' }), { primary_color: '#222222' });
    assert.deepEqual(changedFields(held, { name: 'A' }), {});
    assert.deepEqual(changedFields(held, { footer_text: 'new' }), { footer_text: 'new' });
  });

  it('follows a change made elsewhere into a control not edited, and keeps what was typed otherwise', () => {
    assert.equal(valueToShow('#111111', '#111111', '#abcdef', false), '#abcdef', 'not edited: the new value, so Save does not undo the other edit');
    assert.equal(valueToShow('#222222', '#111111', '#abcdef', false), '#222222', 'typed: kept');
    assert.equal(valueToShow('#222222', '#111111', '#111111', false), '#222222', 'a failed or cancelled save keeps what was typed');
    assert.equal(valueToShow('#222222', '#111111', '#222222', true), '#222222', 'a save that succeeded shows the values saved');
    assert.equal(valueToShow('typed', undefined, 'held', true), 'held', 'the first state');
    assert.equal(valueToShow('typed', undefined, 'held', false), 'typed');
  });
});
