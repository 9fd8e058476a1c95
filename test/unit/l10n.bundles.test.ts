// Every message the extension shows has its place in the bundles: each `l10n.t`/`t`/`plural` message of
// the sources is in l10n/bundle.l10n.json and l10n/bundle.l10n.ru.json, each `%key%` of package.json in
// package.nls.json and package.nls.ru.json, none of them holds a stale key, and translations keep their
// placeholders. Russian plurals and relative times come from Intl in the display language.
import * as assert from 'node:assert/strict';
import { useDisplayLanguage } from '../../src/text/displayLanguage';
import { localizeFrom } from '../../src/text/localize';
import { plural } from '../../src/text/plural';
import { ago, relativeTime } from '../../src/text/relativeTime';
import { codeMessages, manifestKeys, placeholders, readJson } from '../l10n/messages';
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('l10n: bundles and translations', () => {
  const { messages, problems } = codeMessages();

  it('finds only literal messages in the sources (a computed one could not be translated)', () => {
    assert.ok(messages.size > 500, `only ${messages.size} messages found`);
    assert.deepEqual(problems, []);
  });

  it('l10n/bundle.l10n.json holds exactly the messages of the sources (npm run l10n:export)', () => {
    assert.deepEqual(sorted(Object.keys(readJson('l10n/bundle.l10n.json'))), sorted(messages.keys()));
  });

  it('l10n/bundle.l10n.ru.json translates every message, keeps its placeholders, and has no stale key', () => {
    const ru = readJson('l10n/bundle.l10n.ru.json');
    assert.deepEqual(sorted(Object.keys(ru)), sorted(messages.keys()));
    for (const [key, english] of messages) {
      const russian = ru[key];
      assert.ok(typeof russian === 'string' && russian.trim() !== '', `no Russian for ${key}`);
      assert.equal(placeholders(russian), placeholders(english), `placeholders of ${key}`);
    }
  });

  it('package.json names every title, name and description by %key%, and both nls files hold exactly those keys', () => {
    const keys = manifestKeys();
    assert.ok(keys.size > 50);
    const manifest = readJson('package.json') as { contributes: Record<string, unknown> };
    const literals: string[] = [];
    const visit = (value: unknown, path: string): void => {
      if (typeof value === 'string') {
        if (/\.(title|name|label|contents|description|markdownDescription|shortTitle|contextualTitle|enumDescriptions\.\d+|markdownEnumDescriptions\.\d+|deprecationMessage|altText)$/.test(path)
          && !/^%[^%]+%$/.test(value) && value !== 'Panel Ops' && !/\.authentication\.\d+\.label$/.test(path)
          // A chat tool's name is an identifier, and its input schema is read by the model, not shown to a person.
          && !/\.languageModelTools\.\d+\.(name|inputSchema\..*)$/.test(path)) literals.push(`${path}: ${value}`);
      } else if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${path}.${index}`));
      else if (typeof value === 'object' && value !== null) for (const [name, item] of Object.entries(value)) visit(item, `${path}.${name}`);
    };
    visit(manifest.contributes, 'contributes');
    assert.deepEqual(literals, []);
    for (const file of ['package.nls.json', 'package.nls.ru.json']) {
      const nls = readJson(file);
      assert.deepEqual(sorted(Object.keys(nls)), sorted(keys), file);
    }
    const english = readJson('package.nls.json');
    const russian = readJson('package.nls.ru.json');
    for (const key of keys) {
      assert.ok(typeof russian[key] === 'string' && russian[key].trim() !== '', `no Russian for ${key}`);
      assert.equal(placeholders(russian[key]), placeholders(english[key] as string), `placeholders of ${key}`);
      // The welcome text's command link must survive translation.
      for (const link of (english[key] as string).match(/\(command:[^)]+\)/g) ?? []) assert.ok(russian[key].includes(link), `${key} keeps ${link}`);
    }
  });

  describe('in Russian', () => {
    const t = localizeFrom(readJson('l10n/bundle.l10n.ru.json') as Record<string, string>);
    before(() => useDisplayLanguage('ru'));
    after(() => useDisplayLanguage('en'));

    it('says counts with the plural form the number takes (1 день, 3 дня, 5 дней, 21 день, 1,5 дня)', () => {
      const days = (n: number) => plural(n, { one: '{0} day', other: '{0} days' }, t);
      assert.deepEqual([1, 3, 5, 11, 21, 22, 25, 1.5].map(days), ['1 день', '3 дня', '5 дней', '11 дней', '21 день', '22 дня', '25 дней', '1,5 дня']);
      assert.equal(plural(1234, { one: '{0} user', other: '{0} users' }, t), '1\u00a0234 пользователя');
    });

    it('says relative times through Intl.RelativeTimeFormat', () => {
      const now = Date.parse('2026-11-21T12:00:00Z');
      assert.equal(relativeTime(new Date(now + 3 * 86_400_000 + 60_000).toISOString(), now, t), 'через 3 дня');
      assert.equal(relativeTime(new Date(now - 5 * 60_000).toISOString(), now, t), '5 минут назад');
      assert.equal(ago(new Date(now - 10_000).toISOString(), now, t), 'только что');
    });
  });

  it('says English counts as before when the display language is English', () => {
    const t = localizeFrom(undefined);
    assert.equal(plural(1, { one: '{0} day', other: '{0} days' }, t), '1 day');
    assert.equal(plural(3, { one: '{0} day', other: '{0} days' }, t), '3 days');
  });
});
