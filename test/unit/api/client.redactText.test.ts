import * as assert from 'node:assert/strict';
import { redact } from '../../../src/api/redaction';

describe('client: redaction of text', () => {
  it('replaces every occurrence of a secret and anything after Bearer', () => {
    const token = 'pmt_aaaabbbbccccddddeeeeffff0000111122223333';
    const text = `token=${token} again ${token}; header Authorization: Bearer something-else`;
    const out = redact(text, [token]);
    assert.ok(!out.includes(token));
    assert.ok(!out.includes('something-else'));
    assert.equal(out.match(/\[redacted\]/g)?.length, 3);
  });
});
