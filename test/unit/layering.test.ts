import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '../../../src');

/** Every .ts file under src with the top-level folder of each relative import it makes. */
function importsByFolder(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const from = folderOf(join(SRC, file));
    const text = readFileSync(join(SRC, file), 'utf8');
    for (const match of text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = folderOf(resolve(dirname(join(SRC, file)), match[1]));
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
    }
  }
  return edges;
}

/** The top-level folder; a file directly in src (extension.ts, services.ts) is its own layer. */
function folderOf(path: string): string {
  const rel = relative(SRC, path);
  return rel.includes('/') ? rel.split('/')[0] : `(root)/${rel.replace(/\.ts$/, '')}`;
}

/** Files of folder `from` that import something in folder `to`. */
function filesImporting(from: string, to: string): string[] {
  return readdirSync(join(SRC, from), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .filter((name) => [...readFileSync(join(SRC, from, name), 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)]
      .some((match) => folderOf(resolve(dirname(join(SRC, from, name)), match[1])) === to))
    .map((name) => join(from, name))
    .sort();
}

function cycleFrom(edges: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'visiting');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

/**
 * Every .ts file under src (relative to it) with the files it imports: `import`, `import type`, `export … from`,
 * `require('…')` and `typeof import('…')` alike, since each ties the two files together.
 */
function importsByFile(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
    const targets = new Set<string>();
    for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(/(?:\bfrom|\brequire\(|\bimport\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = resolve(dirname(join(SRC, file)), match[1]);
      const path = [`${target}.ts`, join(target, 'index.ts'), target].find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
      if (path) targets.add(relative(SRC, path));
    }
    edges.set(file, targets);
  }
  return edges;
}

/** The groups of files that import each other, directly or through others (strongly connected, two files or more). */
function fileCycles(edges: Map<string, Set<string>>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    lowest.set(file, order.get(file) as number);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(next) as number));
      } else if (stack.includes(next)) {
        lowest.set(file, Math.min(lowest.get(file) as number, order.get(next) as number));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === file ? undefined : stack.pop()) group.push(member);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of edges.keys()) if (!order.has(file)) visit(file);
  return groups;
}

/** One import path around a group of files, for the message: a -> b -> a. */
function cyclePath(edges: Map<string, Set<string>>, group: readonly string[]): string {
  const start = group[0];
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | undefined => {
    for (const next of edges.get(file) ?? []) {
      if (next === start) return [...path, start];
      if (!group.includes(next) || seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return undefined;
  };
  return (walk(start, [start]) ?? group).join(' -> ');
}

/**
 * File-level cycles allowed for now: none. A cycle is broken by moving a type to the lower file or a constant
 * to its own module; a new one is never added here.
 */
const KNOWN_FILE_CYCLES: readonly (readonly string[])[] = [];

describe('layering of src folders', () => {
  const edges = importsByFolder();

  it('has folders to check', () => {
    for (const folder of ['connection', 'state', 'views', 'commands', 'text']) assert.ok(edges.has(folder), folder);
  });

  it('api imports no other folder of src', () => {
    assert.deepEqual([...(edges.get('api') ?? [])], []);
  });

  it('connection, state and text never import views or commands', () => {
    for (const low of ['connection', 'state', 'text']) {
      for (const high of ['views', 'commands', 'webviews', 'editors', 'statusBar', 'runner']) {
        assert.ok(!edges.get(low)?.has(high), `${low} imports ${high}`);
      }
    }
  });

  it('views never import commands (a view asks through an event or a callback set by the commands)', () => {
    assert.ok(!edges.get('views')?.has('commands'));
  });

  it('a view never imports another view\'s folder: what views share lives in views/shared/', () => {
    const VIEWS = join(SRC, 'views');
    const offending: string[] = [];
    for (const file of readdirSync(VIEWS, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
      const own = file.split('/')[0];
      for (const match of readFileSync(join(VIEWS, file), 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = relative(VIEWS, resolve(dirname(join(VIEWS, file)), match[1]));
        if (target.startsWith('..') || !target.includes('/')) continue; // outside views/, or a file directly in it
        const folder = target.split('/')[0];
        if (folder !== own && folder !== 'shared') offending.push(`${join('views', file)} imports views/${target}`);
        if (own === 'shared' && folder !== 'shared') offending.push(`${join('views', file)} (shared) imports views/${target}`);
      }
    }
    assert.deepEqual(offending, []);
  });

  it('webviews never import views (shared formatting lives in text)', () => {
    const offending = filesImporting('webviews', 'views');
    assert.deepEqual(offending, []);
  });

  it('only the composition root imports it', () => {
    assert.deepEqual([...edges].filter(([, to]) => to.has('(root)/extension')).map(([from]) => from), []);
  });

  it('the action runner sits below commands, views, editors and webviews, above state and connection', () => {
    assert.ok(edges.has('runner'), 'runner');
    for (const high of ['views', 'commands', 'webviews', 'editors', 'statusBar']) {
      assert.ok(!edges.get('runner')?.has(high), `runner imports ${high}`);
    }
    for (const user of ['commands', 'views', 'editors']) assert.ok(edges.get(user)?.has('runner'), `${user} does not use the runner`);
  });

  it('panelFolder runs without VS Code: it imports only api, text, usersTable and state, and nothing it reaches imports vscode', () => {
    assert.deepEqual([...(edges.get('panelFolder') ?? [])].filter((to) => !['api', 'text', 'usersTable', 'state'].includes(to)), []);
    const seen = new Set<string>();
    const waiting = readdirSync(join(SRC, 'panelFolder'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')).map((name) => join(SRC, 'panelFolder', name));
    while (waiting.length > 0) {
      const file = waiting.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      assert.doesNotMatch(text, /from\s+['"]vscode['"]/, relative(SRC, file));
      for (const match of text.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = resolve(dirname(file), match[1]);
        waiting.push(existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts'));
      }
    }
    assert.ok(seen.size > 10, `${seen.size} files reached`);
  });

  it('has no import cycle between folders', () => {
    assert.equal(cycleFrom(edges)?.join(' -> '), undefined);
  });

  describe('file-level import cycles', () => {
    const fileEdges = importsByFile();
    const cycles = fileCycles(fileEdges);
    const known = (group: readonly string[]) => KNOWN_FILE_CYCLES.some((entry) => group.every((file) => entry.includes(file)));

    it('finds a cycle of files, and names its files', () => {
      const edges = new Map([['a.ts', new Set(['b.ts'])], ['b.ts', new Set(['c.ts'])], ['c.ts', new Set(['a.ts', 'd.ts'])], ['d.ts', new Set<string>()]]);
      assert.deepEqual(fileCycles(edges), [['a.ts', 'b.ts', 'c.ts']]);
      assert.equal(cyclePath(edges, ['a.ts', 'b.ts', 'c.ts']), 'a.ts -> b.ts -> c.ts -> a.ts');
      assert.ok(fileEdges.get('api/failureWords.ts')?.has('api/reasonWords.ts'), 'a require counts as an import');
      assert.ok(fileEdges.get('api/errors.ts')?.has('api/failureReasons.ts'), 'an import type and an export … from count as imports');
    });

    it('has no import cycle between files but the known ones', () => {
      const fresh = cycles.filter((group) => !known(group)).map((group) => `${cyclePath(fileEdges, group)} (the files that import each other: ${group.join(', ')})`);
      assert.deepEqual(fresh, [], `new import cycle(s) between files: ${fresh.join('; ')}. Break each (move the shared type or constant into a file both import); never add one to KNOWN_FILE_CYCLES`);
    });

    it('lists only cycles that still exist (KNOWN_FILE_CYCLES only shrinks)', () => {
      const gone = KNOWN_FILE_CYCLES.filter((entry) => !cycles.some((group) => group.length === entry.length && group.every((file) => entry.includes(file))));
      assert.deepEqual(gone.map((entry) => entry.join(', ')), [], 'these cycles are broken or smaller now: remove or shrink their entries in KNOWN_FILE_CYCLES');
    });
  });

  it('writes no scope literal outside the route catalog', () => {
    for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
      if (file === join('api', 'catalog.ts')) continue;
      const text = readFileSync(join(SRC, file), 'utf8');
      assert.doesNotMatch(text, /['"](nodes|users|monitoring|sites|branding|settings|audit):(read|write)['"]/, file);
    }
  });
});
