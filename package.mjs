// npm run package: the production build (esbuild.mjs), then `vsce package`, then the size check: the VSIX
// must stay at most 1.5 MB (VSIX_LIMIT_BYTES). `node package.mjs --out <file>` writes the VSIX elsewhere
// (the unit test test/unit/packaging.test.ts packages into a temporary folder this way).
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** 1.5 MB as vsce counts it (MiB): the package is mostly the README's pictures, kept small (media/packaged/). */
export const VSIX_LIMIT_BYTES = 1.5 * 1024 * 1024;

const root = dirname(fileURLToPath(import.meta.url));

/** Builds and packages into `out`; returns its size in bytes, or throws when it is larger than the limit. */
export function packageVsix(out = 'panel-ops.vsix') {
  const run = (script, args) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  run(join(root, 'esbuild.mjs'), ['--production']);
  const vsce = join(dirname(createRequire(join(root, 'package.json')).resolve('@vscode/vsce/package.json')), 'vsce');
  run(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--readme-path', 'dist/README.md', '--out', out]);
  const size = statSync(resolve(root, out)).size;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  if (size > VSIX_LIMIT_BYTES) {
    throw new Error(`${out} is ${mb(size)} (${size} bytes), over the limit of ${mb(VSIX_LIMIT_BYTES)}: the README's pictures are the usual cause (npm run screenshots:packaged re-encodes them)`);
  }
  console.log(`[package] ${out}: ${mb(size)} (${size} bytes), within the limit of ${mb(VSIX_LIMIT_BYTES)}`);
  return size;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out');
  try {
    packageVsix(at > 0 ? process.argv[at + 1] : undefined);
  } catch (error) {
    console.error(`[package] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
