import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { startTestServer, type TestServer } from '../support/clientTestServer';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../../..');

/**
 * Runs in a fresh Node process. `undici` counts as evaluated when its global dispatcher symbol exists
 * (undici 7 sets it while its index is evaluated; Node's built-in fetch uses another version's symbol and
 * is not touched here) or when a file of node_modules/undici is in require.cache.
 */
const PROBE = `
const Module = require('node:module');
const marker = Symbol.for('undici.globalDispatcher.2');
const evaluated = () => globalThis[marker] !== undefined ||
  Object.keys(require.cache).some((file) => file.includes('node_modules/undici/'));
// A stand-in for the vscode module: every property, call and construction yields another stand-in.
// getPrototypeOf matters because esbuild's namespace import copies a module onto an object whose
// prototype is the module's prototype.
const stub = () => {
  const values = new Map();
  const handler = {
    get: (target, name) => {
      if (name === 'then' || name === '__esModule' || typeof name === 'symbol') return undefined;
      // The one list activation reads (the open documents: a pulled folder's file loads the folder commands).
      if (name === 'textDocuments') return [];
      if (!values.has(name)) values.set(name, stub());
      return values.get(name);
    },
    set: (target, name, value) => (values.set(name, value), true),
    apply: () => stub(),
    construct: () => stub(),
    getPrototypeOf: () => stub(),
  };
  return new Proxy(function () {}, handler);
};
const vscode = stub();
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
(async () => {
  const [file, baseUrl, mode] = process.argv.slice(1);
  const report = {};
  const loaded = require(file);
  report.afterLoad = evaluated();
  if (mode === 'activate') {
    try { await loaded.activate(stub()); report.activate = 'completed'; } catch (e) { report.activate = 'threw ' + String(e && e.stack || e).split('\\n').slice(0, 3).join(' | '); }
    report.afterActivate = evaluated();
  } else {
    const api = loaded.createPanelApi({ baseUrl, token: 'pmt_0123456789abcdef0123456789abcdef01234567' });
    await api.nodes.list();
    report.afterRequest = evaluated();
    await api.close();
  }
  process.stdout.write(JSON.stringify(report));
})().catch((e) => { process.stderr.write(String(e && e.stack || e)); process.exit(1); });
`;

async function probe(file: string, baseUrl: string, mode: 'request' | 'activate'): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['-e', PROBE, file, baseUrl, mode], { cwd: ROOT, timeout: 30_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

async function bundle(entry: string, outfile: string): Promise<void> {
  await esbuild.build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    outfile,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    logLevel: 'silent',
  });
}

describe('client: undici is loaded on the first request, never before', function () {
  this.timeout(60_000);
  let server: TestServer;
  let dir: string;
  before(async () => {
    server = await startTestServer();
    dir = await mkdtemp(join(tmpdir(), 'panel-ops-lazy-'));
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('importing the compiled API layer does not evaluate undici; the first request does', async () => {
    const report = await probe(join(ROOT, 'out/src/api/index.js'), server.url, 'request');
    assert.deepEqual(report, { afterLoad: false, afterRequest: true });
  });

  it('in an esbuild bundle of the API layer, undici is bundled but evaluated only on the first request', async () => {
    const outfile = join(dir, 'api.js');
    await bundle('src/api/index.ts', outfile);
    const report = await probe(outfile, server.url, 'request');
    assert.deepEqual(report, { afterLoad: false, afterRequest: true });
  });

  it('loading the extension bundle and calling activate do not evaluate undici', async () => {
    const outfile = join(dir, 'extension.js');
    await bundle('src/extension.ts', outfile);
    const report = await probe(outfile, server.url, 'activate');
    assert.equal(report.afterLoad, false);
    // With a stand-in for every vscode API, activate must run to its end for the check to mean something.
    assert.equal(report.activate, 'completed');
    assert.equal(report.afterActivate, false);
  });
});
