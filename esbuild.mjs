// Bundles the extension and its webview scripts:
//   src/extension.ts                  -> dist/extension.js (CommonJS, Node, `vscode` external)
//   src/webviews/<name>/browser/main.ts -> dist/webview/<name>.js and .css (browser, IIFE; the
//     @vscode-elements controls and the CSS it imports are bundled in, nothing is loaded from elsewhere)
//   node esbuild.mjs               development build (source maps, not minified)
//   node esbuild.mjs --production  minified with linked source maps, writes dist/meta.json
//   node esbuild.mjs --watch       rebuild on change
import * as esbuild from 'esbuild';
import { writeFile } from 'node:fs/promises';

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
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  minify: production,
  sourcemap: production ? false : 'inline',
  metafile: true,
  logLevel: 'info',
  legalComments: 'linked',
};

if (watch) {
  for (const options of [extension, webviews]) await (await esbuild.context(options)).watch();
} else {
  const [built, pages] = await Promise.all([esbuild.build(extension), esbuild.build(webviews)]);
  await writeFile('dist/meta.json', JSON.stringify(built.metafile));
  const size = (outputs, file) => `${file}: ${((outputs[file]?.bytes ?? 0) / 1024).toFixed(1)} KiB`;
  console.log(size(built.metafile.outputs, 'dist/extension.js'), '(analyse dist/meta.json with esbuild\'s analyzer)');
  for (const name of WEBVIEWS) console.log(size(pages.metafile.outputs, `dist/webview/${name}.js`));
}
