// Log lines: ANSI colours become style runs, every other escape sequence and control character is dropped,
// bidi overrides are removed, long lines are cut; lines are split across chunks; the buffer drops the oldest.
import * as assert from 'node:assert/strict';
import { MAX_LINE_CHARS, styledLine } from '../../../src/webviews/logs/ansi';
import { LineSplitter } from '../../../src/webviews/logs/lineSplitter';
import { LogBuffer } from '../../../src/webviews/logs/logBuffer';

describe('webviews: ANSI log lines', () => {
  it('keeps colours, bold and underline as runs over the plain text', () => {
    const line = styledLine('\u001b[31mERROR\u001b[0m at \u001b[1;93mport\u001b[22m 443\u001b[0m');
    assert.equal(line.text, 'ERROR at port 443');
    assert.deepEqual(line.runs, [[0, 5, 'f1'], [9, 13, 'f11 B'], [13, 17, 'f11']]);
  });

  it('maps the 16 colours of the 256-colour form; other and 24-bit colours show as the default', () => {
    const line = styledLine('\u001b[38;5;2mgreen\u001b[38;5;200mpink\u001b[31m\u001b[38;2;1;2;3mrgb');
    assert.equal(line.text, 'greenpinkrgb');
    assert.deepEqual(line.runs, [[0, 5, 'f2']]);
  });

  it('drops cursor moves, screen clears, titles, OSC 8 hyperlinks, 8-bit CSI and lone escapes', () => {
    const line = styledLine('a\u001b[2J\u001b[H\u001b]0;title\u0007b\u001b]8;;javascript:alert(1)\u001b\\link\u001b]8;;\u001b\\c\u009b31md\u001bMe\u001b');
    assert.equal(line.text, 'ablinkcde');
  });

  it('removes control characters and bidi overrides, expands tabs', () => {
    assert.equal(styledLine('nul\u0000 bell\u0007 bs\u0008 \u202Eevil\u202C\u2066x\u2069\tend').text, 'nul bell bs evilx    end');
  });

  it('keeps markup as text (the page inserts it with textContent)', () => {
    assert.equal(styledLine('<img src=x onerror=alert(1)></script>').text, '<img src=x onerror=alert(1)></script>');
  });

  it('cuts a long line and says how much was cut', () => {
    const line = styledLine(`\u001b[32m${'x'.repeat(MAX_LINE_CHARS + 100)}`);
    assert.ok(line.text.startsWith('x'.repeat(MAX_LINE_CHARS)));
    assert.ok(line.text.endsWith(' … [+100]'));
    assert.deepEqual(line.runs, [[0, MAX_LINE_CHARS, 'f2']]);
    assert.ok(styledLine('y'.repeat(1_000_000)).text.length < MAX_LINE_CHARS + 20);
  });
});

describe('webviews: log lines and buffer', () => {
  it('splits chunks into lines, keeping a partial line for the next chunk', () => {
    const splitter = new LineSplitter(10);
    assert.deepEqual(splitter.push('one\r\ntw'), ['one']);
    assert.deepEqual(splitter.push('o\nthree'), ['two']);
    assert.deepEqual(splitter.push('-and-more-than-ten'), ['three-and-more-than-ten']);
    assert.deepEqual(splitter.push('tail'), []);
    assert.deepEqual(splitter.end(), ['tail']);
  });

  it('keeps the last lines up to its capacity and counts the dropped ones', () => {
    const buffer = new LogBuffer<number>(3);
    for (let i = 1; i <= 7; i++) buffer.push(i);
    assert.deepEqual(buffer.toArray(), [5, 6, 7]);
    assert.equal(buffer.dropped, 4);
    buffer.clear();
    assert.deepEqual([buffer.toArray(), buffer.dropped], [[], 0]);
  });
});
