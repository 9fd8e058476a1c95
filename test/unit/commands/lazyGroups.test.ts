// The lazy-load table is derived from package.json (src/commands/lazy/commandOwners.ts): each lazily loaded
// group stubs exactly the contributed commands its code registers, every other contributed command is
// registered at activation, each command once, and package.json, the nls files and the code agree.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { COMMAND_OWNERS, commandsByOwner, contributedCommandIds, ownerOf, type LazyGroupName } from '../../../src/commands/lazy/commandOwners';

const ROOT = resolve(__dirname, '../../../..');
const SRC = join(ROOT, 'src');
const GROUPS = join(SRC, 'commands/lazy/groups.ts');
const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;
const manifest = readJson('package.json') as { contributes: { commands: { command: string; title: string }[] } };

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

/** The ids registered through the wrapper (`registerPanelCommand('panelOps.…'`) in these files. */
const registeredIn = (files: Iterable<string>) =>
  [...files].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?<![.\w])registerPanelCommand\(\s*'(panelOps\.[A-Za-z.]+)'/g)].map((match) => match[1])).sort();

/** The group folders groups.ts loads, by the group's name (`const users: … require('../users/index')`). */
function loadedFolders(): Map<string, string> {
  const text = readFileSync(GROUPS, 'utf8');
  return new Map([...text.matchAll(/const (\w+): LazyCommandGroup<[^>]+> = \{\s*commands: lazy\.(\w+),\s*load: \(\) => \(require\('\.\.\/([A-Za-z]+)\/index'\)/g)]
    .map((match) => {
      assert.equal(match[1], match[2], `${match[1]} stubs its own ids`);
      return [match[1], match[3]];
    }));
}

describe('lazily loaded command groups', () => {
  const contributed = contributedCommandIds(manifest);
  const { lazy, atActivation } = commandsByOwner(contributed);

  it('loads one folder per group of the table', () => {
    assert.deepEqual([...loadedFolders().keys()].sort(), Object.keys(COMMAND_OWNERS).sort());
    assert.ok(contributed.length >= 100, String(contributed.length));
  });

  it('stubs exactly the contributed commands each group registers', () => {
    for (const [group, folder] of loadedFolders()) {
      const derived = [...lazy[group as LazyGroupName]].sort();
      assert.ok(derived.length > 0, `${group} has commands`);
      assert.deepEqual(derived, registeredIn(commandFilesReachedFrom(join(SRC, 'commands', folder, 'index.ts'))), group);
    }
  });

  it('registers every other contributed command at activation, and every command once', () => {
    const eager = ['panels', 'shared'].flatMap((folder) => registeredIn(commandFilesReachedFrom(join(SRC, 'commands', folder, 'index.ts'))));
    assert.deepEqual([...atActivation].sort(), eager.sort());
    const all = registeredIn(readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')).map((name) => join(SRC, name)));
    assert.deepEqual([...Object.values(lazy).flat(), ...atActivation].sort(), all);
    assert.equal(new Set(all).size, all.length, 'no id registered twice');
  });

  it('gives each command one owner: the longest claim, an exact id before its group\'s prefix', () => {
    assert.equal(ownerOf('panelOps.users.create'), 'users');
    assert.equal(ownerOf('panelOps.users.editAsTable'), 'usersTable');
    assert.equal(ownerOf('panelOps.nodes.showMetrics'), 'monitoring');
    assert.equal(ownerOf('panelOps.nodes.openBlocklist'), 'documents');
    assert.equal(ownerOf('panelOps.users.copyShareLink'), 'find');
    assert.equal(ownerOf('panelOps.users.someNewCommand'), 'users', 'a new command under a prefix costs no edit here');
    assert.equal(ownerOf('panelOps.connect'), undefined);
    assert.equal(ownerOf('panelOps.nodes'), undefined, 'a prefix claims only ids below it');
  });

  it('reads the contributed ids defensively', () => {
    assert.deepEqual(contributedCommandIds(undefined), []);
    assert.deepEqual(contributedCommandIds({ contributes: { commands: 'x' } }), []);
    assert.deepEqual(contributedCommandIds({ contributes: { commands: [{ command: 'panelOps.a' }, null, { title: 'b' }, { command: 7 }] } }), ['panelOps.a']);
  });

  it('has a title in package.json and in both nls files for every command', () => {
    for (const file of ['package.nls.json', 'package.nls.ru.json']) {
      const nls = readJson(file) as Record<string, unknown>;
      for (const command of manifest.contributes.commands) {
        const key = /^%(.+)%$/.exec(command.title)?.[1];
        assert.ok(key, `${command.command}: its title is a %key%`);
        assert.equal(typeof nls[key], 'string', `${file}: ${key}`);
      }
    }
  });
});
