// Bundles the extension and its webview scripts:
//   dist/extension.js           what activation evaluates: the session and saved panels, the views'
//                               providers over every panel, the panelops: provider and what listens from
//                               the start (Problems, held saves, tab marks, history), the status bar, the
//                               connection's commands and the lazy commands' stubs (CommonJS, Node)
//   dist/features/client.js     the panel client (src/api/index.ts: transport, paging, resource groups),
//                               loaded with the first client (src/connection/panelClient.ts)
//   dist/features/connect.js    the connect flow and the gateway questions (src/connection/connectFlow.ts,
//                               gatewayPrompts.ts), loaded when Connect, Reconnect or Set Access Gateway runs
//                               (src/commands/panels/connectCode.ts)
//   dist/features/panel.js      what exists per connected panel: its stores (src/state/panelStoreSet.ts) and
//                               each view's one-panel tree, loaded with the first connected panel
//                               (src/services.ts, each view's `create`)
//   dist/features/todo.js       the fleet to-do and its quick fixes (src/editors/fleetTodoStart.ts), loaded
//                               when the first panel connects (src/editors/fleetTodoLoader.ts)
//   dist/features/editors.js    the editors' implementation (src/editors/editorParts.ts), loaded on the
//                               panelops: provider's first call (src/editors/editors.ts)
//   dist/features/webviews.js   the webview pages' extension side (src/webviews/webviewPages.ts), loaded
//                               the first time a page opens
//   dist/features/commands.js   the lazily registered command groups (src/commands/lazy/groups.ts),
//                               loaded the first time one of their commands runs
//   dist/features/notifications.js  the event notifications (src/notifications/index.ts), loaded the first
//                               time the panels watcher has something to tell
//   dist/features/watch.js      the panels watcher (src/state/panelsWatching.ts), loaded on the first turn
//                               after activation returns when a panel is saved, else when the first panel
//                               is saved (src/extension.ts)
//   dist/features/scriptedInput.js  the VS Code suite's scripted prompts and test API (src/testApi.ts),
//                               loaded in Test mode only
//   dist/features/words.js      the failure reasons' words (src/api/reasonWords.ts), loaded when a failure
//                               is first put in words (src/api/failureWords.ts)
//   dist/vendor/undici.js       undici, loaded on the first request (src/api/undiciModule.ts)
//   dist/vendor/lossless-json.js  lossless-json's parser (src/api/losslessParse.ts), loaded on the first JSON
//                               text with an integer of 16 or more digits, or the first asked where a text
//                               stops being JSON (src/api/exactJson.ts)
//   src/webviews/<name>/browser/main.ts -> dist/webview/<name>.js and .css (browser, ES modules with code
//     splitting: what several pages use, lit and the @vscode-elements controls above all, goes into shared
//     chunks dist/webview/chunk-<hash>.js that each page imports; nothing is loaded from elsewhere)
//   src/webviews/shared/browser/policyReport.ts -> dist/webview/policyReport.js (a classic script each
//     scripted page loads first: it reports Content-Security-Policy violations to the extension)
//   node esbuild.mjs               development build (source maps, not minified)
//   node esbuild.mjs --production  minified with linked source maps, writes dist/meta.json
//   node esbuild.mjs --watch       rebuild on change
//
// Why several CommonJS bundles: VS Code 1.100 loads `main` with require, and esbuild splits code only
// for ESM output. So each bundle is built on its own, and a module is in exactly ONE of them: the first
// bundle (in the order above) whose import graph reaches it owns it. Another bundle that imports it gets a
// two-line stand-in, `module.exports = require('<owner>.js').__modules['<path>']`, and the owner exports
// the namespaces of the modules others use as `__modules`. Stores, the session, error classes checked
// with instanceof and tree-item classes therefore exist once at run time, whichever bundle uses them; Node's
// require cache makes `require('../extension.js')` the very module VS Code loaded. A bundle is evaluated
// only when something requires it: a `require` at the point of use of another bundle's entry (a static
// import of it would be resolved into the importer's bundle). The order below matters for modules several
// bundles reach: the earlier bundle owns them, so a small bundle loaded first (panel before editors and
// commands) keeps the later ones from being loaded with it.
import * as esbuild from 'esbuild';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const root = process.cwd();

/** The webviews with a browser script: each is `src/webviews/<name>/browser/main.ts`. */
const WEBVIEWS = ['logs', 'jobs', 'qr', 'figures', 'audit', 'branding', 'customize'];

/** The command groups registered lazily, read from the `require`s of src/commands/lazy/groups.ts. */
const LAZY_GROUPS = [...readFileSync('src/commands/lazy/groups.ts', 'utf8').matchAll(/require\('\.\.\/([A-Za-z]+)\/index'\)/g)].map((match) => match[1]);

/** In load order: a module belongs to the first bundle that reaches it. `main` is re-exported whole. */
const BUNDLES = [
  { name: 'extension', out: 'dist/extension.js', entries: ['src/extension.ts'], main: 'src/extension.ts' },
  { name: 'client', out: 'dist/features/client.js', entries: ['src/api/index.ts'] },
  { name: 'connect', out: 'dist/features/connect.js', entries: ['src/connection/connectFlow.ts', 'src/connection/gatewayPrompts.ts'] },
  {
    name: 'panel', out: 'dist/features/panel.js',
    entries: ['src/state/panelStoreSet.ts', ...['nodes/nodesPanelTree', 'nodes/nodeTreeItems', 'users/usersPanelTree', 'alerts/alertsPanelTree', 'siteTemplates/siteTemplatesPanelTree', 'branding/brandingPanelTree'].map((tree) => `src/views/${tree}.ts`)],
  },
  { name: 'todo', out: 'dist/features/todo.js', entries: ['src/editors/fleetTodoStart.ts'] },
  { name: 'editors', out: 'dist/features/editors.js', entries: ['src/editors/editorParts.ts'] },
  { name: 'webviews', out: 'dist/features/webviews.js', entries: ['src/webviews/webviewPages.ts'] },
  { name: 'commands', out: 'dist/features/commands.js', entries: LAZY_GROUPS.map((group) => `src/commands/${group}/index.ts`) },
  { name: 'notifications', out: 'dist/features/notifications.js', entries: ['src/notifications/index.ts'] },
  { name: 'watch', out: 'dist/features/watch.js', entries: ['src/state/panelsWatching.ts'] },
  { name: 'scriptedInput', out: 'dist/features/scriptedInput.js', entries: ['src/prompts/scriptedUserInput.ts', 'src/testApi.ts'] },
  { name: 'words', out: 'dist/features/words.js', entries: ['src/api/reasonWords.ts'] },
  { name: 'undici', out: 'dist/vendor/undici.js', entries: [createRequire(resolve(root, 'package.json')).resolve('undici')] },
  { name: 'lossless-json', out: 'dist/vendor/lossless-json.js', entries: ['src/api/losslessParse.ts'] },
].map((bundle) => ({ ...bundle, entries: bundle.entries.map((entry) => realpathSync(resolve(root, entry))) }));

const ENTRY = 'panelops-entry';
/** One module per bundle re-exports `vscode`: esbuild otherwise copies the whole API object into a new namespace in every module that imports it (__toESM), about 2 ms of activation. */
const VSCODE = 'panelops-vscode';
const PROXY = 'panelops-proxy';
const keyOf = (path) => relative(root, path);

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: production ? 'linked' : 'inline',
  sourcesContent: !production,
  metafile: true,
  logLevel: 'warning',
  legalComments: 'linked',
};

/** The entry of a bundle: its entries' namespaces as `__modules` (plus `exposed`), and main's exports. */
function entryContents(bundle, exposed) {
  const modules = [...new Set([...bundle.entries, ...exposed])];
  return [
    ...modules.map((path, index) => `import * as m${index} from ${JSON.stringify(path)};`),
    `export const __modules = {${modules.map((path, index) => `${JSON.stringify(keyOf(path))}: m${index}`).join(', ')}};`,
    ...(bundle.main ? [`export * from ${JSON.stringify(realpathSync(resolve(root, bundle.main)))};`] : []),
  ].join('\n');
}

/**
 * Resolves every import of `bundle`. With `owner` (the real build), a module owned by another bundle
 * becomes a stand-in that requires that bundle; without it (the first pass), only the other bundles'
 * entries are left out, to learn which modules each bundle reaches.
 */
function layoutPlugin(bundle, exposed, owner) {
  return {
    name: 'panel-ops-bundles',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: bundle.name, namespace: ENTRY }));
      build.onLoad({ filter: /.*/, namespace: ENTRY }, () => ({ contents: entryContents(bundle, exposed), resolveDir: root, loader: 'js' }));
      build.onResolve({ filter: /.*/, namespace: PROXY }, (args) => ({ path: args.path, external: true }));
      build.onResolve({ filter: /^vscode$/, namespace: VSCODE }, () => ({ path: 'vscode', external: true }));
      build.onResolve({ filter: /^vscode$/ }, () => ({ path: 'vscode', namespace: VSCODE }));
      build.onLoad({ filter: /.*/, namespace: VSCODE }, () => ({ contents: "export * from 'vscode';", resolveDir: root, loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: PROXY }, (args) => {
        const other = owner.get(args.path);
        let path = relative(dirname(resolve(root, bundle.out)), resolve(root, other.out));
        if (!path.startsWith('.')) path = `./${path}`;
        return { contents: `module.exports = require(${JSON.stringify(path)}).__modules[${JSON.stringify(keyOf(args.path))}];`, resolveDir: root, loader: 'js' };
      });
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.kind === 'entry-point' || args.namespace === ENTRY && args.path === bundle.name) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'resolving' });
        if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file') return undefined;
        if (owner) {
          const other = owner.get(resolved.path);
          if (other && other !== bundle) return { path: resolved.path, namespace: PROXY };
          return undefined;
        }
        const elsewhere = BUNDLES.some((candidate) => candidate !== bundle && candidate.entries.includes(resolved.path));
        return elsewhere ? { path: resolved.path, external: true } : undefined;
      });
    },
  };
}

/** First pass: which bundle owns each module, and which modules each bundle must expose to the others. */
async function layout() {
  const graphs = await Promise.all(BUNDLES.map(async (bundle) => {
    const result = await esbuild.build({ ...common, entryPoints: [ENTRY], outfile: bundle.out, write: false, sourcemap: false, plugins: [layoutPlugin(bundle, [])] });
    const inputs = Object.entries(result.metafile.inputs).filter(([path]) => !path.includes(':'));
    return new Map(inputs.map(([path, input]) => [resolve(root, path), input.imports.filter((item) => !item.external).map((item) => resolve(root, item.path))]));
  }));
  const owner = new Map();
  BUNDLES.forEach((bundle, index) => {
    for (const path of graphs[index].keys()) if (!owner.has(path)) owner.set(path, bundle);
    for (const entry of bundle.entries) if (owner.get(entry) !== bundle) throw new Error(`${keyOf(entry)} is reached from ${owner.get(entry)?.name} before ${bundle.name}: import it lazily`);
  });
  const exposed = new Map(BUNDLES.map((bundle) => [bundle, new Set()]));
  BUNDLES.forEach((bundle, index) => {
    for (const [path, imports] of graphs[index]) {
      if (owner.get(path) !== bundle) continue;
      for (const target of imports) if (owner.get(target) !== bundle && owner.has(target)) exposed.get(owner.get(target)).add(target);
    }
  });
  return { owner, exposed };
}

/** @type {import('esbuild').BuildOptions} */
const webviews = {
  entryPoints: Object.fromEntries(WEBVIEWS.map((name) => [name, `src/webviews/${name}/browser/main.ts`])),
  bundle: true,
  outdir: 'dist/webview',
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'browser',
  target: 'chrome120',
  minify: production,
  sourcemap: production ? false : 'inline',
  metafile: true,
  logLevel: 'info',
  legalComments: 'linked',
};

/**
 * Each scripted page's first script, classic (not a module) so it runs before the page's module and its
 * imports load: it must see a policy violation of any of them.
 */
/** @type {import('esbuild').BuildOptions} */
const policyReport = {
  entryPoints: { policyReport: 'src/webviews/shared/browser/policyReport.ts' },
  bundle: true,
  outdir: 'dist/webview',
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  minify: production,
  sourcemap: production ? false : 'inline',
  logLevel: 'info',
};

const { owner, exposed } = await layout();
const extensionBuilds = BUNDLES.map((bundle) => ({ ...common, entryPoints: [ENTRY], outfile: bundle.out, plugins: [layoutPlugin(bundle, [...exposed.get(bundle)], owner)] }));

if (watch) {
  // The layout (who owns which module) is computed once: restart the watch after adding an import across bundles.
  for (const options of [...extensionBuilds, webviews, policyReport]) await (await esbuild.context({ ...options, logLevel: 'info' })).watch();
} else {
  // Chunk names change with their content: start from an empty folder so no stale chunk is packaged.
  await rm('dist/webview', { recursive: true, force: true });
  const [pages, , ...built] = await Promise.all([esbuild.build(webviews), esbuild.build(policyReport), ...extensionBuilds.map((options) => esbuild.build(options))]);
  const outputs = Object.assign({}, ...built.map((result) => result.metafile.outputs));
  const inputs = Object.assign({}, ...built.map((result) => result.metafile.inputs));
  await writeFile('dist/meta.json', JSON.stringify({ inputs, outputs }));
  const size = (all, file) => `${file}: ${((all[file]?.bytes ?? 0) / 1024).toFixed(1)} KiB`;
  for (const bundle of BUNDLES) console.log(size(outputs, bundle.out), bundle === BUNDLES[0] ? '(evaluated at activation; analyse dist/meta.json with esbuild\'s analyzer)' : '(loaded on first use)');
  for (const name of WEBVIEWS) console.log(size(pages.metafile.outputs, `dist/webview/${name}.js`));
  for (const chunk of Object.keys(pages.metafile.outputs).filter((file) => /\/chunk-[^/]*\.js$/.test(file))) console.log(size(pages.metafile.outputs, chunk), '(shared)');
  if (production) await writeFile('dist/README.md', extensionsViewReadme(readFileSync('README.md', 'utf8')));
}

/**
 * The README as the Extensions view shows it from an installed VSIX (`vsce package --readme-path
 * dist/README.md`). VS Code 1.100's page shows images from `https:` and `data:`; VS Code 1.117's keeps
 * `http(s):` images only (its Markdown sanitizer drops `data:` and relative sources there). vsce makes
 * relative image paths absolute only from a repository URL, which this project does not have yet. So:
 * with `PANEL_OPS_README_IMAGES_URL` (an https:// address where the repository's `media/packaged/` is
 * served, e.g. its raw files), each screenshot is that address's WebP copy, shown by both; without it, the
 * copy is inlined as a `data:` URI, shown offline by 1.100 and left out by 1.117 (its alt text stays).
 * Links to files that are not in the VSIX (src/README.md, test/README.md...) become their text. The copy is
 * the screenshot's small WebP in media/packaged/ (`npm run screenshots:packaged`), not the full-size PNG:
 * the PNGs would make the VSIX three times the limit of package.mjs.
 */
function extensionsViewReadme(markdown, imagesUrl = process.env.PANEL_OPS_README_IMAGES_URL || undefined) {
  if (imagesUrl !== undefined && !/^https:\/\/[^\s)]+\/$/.test(imagesUrl)) {
    throw new Error(`PANEL_OPS_README_IMAGES_URL must be an https:// address ending with /, not ${imagesUrl}`);
  }
  return markdown
    .replace(/!\[([^\]]*)\]\(media\/screenshots\/([^)\s/]+)\.png\)/g, (_whole, alt, name) => {
      const copy = `media/packaged/${name}.webp`;
      if (!existsSync(copy)) throw new Error(`${copy} is missing: run npm run screenshots:packaged`);
      if (imagesUrl) return `![${alt}](${imagesUrl}${copy})`;
      return `![${alt}](data:image/webp;base64,${readFileSync(copy).toString('base64')})`;
    })
    .replace(/(?<!!)\[([^\]]+)\]\((?!https?:|#|data:)[^)]+\)/g, '$1');
}
