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

  it('writes no scope literal outside the route catalog', () => {
    for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
      if (file === join('api', 'catalog.ts')) continue;
      const text = readFileSync(join(SRC, file), 'utf8');
      assert.doesNotMatch(text, /['"](nodes|users|monitoring|sites|branding|settings|audit):(read|write)['"]/, file);
    }
  });
});
