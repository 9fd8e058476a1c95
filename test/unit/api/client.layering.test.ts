import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const API_DIR = resolve(__dirname, '../../../../src/api');
const sources = () =>
  readdirSync(API_DIR)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name, text: readFileSync(join(API_DIR, name), 'utf8') }));

describe('client: layering of src/api', () => {
  it('has sources to check', () => {
    assert.ok(sources().length >= 10);
  });

  it('never imports vscode, so it runs in plain Node', () => {
    for (const { name, text } of sources()) {
      assert.doesNotMatch(text, /from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)/, name);
    }
  });

  it('loads undici only through the lazy loader; elsewhere only type imports', () => {
    for (const { name, text } of sources()) {
      const valueImports = text.match(/^import\s+(?!type\b)[^;]*from\s+['"]undici['"]/gm) ?? [];
      assert.deepEqual(valueImports, [], name);
      const requires = text.match(/require\(\s*['"]undici['"]\s*\)/g) ?? [];
      assert.equal(requires.length, name === 'undiciModule.ts' ? 1 : 0, name);
    }
  });
});
