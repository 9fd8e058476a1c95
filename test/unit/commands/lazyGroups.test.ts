import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../../../src');
const GROUPS = join(SRC, 'commands/lazy/groups.ts');

/** The .ts files a file imports (relative imports only), transitively, within src/commands. */
function commandFilesReachedFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = `${resolve(dirname(file), match[1])}.ts`;
    if (target.startsWith(join(SRC, 'commands'))) commandFilesReachedFrom(target, seen);
  }
  return seen;
}

const registeredIn = (files: Iterable<string>) =>
  [...files].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/registerCommand\(\s*'(panelOps\.[A-Za-z.]+)'/g)].map((match) => match[1])).sort();

/** Each lazy group in groups.ts: its folder and the ids it lists for its stubs. */
function declaredGroups(): { folder: string; ids: string[] }[] {
  const text = readFileSync(GROUPS, 'utf8');
  return [...text.matchAll(/commands: \[([^\]]*)\],\s*load: \(\) => \(require\('\.\.\/([A-Za-z]+)\/index'\)/g)]
    .map((match) => ({ folder: match[2], ids: [...match[1].matchAll(/'([^']+)'/g)].map((id) => id[1]).sort() }));
}

describe('lazily loaded command groups', () => {
  const groups = declaredGroups();

  it('lists groups to check', () => {
    assert.ok(groups.length >= 10, String(groups.length));
  });

  it('stubs exactly the commands each group registers', () => {
    for (const { folder, ids } of groups) {
      assert.deepEqual(ids, registeredIn(commandFilesReachedFrom(join(SRC, 'commands', folder, 'index.ts'))), folder);
    }
  });

  it('registers every other command at activation, each command once', () => {
    const lazy = groups.flatMap((group) => group.ids);
    const eager = ['panels', 'shared'].flatMap((folder) => registeredIn(commandFilesReachedFrom(join(SRC, 'commands', folder, 'index.ts'))));
    const all = registeredIn(readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')).map((name) => join(SRC, name)));
    assert.deepEqual([...lazy, ...eager].sort(), all);
  });
});
