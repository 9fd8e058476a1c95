// JSON text of panel values that hold an int64 beyond 2^53 (a bigint, spec 4.1): written as its exact
// digits (a JSON number, not a string) wherever panel data becomes JSON text, laid out as JSON.stringify does.
import * as assert from 'node:assert/strict';
import { parseJsonExact } from '../../../src/api/exactJson';
import { exportEnd, exportPage, exportStart } from '../../../src/commands/users/exportFormat';
import { applyJobText } from '../../../src/editors/applyJobText';
import { prettyJson } from '../../../src/editors/prettyJson';
import { jsonText } from '../../../src/text/jsonText';
import { auditCsv, auditJson } from '../../../src/webviews/audit/auditExport';
import { subscriptionPreviewOf } from '../../../src/webviews/settings/subscriptionPreview';
import { plainLocalize } from '../support/plainLocalize';

const BIG = 9_007_199_254_740_993n; // 2^53 + 1: a number would round it to ...992

describe('text: JSON text of panel values with int64 ids', () => {
  it('lays out as JSON.stringify does, with and without an indent', () => {
    const value = { a: [1, 'two', null, true, { b: [] }, {}], c: { d: -1.5e-7, skip: undefined }, at: new Date(0), e: '\u2028"' };
    for (const indent of [undefined, 0, 2, 4]) assert.equal(jsonText(value, indent), JSON.stringify(value, null, indent), `indent ${indent}`);
    assert.equal(jsonText(undefined), '');
    assert.equal(jsonText('x'), '"x"');
  });

  it('writes a bigint as its digits, read back exactly', () => {
    assert.equal(jsonText({ ids: [BIG, 1] }), '{"ids":[9007199254740993,1]}');
    assert.equal(jsonText({ id: BIG }, 2), '{\n  "id": 9007199254740993\n}');
    assert.deepEqual(parseJsonExact(jsonText({ ids: [BIG] }, 2)), { ids: [BIG] });
  });

  it('pretty JSON of a read-only tab keeps the digits', () => {
    const text = prettyJson({ alert: { id: BIG, title: 'disk' } });
    assert.equal(text, '{\n  "alert": {\n    "id": 9007199254740993,\n    "title": "disk"\n  }\n}');
    assert.deepEqual(parseJsonExact(text), { alert: { id: BIG, title: 'disk' } });
    assert.equal(prettyJson(undefined), '');
  });

  it('the audit export writes the digits in JSON and in CSV cells', () => {
    const entries = [{ id: BIG, action: 'alert.resolve', details: { alert_ids: [BIG] } }];
    const json = auditJson(entries);
    assert.match(json, /"id": 9007199254740993,/);
    assert.deepEqual(parseJsonExact(json), entries);
    const [, row] = auditCsv(entries, ['id', 'action', 'details']).trimEnd().split('\r\n');
    assert.equal(row, '9007199254740993,alert.resolve,"{""alert_ids"":[9007199254740993]}"');
  });

  it('the user export writes an int64 field as its exact digits', () => {
    const key = { id: 'k1', label: 'big', note: { ref: BIG } as never, owner_label: BIG as never };
    const csv = exportStart('csv') + exportPage('csv', [key], true) + exportEnd('csv');
    assert.match(csv, /,9007199254740993,/);
    assert.match(csv, /"\{""ref"":9007199254740993\}"/);
    const json = JSON.parse(exportStart('json') + exportPage('json', [key], true) + exportEnd('json')) as Record<string, string>[];
    assert.equal(json[0].owner_label, '9007199254740993');
    assert.equal(json[0].note, '{"ref":9007199254740993}');
  });

  it('an apply job and a subscription preview with an int64 show its digits', () => {
    const text = applyJobText('hel-3', { id: BIG, status: 'ok', logs: [{ step: BIG }], queued_at: BIG }, plainLocalize);
    assert.match(text, /queued_at: 9007199254740993\n/);
    assert.match(text, /\{"step":9007199254740993\}/);
    assert.match(text, /"id": 9007199254740993/);
    assert.match(subscriptionPreviewOf({ id: BIG }).html, /&quot;id&quot;: 9007199254740993/);
  });
});
