// Right-to-left display languages: which languages are, panel values isolated in the extension's sentences
// (FSI … PDI), pages laid out right to left, and the digits each language writes counts, dates and sizes in.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FSI, PDI, RLI, inReadingOrder, isolated, isRightToLeft, textDirection, withoutIsolates } from '../../../src/text/bidi';
import { dateTimeText, displayLanguage, numberText, sizeText, useDisplayLanguage } from '../../../src/text/displayLanguage';
import { localizeFrom } from '../../../src/text/localize';
import { joinParts, plainLabel } from '../../../src/text/plainText';
import { plural } from '../../../src/text/plural';
import { jobDuration } from '../../../src/text/nodeText';
import { pageShell } from '../../../src/webviews/shared/pageShell';
import { nodeDescription } from '../../../src/views/nodes/nodeDescription';
import { userDescription } from '../../../src/views/shared/userDescription';
import { repoRoot } from '../../launch/repo-paths';

const english = localizeFrom(undefined);
const PERSIAN_DIGITS = /[۰-۹]/;

describe('bidi: right-to-left display languages', () => {
  afterEach(() => useDisplayLanguage('en'));

  it('knows the languages written right to left, by their script, whatever the tag\'s case or region', () => {
    for (const tag of ['fa', 'fa-IR', 'ar', 'ar-EG', 'he', 'iw', 'ur', 'ckb', 'ps', 'sd', 'ug', 'yi', 'dv', 'ku-Arab', 'FA']) assert.equal(isRightToLeft(tag), true, tag);
    for (const tag of ['en', 'en-US', 'ru', 'zh-cn', 'zh-CN', 'zh-tw', 'ja', 'ku', 'az', 'tr', 'pt-br', '', 'not a tag!']) assert.equal(isRightToLeft(tag), false, tag);
    assert.equal(textDirection('fa'), 'rtl');
    assert.equal(textDirection('zh-cn'), 'ltr');
  });

  it('isolates a panel value between FSI and PDI only when the display language is right to left', () => {
    useDisplayLanguage('fa');
    assert.equal(isolated('ams-1'), `${FSI}ams-1${PDI}`);
    assert.equal(isolated('سرور ams-1 فرانکفورت'), `${FSI}سرور ams-1 فرانکفورت${PDI}`);
    assert.equal(isolated(''), '', 'nothing to isolate');
    useDisplayLanguage('zh-cn');
    assert.equal(isolated('ams-1'), 'ams-1');
    useDisplayLanguage('en');
    assert.equal(isolated('ams-1'), 'ams-1');
  });

  it('strips any bidi control left in the value, so the isolate cannot be closed early or the sentence overridden', () => {
    useDisplayLanguage('fa');
    const hostile = 'evil\u2069\u202e gnp.exe\u2066x\u200f';
    const result = isolated(hostile);
    assert.equal(result, `${FSI}evil gnp.exex${PDI}`);
    assert.equal([...result].filter((c) => c === FSI).length, 1);
    assert.equal([...result].filter((c) => c === PDI).length, 1);
    assert.equal(withoutIsolates(result), 'evil gnp.exex');
    // plainLabel still strips every bidi character, the isolates too: panel text never brings its own.
    assert.equal(plainLabel(`a${FSI}b${PDI}\u202ec`), 'abc');
  });

  it('keeps the zero-width non-joiner of Persian spelling between Arabic-script letters, strips it anywhere else', () => {
    const expired = 'منقضی\u200cشده';
    assert.equal(plainLabel(expired), expired, 'منقضی‌شده keeps its non-joiner: without it the word is misspelt');
    assert.equal(joinParts(['PERSONAL', `${expired} ۱ روز پیش`]), `PERSONAL · ${expired} ۱ روز پیش`);
    assert.equal(joinParts([`مالک: ${FSI}${expired}${PDI}`], 60, { keepIsolates: true }), `مالک: ${FSI}${expired}${PDI}`);
    assert.equal(plainLabel('ad\u200cmin'), 'admin', 'inside a Latin name it hides nothing');
    assert.equal(plainLabel('\u200cشده\u200c'), 'شده', 'at an edge');
    assert.equal(plainLabel('ش\u200c\u200cه'), 'شه', 'two in a row: neither stands between two letters');
    assert.equal(plainLabel('ا\u200dب\u200bج'), 'ابج', 'the other zero-width marks are still removed');
  });

  it('keeps a sentence\'s order around a label mixing Persian and Latin: the value stays one isolated run', () => {
    useDisplayLanguage('fa');
    const t = localizeFrom({ 'Disabled "{0}".': '«{0}» غیرفعال شد.' });
    const label = 'کاربر VIP alice-2';
    assert.equal(t('Disabled "{0}".', isolated(label)), `«${FSI}کاربر VIP alice-2${PDI}» غیرفعال شد.`);
  });

  it('keeps the isolates of the tree descriptions, and only balanced ones around plain text', () => {
    useDisplayLanguage('fa');
    const description = userDescription({ type: 'PERSONAL', owner_label: 'تیم Berlin', expires_at: null }, Date.now(), english);
    assert.ok(description.includes(`owner: ${FSI}تیم Berlin${PDI}`), description);
    const node = nodeDescription({ id: 'n', status: 'down (فنی)', last_apply_at: null }, Date.now(), english);
    assert.ok(node.startsWith(`${FSI}down (فنی)${PDI} · `), node);
    // A panel value with isolates of its own loses them (made plain first), and unbalanced ones never survive.
    assert.equal(joinParts([`a\u2069b${FSI}c`, 'd'], 60, { keepIsolates: true }), 'abc · d');
    assert.equal(joinParts([`${FSI}x\u202ey${PDI}`], 60, { keepIsolates: true }), `${FSI}xy${PDI}`);
    useDisplayLanguage('en');
    assert.ok(userDescription({ type: 'PERSONAL', owner_label: 'Berlin' }, Date.now(), english).includes('owner: Berlin'));
  });

  it('puts a whole sentence in reading order (RLI … PDI) where VS Code lays it out left to right, in a right-to-left language only', () => {
    useDisplayLanguage('fa');
    const sentence = `«${isolated('ams-1')}» دوباره راه‌اندازی شد.`;
    assert.equal(inReadingOrder(sentence), `${RLI}${sentence}${PDI}`);
    assert.equal(withoutIsolates(inReadingOrder(sentence)), '«ams-1» دوباره راه‌اندازی شد.');
    assert.equal(inReadingOrder(''), '');
    useDisplayLanguage('zh-cn');
    assert.equal(inReadingOrder('“ams-1” 已重启。'), '“ams-1” 已重启。');
  });

  it('lays every scripted page out in the display language: <html lang dir>', () => {
    const shell = (language?: string) => pageShell({ cspSource: 'https://x', nonce: 'abc', title: 't', language });
    assert.match(shell('fa'), /<html lang="fa" dir="rtl">/);
    assert.match(shell('ar'), /<html lang="ar" dir="rtl">/);
    assert.match(shell('zh-cn'), /<html lang="zh-cn" dir="ltr">/);
    assert.match(shell('ru'), /<html lang="ru" dir="ltr">/);
    assert.match(shell(undefined), /<html lang="en" dir="ltr">/);
  });

  it('style sheets of the pages use logical properties: no left or right', () => {
    const sheets: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.css')) sheets.push(path);
      }
    };
    walk(join(repoRoot, 'src', 'webviews'));
    assert.ok(sheets.length >= 8, `found ${sheets.length} style sheets`);
    for (const sheet of sheets) {
      const css = readFileSync(sheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      assert.doesNotMatch(css, /(^|[^-\w])(left|right)\s*:|-(left|right)\b|text-align:\s*(left|right)|float:\s*(left|right)/m, sheet);
    }
  });
});

describe('display language: Intl tags and digits', () => {
  afterEach(() => useDisplayLanguage('en'));

  it('turns VS Code\'s language ids into the tags Intl takes (zh-cn is zh-CN, fa is fa)', () => {
    useDisplayLanguage('zh-cn');
    assert.equal(displayLanguage(), 'zh-CN');
    assert.deepEqual(new Intl.PluralRules(displayLanguage()).resolvedOptions().pluralCategories, ['other']);
    useDisplayLanguage('fa');
    assert.equal(displayLanguage(), 'fa');
    assert.deepEqual([...new Intl.PluralRules(displayLanguage()).resolvedOptions().pluralCategories].sort(), ['one', 'other']);
    useDisplayLanguage('pt-br');
    assert.equal(displayLanguage(), 'pt-BR');
    useDisplayLanguage('no such language!');
    assert.equal(displayLanguage(), 'en', 'a tag Intl refuses falls back to English instead of throwing everywhere');
  });

  it('writes counts, sizes, durations and dates in Persian digits in Persian, in Latin digits in Chinese and English', () => {
    useDisplayLanguage('fa');
    assert.equal(numberText(1234), '۱٬۲۳۴');
    assert.match(sizeText(1.5 * 1024 * 1024), /^۱٫۵ /);
    assert.match(dateTimeText(Date.parse('2026-11-28T10:30:00Z')), PERSIAN_DIGITS);
    assert.equal(plural(3, { one: '{0} user', other: '{0} users' }, localizeFrom({ '{0} users': '{0} کاربر' })), '۳ کاربر');
    assert.equal(jobDuration({ status: 'ok', started_at: '2026-11-28T10:00:00Z', finished_at: '2026-11-28T10:03:05Z' }, 0, english), '۳ min ۵ s');
    useDisplayLanguage('zh-cn');
    assert.equal(numberText(1234), '1,234');
    assert.equal(plural(3, { one: '{0} user', other: '{0} users' }, localizeFrom({ '{0} users': '{0} 个用户' })), '3 个用户');
    assert.doesNotMatch(dateTimeText(Date.parse('2026-11-28T10:30:00Z')), PERSIAN_DIGITS);
    useDisplayLanguage('en');
    assert.equal(sizeText(300), '300 bytes');
    assert.equal(sizeText(50 * 1024), '50 kB');
  });

  it('never puts Persian digits into what an operator copies back: ids, addresses, versions, ports stay as the panel sent them', () => {
    useDisplayLanguage('fa');
    // A node's name or a user's label is the panel's text, isolated but not re-written.
    assert.equal(withoutIsolates(isolated('node-42 10.0.0.7:8443 v1.2.3')), 'node-42 10.0.0.7:8443 v1.2.3');
    // A description keeps the panel's own status text, digits and all.
    assert.ok(nodeDescription({ id: '42', status: 'HTTP 503', last_apply_at: null }, 0, english).includes('HTTP 503'));
    assert.equal(plainLabel(8443), '8443');
  });
});
