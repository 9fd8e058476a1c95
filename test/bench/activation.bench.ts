/**
 * Activation cost in a fresh Node process: loading dist/extension.js plus running `activate` with nothing
 * stored (so no request is sent), against the `vscode` stand-in of vscodeStub.ts. Prints one JSON line
 * `{"loadMs", "activateMs", "requests"}`. Run by bench.ts once per sample.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { benchContext, installVscodeStub } from './vscodeStub';


async function main(): Promise<void> {
  installVscodeStub();
  // Anything the extension sent would arrive here (it must send nothing while activating).
  let requests = 0;
  const server = createServer((_request, response) => { requests += 1; response.end(); });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const started = process.hrtime.bigint();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const extension = require(resolve(repoRoot, 'dist/extension.js')) as { activate(context: unknown): Promise<unknown> };
  const loaded = process.hrtime.bigint();
  await extension.activate(benchContext(repoRoot));
  const activated = process.hrtime.bigint();
  await new Promise((done) => setTimeout(done, 50));
  server.close();
  const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
  process.stdout.write(`${JSON.stringify({ loadMs: ms(started, loaded), activateMs: ms(loaded, activated), requests })}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
