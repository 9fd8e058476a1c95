// The vscode-free parts of the user commands: access expiry choices, import files with their lines,
// the panel's per-item errors placed at those lines, export rows and batch labels.
import * as assert from 'node:assert/strict';
import { customDateProblem, expiresAtOf, normalizeCustomDate } from '../../../src/commands/users/accessExpiry';
import { batchLabels } from '../../../src/commands/users/batchLabels';
import { exportEnd, exportPage, exportStart } from '../../../src/commands/users/exportFormat';
import { csvField } from '../../../src/text/csv';
import { jsonItemLines, parseImport, problemsAtLines } from '../../../src/commands/users/importFile';
import { plainLocalize } from '../support/plainLocalize';

const NOW = Date.parse('2030-01-01T00:00:00Z');

describe('access expiry', () => {
  it('turns presets into a future RFC 3339 time and no expiry into null', () => {
    assert.equal(expiresAtOf({ kind: 'none' }, NOW), null);
    assert.equal(expiresAtOf({ kind: 'days', days: 30 }, NOW), '2030-01-31T00:00:00Z');
    assert.equal(expiresAtOf({ kind: 'date', date: '2031-05-01T10:00:00Z' }, NOW), '2031-05-01T10:00:00Z');
  });

  it('accepts only future RFC 3339 dates (a bare date is its midnight UTC)', () => {
    assert.equal(customDateProblem('2030-02-01', NOW, plainLocalize), undefined);
    assert.equal(normalizeCustomDate('2030-02-01'), '2030-02-01T00:00:00Z');
    assert.equal(customDateProblem('2030-02-01T12:00:00+02:00', NOW, plainLocalize), undefined);
    assert.match(customDateProblem('2029-12-31T00:00:00Z', NOW, plainLocalize) ?? '', /future/);
    assert.match(customDateProblem('next week', NOW, plainLocalize) ?? '', /RFC 3339/);
    assert.match(customDateProblem('2030-02-31', NOW, plainLocalize) ?? '', /RFC 3339/, 'no rolled-over dates');
  });
});

describe('import files', () => {
  it('reads CSV with quoted commas, quotes and line breaks, and knows the line each user starts on', () => {
    const text = 'label,type,owner,extra\nalice,personal,"Smith, J",x\n\n"multi\nline",SHARED,,\n"say ""hi""",PERSONAL,,\n';
    const parsed = parseImport(text);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.items, [
      { label: 'alice', type: 'PERSONAL', owner_label: 'Smith, J' },
      { label: 'multi\nline', type: 'SHARED' },
      { label: 'say "hi"', type: 'PERSONAL' },
    ]);
    assert.deepEqual(parsed.lines, [2, 4, 6]);
    assert.deepEqual(parsed.ignored, ['extra']);
  });

  it('needs a header naming the label column (a reason, put in words on the vscode side)', () => {
    assert.deepEqual(parseImport('alice,PERSONAL\n').problems, [{ kind: 'noLabelColumn', line: 1 }]);
    assert.deepEqual(parseImport('').problems, [{ kind: 'emptyFile', line: 1 }]);
  });

  it('reads a `;` file with a BOM and a quoted note across lines; later users keep their own lines', () => {
    const text = '\ufefflabel;type;note\r\nanna;personal;"Notiz; Zeile 1\r\nZeile 2"\r\nboris;SHARED;"1,5"\r\n';
    const parsed = parseImport(text);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.items, [
      { label: 'anna', type: 'PERSONAL', note: 'Notiz; Zeile 1\nZeile 2' },
      { label: 'boris', type: 'SHARED', note: '1,5' },
    ]);
    assert.deepEqual(parsed.lines, [2, 4]);
  });

  it('tells a malformed CSV file as one problem at its line, and too many values at theirs', () => {
    assert.deepEqual(parseImport('label,note\nalice,"open\n\nbob,x\n').problems, [
      { kind: 'unclosedQuote', line: 2 },
    ]);
    assert.deepEqual(parseImport('label,note\n"a\nb",x\nc,d,e\n').problems, [{ kind: 'tooManyValues', line: 4, values: 3, columns: 2 }]);
  });

  it('reads a JSON array or {items}, with the line of each item', () => {
    const text = '{\n  "items": [\n    { "label": "a", "type": "PERSONAL" },\n    {\n      "label": "b [x]", "type": "SHARED", "note": null\n    }\n  ],\n  "other": [1]\n}';
    const parsed = parseImport(text);
    assert.deepEqual(parsed.items, [{ label: 'a', type: 'PERSONAL' }, { label: 'b [x]', type: 'SHARED' }]);
    assert.deepEqual(parsed.lines, [3, 4]);
    assert.deepEqual(jsonItemLines('[\n{"label":"a"},\n\n{"label":"b"}]', false), [2, 4]);
    const [notJson] = parseImport('[{"label": }]').problems;
    assert.equal(notJson?.kind, 'notJson');
    assert.ok(notJson?.kind === 'notJson' && notJson.detail.length > 0, 'the reader\'s own words come along');
    assert.deepEqual(parseImport('{"users": []}').problems, [{ kind: 'notItemList', line: 1 }]);
    assert.deepEqual(parseImport('[\n{"label": "a"},\n7\n]').problems, [{ kind: 'notObject', line: 3, item: 2 }]);
  });

  it('places the panel\'s items[i] errors at the item\'s line; other fields have none', () => {
    const placed = problemsAtLines({ 'items[1].type': 'must be PERSONAL or SHARED', node_ids: 'at least one' }, [2, 5, 9]);
    assert.deepEqual(placed, [
      { line: undefined, field: 'node_ids', message: 'at least one' },
      { line: 5, field: 'type', message: 'must be PERSONAL or SHARED' },
    ]);
  });
});

describe('export rows', () => {
  const key = { id: 'k1', label: 'a, "b"', type: 'PERSONAL' as const, state: 'active' as const, status: 'active' as const, secret: 'ee00', note: '=cmd()', nodes: [{ node_id: 'n1', node_name: 'ams-1' }, { node_id: 'n2' }] };

  it('writes CSV with quoting, formula guard and no secret', () => {
    const text = exportStart('csv') + exportPage('csv', [key], true) + exportEnd('csv');
    const [header, row] = text.trimEnd().split('\n');
    assert.ok(header.startsWith('id,label,type,state'));
    assert.ok(row.startsWith('k1,"a, ""b""",PERSONAL,active'));
    assert.ok(row.includes("'=cmd()"));
    assert.ok(row.endsWith('ams-1; n2'));
    assert.ok(!text.includes('ee00'));
    assert.equal(csvField('-1'), "'-1");
  });

  it('writes JSON pages that join into one array', () => {
    const text = exportStart('json') + exportPage('json', [key], true) + exportPage('json', [{ ...key, id: 'k2' }], false) + exportPage('json', [], false) + exportEnd('json');
    const parsed = JSON.parse(text) as { id: string; secret?: string }[];
    assert.deepEqual(parsed.map((item) => item.id), ['k1', 'k2']);
    assert.equal(parsed[0].secret, undefined);
  });
});

describe('batch labels', () => {
  it('numbers from 1 and caps at 100', () => {
    assert.deepEqual(batchLabels(' team ', 3), ['team-1', 'team-2', 'team-3']);
    assert.equal(batchLabels('x', 500).length, 100);
  });
});
