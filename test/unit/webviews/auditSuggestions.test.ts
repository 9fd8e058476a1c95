// The audit log's filter suggestions: prefixes from the actions a panel returned, as that panel names them.
import * as assert from 'node:assert/strict';
import { actionSuggestions } from '../../../src/webviews/audit/auditTable';

describe('webviews: audit action suggestions', () => {
  it('suggests each group, then the full actions, the most frequent first, as the panel names them', () => {
    assert.deepEqual(actionSuggestions(['key.create', 'key.disable', 'node.apply', 'key.create']), ['key.', 'node.', 'key.create', 'key.disable', 'node.apply']);
    assert.deepEqual(actionSuggestions(['keys.create', 'nodes.apply', 'nodes.apply']), ['nodes.', 'keys.', 'nodes.apply', 'keys.create']);
  });

  it('keeps at most max, and skips names that are not one printable word', () => {
    assert.equal(actionSuggestions(Array.from({ length: 20 }, (_, index) => `group${index}.verb`), 8).length, 8);
    assert.deepEqual(actionSuggestions(['login', 'a b.c', 'x.<img src=x>', '', 'ünicode.x']), ['login']);
  });
});
