// What the extension accepts from its webviews: each page's union of messages, nothing else.
import * as assert from 'node:assert/strict';
import { parseJobsMessage } from '../../../src/webviews/jobs/protocol';
import { parseLogsMessage } from '../../../src/webviews/logs/protocol';
import { parseQrMessage } from '../../../src/webviews/qr/protocol';

describe('webviews: message parsers', () => {
  it('accept the messages of each page, with only their own members', () => {
    assert.deepEqual(parseLogsMessage({ type: 'pause', extra: 1 }), { type: 'pause' });
    assert.deepEqual(parseLogsMessage({ type: 'filter', text: 'err' }), { type: 'filter', text: 'err' });
    assert.deepEqual(parseJobsMessage({ type: 'setLimit', limit: 50 }), { type: 'setLimit', limit: 50 });
    assert.deepEqual(parseJobsMessage({ type: 'select', key: 'j1' }), { type: 'select', key: 'j1' });
    assert.deepEqual(parseQrMessage({ type: 'copy', card: 'key', link: 1 }), { type: 'copy', card: 'key', link: 1 });
  });

  it('refuse anything else: unknown types, wrong member types, out-of-range values, non-objects', () => {
    for (const raw of [undefined, null, 'pause', ['pause'], {}, { type: 'eval' }, { type: 'filter' }, { type: 'filter', text: 'x'.repeat(501) }]) {
      assert.equal(parseLogsMessage(raw), undefined, JSON.stringify(raw));
    }
    for (const raw of [{ type: 'setLimit', limit: 0 }, { type: 'setLimit', limit: 101 }, { type: 'setLimit', limit: 2.5 }, { type: 'setLimit', limit: '20' }, { type: 'select', key: 7 }, { type: 'copy' }]) {
      assert.equal(parseJobsMessage(raw), undefined, JSON.stringify(raw));
    }
    for (const raw of [{ type: 'copy', card: 'key' }, { type: 'copy', card: 'key', link: -1 }, { type: 'openAsDocument' }]) {
      assert.equal(parseQrMessage(raw), undefined, JSON.stringify(raw));
    }
  });
});
