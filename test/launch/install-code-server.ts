// Installs code-server 4.100.3 (VS Code 1.100.3's server and web workbench, runs on Node 20) into
// .vscode-test/code-server/ so the VS Code suite and the screenshots can run without internet.
// Steps measured in ../shared/guide/real-vscode-on-this-machine.md. A second run finds the marker file
// written at the end and does nothing.
//   node out/test/launch/install-code-server.js   (after `npm run compile-tests`)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, vscodeTestDir } from './repo-paths';

export const CODE_SERVER_VERSION = '4.100.3';
export const installDir = join(vscodeTestDir, 'code-server');
export const codeServerBin = join(installDir, 'node_modules', '.bin', 'code-server');
const marker = join(installDir, '.install-complete');
const vscodeDir = join(installDir, 'node_modules', 'code-server', 'lib', 'vscode');

/** Debian packages: the header kerberos compiles against, the rg that replaces the download, the browser. */
const DEBIAN_PACKAGES = ['libkrb5-dev', 'ripgrep', 'chromium'];
const NATIVE_MODULES_OF_VSCODE = ['kerberos', 'node-pty', '@parcel/watcher', '@vscode/spdlog', '@vscode/deviceid', 'native-watchdog'];

export function isCodeServerInstalled(): boolean {
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === CODE_SERVER_VERSION && existsSync(codeServerBin);
}

function run(command: string, args: string[], cwd: string, { allowFailure = false } = {}): number | null {
  console.log(`[install-code-server] (${cwd.replace(repoRoot + '/', '')}) ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, npm_config_unsafe_perm: 'true', npm_config_audit: 'false', npm_config_fund: 'false' },
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

export function installCodeServer(): void {
  if (isCodeServerInstalled()) {
    console.log(`[install-code-server] code-server ${CODE_SERVER_VERSION} already installed in ${installDir}`);
    return;
  }
  const started = Date.now();
  step('Debian packages', ensureDebianPackages);
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(installDir, { recursive: true });
  // Its own package.json, so npm installs here and not into the repository's node_modules.
  writeFileSync(join(installDir, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));

  step('npm install code-server', () =>
    run('npm', ['install', '--ignore-scripts', '--no-save', '--no-package-lock', `code-server@${CODE_SERVER_VERSION}`], installDir));
  step('rebuild argon2', () => run('npm', ['rebuild', 'argon2'], installDir));
  step('install VS Code dependencies', () => run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir));
  step('rebuild native modules', () => {
    for (const name of NATIVE_MODULES_OF_VSCODE) {
      // node-pty's install step ends with an `npx node-gyp` call that only writes compile_commands.json and
      // fails offline; pty.node is built before it, which the check below verifies.
      run('npm', ['rebuild', name], vscodeDir, { allowFailure: name === 'node-pty' });
    }
    const pty = join(vscodeDir, 'node_modules', 'node-pty', 'build', 'Release', 'pty.node');
    if (!existsSync(pty)) throw new Error(`node-pty did not build: ${pty} is missing`);
  });
  step('ripgrep and node_modules.asar links', () => {
    const rgBinDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
    mkdirSync(rgBinDir, { recursive: true });
    rmSync(join(rgBinDir, 'rg'), { force: true });
    symlinkSync('/usr/bin/rg', join(rgBinDir, 'rg'));
    rmSync(join(vscodeDir, 'node_modules.asar'), { force: true });
    symlinkSync('node_modules', join(vscodeDir, 'node_modules.asar'));
  });
  step('install built-in extensions dependencies', () => run('npm', ['install', '--omit=dev'], join(vscodeDir, 'extensions')));

  writeFileSync(marker, CODE_SERVER_VERSION + '\n');
  console.log(`[install-code-server] code-server ${CODE_SERVER_VERSION} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  try {
    installCodeServer();
  } catch (error) {
    console.error(`[install-code-server] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
