// Every translation the extension ships, found by file name (l10n/bundle.l10n.<lang>.json and
// package.nls.<lang>.json), so a language added later is held to the same checks without a line here:
// it has exactly the keys of the English file, no empty message, the placeholders of the English message,
// a key for every plural category its language has (plural.ts looks `few`/`many` up under a comment), and
// no English left in it beyond product names and code.
import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { useDisplayLanguage } from '../../src/text/displayLanguage';
import { bundleKey, type Localize } from '../../src/text/localize';
import { EXTRA_PLURAL_CATEGORIES, plural } from '../../src/text/plural';
import { placeholders, readJson, repoRoot } from '../l10n/messages';

type Bundle = Record<string, unknown>;

/** The translation files next to an English one: `<prefix><lang>.json` for each language. */
function translations(folder: string, prefix: string): Array<{ lang: string; file: string }> {
  return readdirSync(join(repoRoot, folder))
    .map((name) => new RegExp(`^${prefix.replace(/\./g, '\\.')}([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\\.json$`).exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ lang: match[1], file: folder === '.' ? match[0] : `${folder}/${match[0]}` }));
}

/** The English message of a key: the English bundle gives `{ message, comment }` for a key with a comment. */
function englishMessage(value: unknown): string {
  return typeof value === 'string' ? value : (value as { message: string }).message;
}

// Names and terms that stay in Latin letters in every language: products, protocols and formats, and the
// VS Code extension and command names a message quotes as they appear in VS Code's own interface.
const KEPT_NAMES = [
  'Panel Ops', 'VS Code', 'Remote - SSH', 'Remote-SSH', 'SSH', 'ssh', 'JSON', 'CSV', 'HTML', 'CSS', 'URL', 'Telegram', 'git', 'nginx',
  'HTTPS', 'HTTP', 'API', 'TLS', 'PEM', 'PKCS#12', 'RFC 3339', 'DNS', 'QR', 'CA', 'UTC', 'IP', 'PNG', 'SHA-256', 'File: Save', 'Ctrl+S', 'Escape', 'Enter',
];

/**
 * Translations allowed to keep an English run, each with its reason, by language ('*' for all) and English
 * message. Empty today: Russian and Persian need none. Keep it short: a message that can be said in the
 * language belongs in the bundle, and a name that every language keeps belongs in KEPT_NAMES.
 */
const ENGLISH_ALLOWED: Record<string, Record<string, string>> = {};

/** The text of a translation with what is not language removed: placeholders, code, links, ids and kept names. */
function prose(text: string): string {
  let rest = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/\$\([^)]*\)/g, ' ')
    .replace(/\]\((?:command:|https?:)[^)]*\)/g, '] ')
    .replace(/\b(?:https?|command):\/*[^\s)»"]*/g, ' ')
    .replace(/#[\w.]+#/g, ' ')
    .replace(/\b(?:panelOps|http)\.[\w.]+/g, ' ')
    .replace(/\{\d+\}/g, ' ')
    .replace(/\b[\w.-]+\.(?:json|log|example\.(?:com|net))\b/g, ' ');
  for (const name of [...KEPT_NAMES].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  return rest;
}

/** Three or more Latin-letter words in a row, separated by spaces only (a list such as "Host, Cookie" is not a phrase). */
function englishRun(text: string): string | undefined {
  return /[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*){2,}/.exec(prose(text))?.[0];
}

/** A recording `Localize`: the bundle keys a call of the code looks up. */
function keysLookedUp(call: (t: Localize) => void): string[] {
  const keys: string[] = [];
  const t = ((first: string | { message: string; comment: string | string[] }) => {
    keys.push(typeof first === 'string' ? first : bundleKey(first.message, first.comment));
    return '';
  }) as Localize;
  call(t);
  return keys;
}

/** A number of each plural category of a language (an integer where there is one, else a decimal). */
function sampleOfEachCategory(lang: string): Map<string, number> {
  const rules = new Intl.PluralRules(lang);
  const samples = new Map<string, number>();
  for (const n of [...Array.from({ length: 201 }, (_, i) => i), 0.5, 1.5, 2.5, 1000000]) {
    const category = rules.select(n);
    if (!samples.has(category)) samples.set(category, n);
  }
  return samples;
}

describe('l10n: every translation', () => {
  const englishBundle = readJson('l10n/bundle.l10n.json');
  const englishNls = readJson('package.nls.json');
  const bundles = translations('l10n', 'bundle.l10n.');
  const manifests = translations('.', 'package.nls.');
  // The plural phrases of the code: the English `other` messages that have a `plural few` key.
  const pluralPhrases = Object.entries(englishBundle)
    .filter(([key, value]) => typeof value !== 'string' && key.endsWith('/plural few'))
    .map(([, value]) => englishMessage(value));

  it('finds the translations (Russian and Persian at least)', () => {
    const langs = bundles.map((b) => b.lang);
    assert.ok(langs.includes('ru') && langs.includes('fa'), `bundles found: ${langs.join(', ')}`);
    assert.deepEqual(manifests.map((m) => m.lang).sort(), [...langs].sort(), 'each language has both a bundle and a package.nls file');
    assert.ok(pluralPhrases.length > 20, `only ${pluralPhrases.length} plural phrases`);
  });

  for (const { lang, file } of [...bundles, ...manifests]) {
    const english = file.startsWith('l10n/') ? englishBundle : englishNls;
    describe(`${file} (${lang})`, () => {
      const translated = readJson(file) as Bundle;

      it('has every key of the English file and no other', () => {
        const missing = Object.keys(english).filter((key) => !(key in translated));
        const stale = Object.keys(translated).filter((key) => !(key in english));
        assert.deepEqual({ missing, stale }, { missing: [], stale: [] });
      });

      it('translates every message to a non-empty text with the placeholders of the English one', () => {
        const problems: string[] = [];
        for (const [key, value] of Object.entries(english)) {
          const text = translated[key];
          if (typeof text !== 'string' || text.trim() === '') problems.push(`empty: ${key}`);
          else if (placeholders(text) !== placeholders(englishMessage(value))) problems.push(`placeholders: ${key} → ${text}`);
          // A command link of the manifest (the welcome views, the walkthrough) must survive translation.
          else for (const link of englishMessage(value).match(/\(command:[^)]+\)/g) ?? []) if (!text.includes(link)) problems.push(`link ${link}: ${key}`);
        }
        assert.deepEqual(problems, []);
      });

      it('leaves no English sentence (only product names, code, ids and links stay in Latin letters)', () => {
        const allowed = { ...ENGLISH_ALLOWED['*'], ...ENGLISH_ALLOWED[lang] };
        const problems: string[] = [];
        for (const [key, value] of Object.entries(english)) {
          const text = translated[key];
          const source = englishMessage(value);
          if (typeof text !== 'string' || source in allowed || key in allowed) continue;
          const run = englishRun(text);
          if (run !== undefined) problems.push(`${key} → “${run}”`);
          else if (text === source && /[A-Za-z]{2,}/.test(prose(source))) problems.push(`${key} → left as in English`);
        }
        assert.deepEqual(problems, []);
      });
    });
  }

  for (const { lang, file } of bundles) {
    describe(`plural forms of ${lang}`, () => {
      const translated = readJson(file) as Bundle;
      after(() => useDisplayLanguage('en'));

      it('has a plural category plural.ts can give a key of its own, for each category of the language', () => {
        const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        const known: readonly string[] = ['one', 'other', ...EXTRA_PLURAL_CATEGORIES];
        assert.deepEqual(categories.filter((category) => !known.includes(category)), [], `plural.ts would say these with the "other" message (${lang})`);
      });

      it('holds the key plural.ts looks up for a count of each category, for every plural phrase', () => {
        useDisplayLanguage(lang);
        const problems: string[] = [];
        for (const [category, count] of sampleOfEachCategory(lang)) {
          for (const other of pluralPhrases) {
            // The `one` message is a key of its own, held by the key test above; `other` stands for it here.
            for (const key of keysLookedUp((t) => plural(count, { one: other, other }, t))) {
              const text = translated[key];
              if (typeof text !== 'string' || text.trim() === '') problems.push(`${category} (${count}): ${key}`);
            }
          }
        }
        assert.deepEqual(problems, []);
      });
    });
  }

  it('finds English left in a translation, and passes product names, code and lists of names', () => {
    assert.equal(englishRun('«{0}» was not deleted.'), 'was not deleted');
    assert.equal(englishRun('Открыть в Remote-SSH'), undefined);
    assert.equal(englishRun('Откройте `npm ci && npm start` в VS Code'), undefined);
    assert.equal(englishRun('[Подключиться](command:panelOps.connect) к Panel Ops через SSH'), undefined);
    assert.equal(englishRun('заголовки (Host, Content-Length, Cookie, Accept, User-Agent)'), undefined);
    assert.equal(englishRun('Show the Nodes'), 'Show the Nodes');
  });
});
