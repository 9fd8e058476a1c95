import * as assert from 'node:assert/strict';
import { stableIds } from '../../../src/views/shared/stableIds';

describe('views: tree item ids from the panel\'s ids', () => {
  it('keeps ids apart when the panel repeats one, and gives an item without id its position', () => {
    assert.deepEqual(stableIds('alerts', [7, 7, undefined, '7', 9007199254740993n]), [
      'alerts/7', 'alerts/7#2', 'alerts/#2', 'alerts/7#3', 'alerts/9007199254740993',
    ]);
  });

  it('makes ids plain and short', () => {
    const [id] = stableIds('t', ['a\u202eb\n' + 'x'.repeat(500)]);
    assert.ok(id.length <= 102);
    assert.doesNotMatch(id, /[\u202e\n]/);
  });
});
