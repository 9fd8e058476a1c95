// Scalars read from the silent parts of an answer however a panel shapes them, and written back in that shape.
import * as assert from 'node:assert/strict';
import { flagOf, inShapeOf, memberNamed, scalarOf } from '../../../src/api/silentValues';

describe('silent values: read in any shape, written back in the shape read', () => {
  it('reads a scalar as it is or wrapped', () => {
    assert.equal(scalarOf('a'), 'a');
    assert.equal(scalarOf({ value: 'a', source: 'panel' }), 'a');
    assert.equal(scalarOf({ url: null, enabled: false }), null);
    assert.equal(scalarOf({ whatever: 7 }), 7);
    assert.equal(scalarOf({ a: 1, b: 2 }), undefined);
    assert.equal(scalarOf([1]), undefined);
  });

  it('reads a flag from true, 1, "true", "yes", wrapped; nothing from other text', () => {
    assert.deepEqual([true, 1, '1', 'true', 'Yes', { value: 1 }].map(flagOf), [true, true, true, true, true, true]);
    assert.deepEqual([false, 0, '0', 'false', 'no', { value: false }].map(flagOf), [false, false, false, false, false, false]);
    assert.deepEqual(['maybe', 2, {}, null].map(flagOf), [undefined, undefined, undefined, undefined]);
  });

  it('finds the first member present among names', () => {
    assert.deepEqual(memberNamed({ comment: { value: 'x' }, notes: 'y' }, ['note', 'notes', 'comment']), { name: 'notes', value: 'y' });
    assert.equal(memberNamed({}, ['note']), undefined);
  });

  it('writes a new value in the shape read', () => {
    assert.deepEqual(inShapeOf({ value: 'a', source: 'panel' }, 'b'), { value: 'b', source: 'panel' });
    assert.deepEqual(inShapeOf({ url: 'https://a', enabled: true }, 'https://b'), { url: 'https://b', enabled: true });
    assert.equal(inShapeOf(1, false), 0);
    assert.equal(inShapeOf('true', false), 'false');
    assert.equal(inShapeOf('1', false), '0');
    assert.equal(inShapeOf('5', 7), '7');
    assert.equal(inShapeOf(5, 7), 7);
    assert.equal(inShapeOf('a', 'b'), 'b');
    assert.equal(inShapeOf({ a: 1, b: 2 }, 'x'), 'x');
  });
});
