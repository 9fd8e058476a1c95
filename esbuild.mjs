// Bundles the extension: src/extension.ts -> dist/extension.js (CommonJS, Node, `vscode` external).
//   node esbuild.mjs               development build (source maps, not minified)
//   node esbuild.mjs --production  minified with linked source maps, writes dist/meta.json
//   node esbuild.mjs --watch       rebuild on change
import * as esbuild from 'esbuild';
import { writeFile } from 'node:fs/promises';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const options = {
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

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  const result = await esbuild.build(options);
  await writeFile('dist/meta.json', JSON.stringify(result.metafile));
  const bytes = result.metafile.outputs['dist/extension.js']?.bytes ?? 0;
  console.log(`dist/extension.js: ${(bytes / 1024).toFixed(1)} KiB (analyse dist/meta.json with esbuild's analyzer)`);
}
