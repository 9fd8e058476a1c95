/**
 * Activation cost in a fresh Node process: loading an extension's main file plus running `activate` with
 * nothing stored (so no request is sent), against the `vscode` stand-in of vscodeStub.ts. `node
 * activation.bench.js` measures dist/extension.js; `node activation.bench.js empty` the empty extension
 * (emptyExtension.ts), loaded and activated the same way. Prints one JSON line `{"loadMs", "activateMs",
 * "requests", "evaluatedKb", "files"}`: `evaluatedKb` adds up the JavaScript files loaded while loading and
 * activating (the bundles of dist/ that were required, not those left for later). Run by bench.ts once per
 * sample.
 */
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import { relative, resolve } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { benchContext, installVscodeStub } from './vscodeStub';

async function main(): Promise<void> {
  const empty = process.argv[2] === 'empty';
  installVscodeStub();
  // Anything the extension sent would arrive here (it must send nothing while activating).
  let requests = 0;
  const server = createServer((_request, response) => { requests += 1; response.end(); });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const main = empty ? resolve(__dirname, 'emptyExtension.js') : resolve(repoRoot, 'dist/extension.js');
  const before = new Set(Object.keys(require.cache));
  const started = process.hrtime.bigint();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- measures the require of the bundle itself (module evaluation time)
  const extension = require(main) as { activate(context: unknown): Promise<unknown> };
  const loaded = process.hrtime.bigint();
  await extension.activate(benchContext(repoRoot));
  const activated = process.hrtime.bigint();
  const files = Object.keys(require.cache).filter((file) => !before.has(file));
  await new Promise((done) => setTimeout(done, 50));
  server.close();
  const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
  const evaluatedKb = files.reduce((total, file) => total + statSync(file).size, 0) / 1024;
  process.stdout.write(`${JSON.stringify({ loadMs: ms(started, loaded), activateMs: ms(loaded, activated), requests, evaluatedKb, files: files.map((file) => relative(repoRoot, file)) })}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
