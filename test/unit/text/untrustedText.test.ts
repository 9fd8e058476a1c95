// Untrusted text from the panel becomes a safe one-line label, and Markdown-escaped text renders literally.
import * as assert from 'node:assert/strict';
import { escapeIcons, escapeMarkdown, plainLabel, quickInputText, withoutLinks } from '../../../src/text/plainText';
import { timeDistance } from '../../../src/text/timeDistance';

describe('untrusted text: plainLabel', () => {
  it('turns null, undefined and objects into text without throwing', () => {
    assert.equal(plainLabel(null), '');
    assert.equal(plainLabel(undefined), '');
    assert.equal(plainLabel(42), '42');
    assert.equal(plainLabel(false), 'false');
    assert.equal(plainLabel({ a: 1 }), '{"a":1}');
    assert.equal(plainLabel(9_007_199_254_740_993n), '9007199254740993');
    assert.equal(plainLabel({ ids: [9_007_199_254_740_993n] }), '{"ids":["9007199254740993"]}', 'exact digits inside objects too');
  });

  it('replaces control characters and newlines with single spaces', () => {
    assert.equal(plainLabel('line one\nline two\r\n\tthree\u0000\u0007end'), 'line one line two three end');
  });

  it('removes bidi overrides and zero-width characters, keeps RTL letters', () => {
    assert.equal(plainLabel('evil\u202Egnp.exe'), 'evilgnp.exe');
    assert.equal(plainLabel('a\u200Bb\u2066c\u2069'), 'abc');
    assert.equal(plainLabel('שלום עולם'), 'שלום עולם');
  });

  it('truncates 10,000-character strings with an ellipsis', () => {
    const label = plainLabel('x'.repeat(10_000), 200);
    assert.equal(label.length, 200);
    assert.ok(label.endsWith('…'));
  });

  it('never cuts a surrogate pair in half', () => {
    const label = plainLabel('😀'.repeat(50), 10);
    assert.doesNotMatch(label, /[\ud800-\udbff](?![\udc00-\udfff])/);
    assert.ok(label.endsWith('…'));
  });
});

describe('untrusted text: escapeMarkdown', () => {
  it('escapes link, image, HTML, code and emphasis syntax', () => {
    const escaped = escapeMarkdown('[click](command:workbench.action.quit) ![x](y) <img src=x> `code` *b* _i_');
    for (const syntax of ['[', ']', '(', ')', '<', '>', '`', '*', '_', '!']) {
      const unescaped = new RegExp(`(^|[^\\\\])\\${syntax}`);
      assert.doesNotMatch(escaped, unescaped, `an unescaped ${syntax} is left`);
    }
  });

  it('escapes the colon of a URI scheme so it cannot become a link', () => {
    assert.match(escapeMarkdown('command:panelOps.signOut'), /command\\:panelOps/);
  });
});

describe('timeDistance', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');

  it('gives the largest whole unit, past and future', () => {
    assert.deepEqual(timeDistance('2026-01-10T09:00:00Z', now), { amount: 3, unit: 'hour', future: false });
    assert.deepEqual(timeDistance('2026-01-13T12:00:00Z', now), { amount: 3, unit: 'day', future: true });
    assert.deepEqual(timeDistance('2026-01-10T11:55:00Z', now), { amount: 5, unit: 'minute', future: false });
  });

  it('is undefined for missing or unparseable values', () => {
    assert.equal(timeDistance(null, now), undefined);
    assert.equal(timeDistance('soon', now), undefined);
    assert.equal(timeDistance({}, now), undefined);
  });
});

describe('untrusted text: withoutLinks (notifications)', () => {
  it('breaks Markdown link syntax, command links included, and keeps the words', () => {
    assert.equal(withoutLinks('[Sign out](command:panelOps.signOut)'), '[Sign out] (command:panelOps.signOut)');
    assert.equal(withoutLinks('x [a]\n(b) [c](d)'), 'x [a] (b) [c] (d)');
  });
});

describe('untrusted text: quickInputText (an input box message quoting the panel)', () => {
  it('leaves no command link for the quick input to render, even one hidden behind a zero-width space', () => {
    const shown = quickInputText('Could not check the panel: [Retry](command:workbench.action.terminal.new) or [x]\u200b(command:y)');
    assert.doesNotMatch(shown, /\]\(/);
    assert.match(shown, /\[Retry\] \(command:workbench\.action\.terminal\.new\)/);
  });

  it('escapes icon syntax, makes one line and cuts very long text', () => {
    assert.equal(quickInputText('$(check) done\n$(loading~spin) next'), '\\$(check) done \\$(loading~spin) next');
    assert.equal(quickInputText('x'.repeat(5000)).length, 1000);
  });
});

describe('untrusted text: escapeIcons (quick pick items)', () => {
  it('escapes every $(icon) once and leaves other dollar signs alone', () => {
    assert.equal(escapeIcons('$(server) fra-1 costs $5 (monthly)'), '\\$(server) fra-1 costs $5 (monthly)');
    assert.equal(escapeIcons('\\$(server) already escaped'), '\\$(server) already escaped');
  });
});
