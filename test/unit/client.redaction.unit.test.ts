import * as assert from 'node:assert/strict';
import { bypassesProxy } from '../../src/api/dispatcher';
import { redact } from '../../src/api/redaction';

describe('redaction and proxy exclusion', () => {
  it('replaces every occurrence of a secret and anything after Bearer', () => {
    const token = 'pmt_aaaabbbbccccddddeeeeffff0000111122223333';
    const text = `token=${token} again ${token}; header Authorization: Bearer something-else`;
    const out = redact(text, [token]);
    assert.ok(!out.includes(token));
    assert.ok(!out.includes('something-else'));
    assert.equal(out.match(/\[redacted\]/g)?.length, 3);
  });

  it('applies NO_PROXY rules to the panel host', () => {
    const url = new URL('https://panel.example.com:8443');
    assert.equal(bypassesProxy(url, undefined), false);
    assert.equal(bypassesProxy(url, '*'), true);
    assert.equal(bypassesProxy(url, 'example.com'), true);
    assert.equal(bypassesProxy(url, '.example.com'), true);
    assert.equal(bypassesProxy(url, 'other.com, panel.example.com:8443'), true);
    assert.equal(bypassesProxy(url, 'panel.example.com:443'), false);
    assert.equal(bypassesProxy(url, 'ample.com'), false);
    assert.equal(bypassesProxy(new URL('http://[::1]:80'), '::1'), true);
    assert.equal(bypassesProxy(new URL('http://127.0.0.1:9'), '127.0.0.1'), true);
  });
});
