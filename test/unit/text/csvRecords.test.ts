import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { CsvSyntaxError, headerDelimiter, readCsv } from '../../../src/text/csvRecords';

/** What a failed read throws, for asserting on its line and message. */
function failure(text: string): CsvSyntaxError {
  try {
    readCsv(text);
  } catch (error) {
    assert.ok(error instanceof CsvSyntaxError, String(error));
    return error;
  }
  assert.fail('the text was read');
}

describe('reading CSV', () => {
  it('reads a quoted value across lines, with its delimiter and doubled quotes inside', () => {
    const { records } = readCsv('label,note\nalice,"first line\nsecond, with ""quotes"""\n');
    assert.deepEqual(records.map((record) => record.fields), [['label', 'note'], ['alice', 'first line\nsecond, with "quotes"']]);
  });

  it('gives each record the line it starts on, also after records that span lines and blank lines', () => {
    const text = 'label,note\n"a\nb",x\n\nc,"1\n2\n3"\nd,y\n   \ne,z';
    assert.deepEqual(readCsv(text).records.map((record) => [record.fields[0], record.line]), [['label', 1], ['a\nb', 2], ['c', 5], ['d', 8], ['e', 10]]);
  });

  it('reads `;` files as spreadsheets in Russian or German locales write them, commas staying in values', () => {
    const reading = readCsv('label;note;price\nМария;"Zeile 1;\nZeile 2";1,5\nJörg;ok;2,25\n');
    assert.equal(reading.delimiter, ';');
    assert.deepEqual(reading.records.map((record) => record.fields), [['label', 'note', 'price'], ['Мария', 'Zeile 1;\nZeile 2', '1,5'], ['Jörg', 'ok', '2,25']]);
    assert.deepEqual(reading.records.map((record) => record.line), [1, 2, 4]);
  });

  it('takes the delimiter from the header line only, not from values below it or quoted names', () => {
    assert.equal(headerDelimiter('label,note\na;b;c;d,e\n'), ',');
    assert.equal(headerDelimiter('\ufefflabel;note\n"x,y,z";w\n'), ';');
    assert.equal(headerDelimiter('"a;b;c",note\n'), ',');
    assert.equal(headerDelimiter('label\nalice\n'), ',');
  });

  it('drops a byte order mark and reads CRLF, LF and CR line ends alike', () => {
    const { records } = readCsv('\ufefflabel;type\r\n"multi\r\nline";SHARED\rbob;PERSONAL\nend;X');
    assert.deepEqual(records.map((record) => record.fields), [['label', 'type'], ['multi\nline', 'SHARED'], ['bob', 'PERSONAL'], ['end', 'X']]);
    assert.deepEqual(records.map((record) => record.line), [1, 2, 4, 5]);
  });

  it('keeps a quote inside an unquoted value and spaces around delimiters out of values', () => {
    assert.deepEqual(readCsv('a , b\n5" screen , "x" \n').records.map((record) => record.fields), [['a', 'b'], ['5" screen', 'x']]);
  });

  it('names the line where an unclosed quoted value starts', () => {
    const error = failure('label,note\nalice,"ok\nstill ok"\n\nbob,"never closed\nmore\n');
    assert.equal(error.line, 5);
    assert.deepEqual(error.problem, { kind: 'unclosedQuote', line: 5 });
    assert.equal(failure('"label\n').line, 1);
  });

  it('names the line of text after a closing quote', () => {
    const error = failure('label,note\n"a\nb",x\nc,"d"e\n');
    assert.equal(error.line, 4);
    assert.deepEqual(error.problem, { kind: 'textAfterQuote', line: 4 });
  });

  it('reads nothing from empty text', () => {
    assert.deepEqual(readCsv('').records, []);
    assert.deepEqual(readCsv('\ufeff\n\n').records, []);
  });

  it('loads csv-parse on the first read, not when the reader is imported', () => {
    const probe = `
      const loaded = () => Object.keys(require.cache).some((file) => file.includes('node_modules/csv-parse/'));
      const { readCsv } = require(${JSON.stringify(require.resolve('../../../src/text/csvRecords'))});
      const before = loaded();
      readCsv('a;b\\n1;2\\n');
      process.stdout.write(JSON.stringify({ before, after: loaded() }));`;
    assert.deepEqual(JSON.parse(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' })), { before: false, after: true });
  });
});
