// Bundles the extension and its webview scripts:
//   src/extension.ts                  -> dist/extension.js (CommonJS, Node, `vscode` external)
//   src/webviews/<name>/browser/main.ts -> dist/webview/<name>.js and .css (browser, ES modules with code
//     splitting: what several pages use, lit and the @vscode-elements controls above all, goes into shared
//     chunks dist/webview/chunk-<hash>.js that each page imports; nothing is loaded from elsewhere)
//   src/webviews/shared/browser/policyReport.ts -> dist/webview/policyReport.js (a classic script each
//     scripted page loads first: it reports Content-Security-Policy violations to the extension)
//   node esbuild.mjs               development build (source maps, not minified)
//   node esbuild.mjs --production  minified with linked source maps, writes dist/meta.json
//   node esbuild.mjs --watch       rebuild on change
import * as esbuild from 'esbuild';
import { rm, writeFile } from 'node:fs/promises';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** The webviews with a browser script: each is `src/webviews/<name>/browser/main.ts`. */
const WEBVIEWS = ['logs', 'jobs', 'qr', 'figures', 'audit', 'branding', 'customize'];

/** @type {import('esbuild').BuildOptions} */
const extension = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile: 'dist/extension.js',
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: production ? 'linked' : 'inline',
  sourcesContent: !production,
  metafile: true,
  logLevel: 'info',
  legalComments: 'linked',
};

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

if (watch) {
  for (const options of [extension, webviews, policyReport]) await (await esbuild.context(options)).watch();
} else {
  // Chunk names change with their content: start from an empty folder so no stale chunk is packaged.
  await rm('dist/webview', { recursive: true, force: true });
  const [built, pages] = await Promise.all([esbuild.build(extension), esbuild.build(webviews), esbuild.build(policyReport)]);
  await writeFile('dist/meta.json', JSON.stringify(built.metafile));
  const size = (outputs, file) => `${file}: ${((outputs[file]?.bytes ?? 0) / 1024).toFixed(1)} KiB`;
  console.log(size(built.metafile.outputs, 'dist/extension.js'), '(analyse dist/meta.json with esbuild\'s analyzer)');
  for (const name of WEBVIEWS) console.log(size(pages.metafile.outputs, `dist/webview/${name}.js`));
  for (const chunk of Object.keys(pages.metafile.outputs).filter((file) => /\/chunk-[^/]*\.js$/.test(file))) console.log(size(pages.metafile.outputs, chunk), '(shared)');
}
