// Runs the VS Code suite (out/test/vscode/index.js) inside code-server's real extension host, with Debian's
// Chromium showing the web workbench. Prints the suite's output and exits with its exit code.
//   npm run test:vscode          (builds, compiles, installs code-server if needed, then runs this)
//   node out/test/launch/code-server.js
// Two VS Codes (install-code-server.ts): on the oldest one `engines.vscode` accepts, the whole suite under
// the default reading of the simulated panel, then the parts listed in test/vscode/suiteReadings.ts
// (READING_PARTS) under the second and third readings; then on a current VS Code the whole suite once,
// under the default reading. Each pass in a code-server of its own. On the oldest, last, LANGUAGE_PARTS in
// each of LANGUAGE_PASSES (Persian, Simplified Chinese): the workbench showing that display language. PANEL_OPS_READING, PANEL_OPS_TEST_GREP
// or PANEL_OPS_TEST_FILES make it one pass, on the oldest VS Code unless PANEL_OPS_CODE_SERVER says
// `current`, `both` or a version.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium } from './chromium-browser';
import { startCodeServer, type RunningCodeServer } from './code-server-process';
import { generateCertificates } from '../panel/certificates';
import { buildNamed, installCodeServer, OLDEST, SUITE_BUILDS, type CodeServerBuild } from './install-code-server';
import { repoRoot, vscodeTestDir } from './repo-paths';
import { startUiDriver, UI_DRIVER_ENV, type UiDriver } from './ui-driver';
import { DISPLAY_LANGUAGE_ENV, suitePasses, type SuitePass } from '../vscode/suiteReadings';
import { runExtensionTests } from './workbench-tests';

const OVERALL_TIMEOUT_MS = Number(process.env.PANEL_OPS_VSCODE_TEST_TIMEOUT_MS ?? 25 * 60_000);
const suiteEntry = join(repoRoot, 'out', 'test', 'vscode', 'index.js');
const extensionBundle = join(repoRoot, 'dist', 'extension.js');

/** The workbench forwards console calls as (type, args), printf style; util.format also drops %c styling. */
function printWorkbenchLog(type: string, args: unknown[]): void {
  const text = format(...args);
  // code-server looks up its extension gallery at start; offline that fails with a long, harmless stack.
  if (text.includes('ENOTFOUND open-vsx.org')) return;
  (type === 'error' ? console.error : console.log)(text);
}

function runSuite(server: RunningCodeServer, browser: Browser, workspace: string, driver: UiDriver, displayLanguage: string | undefined): Promise<number> {
  return runExtensionTests(server, browser, workspace, suiteEntry, {
    name: 'code-server launcher',
    displayLanguage,
    timeoutMs: OVERALL_TIMEOUT_MS,
    log: printWorkbenchLog,
    onPage: (page) => driver.setPage(page),
  });
}

async function main(): Promise<number> {
  for (const required of [suiteEntry, extensionBundle]) {
    if (!existsSync(required)) {
      console.error(`[code-server launcher] ${required} is missing: run "npm run build && npm run compile-tests" first.`);
      return 1;
    }
  }
  const builds = suiteBuilds();
  for (const build of builds) installCodeServer(build);
  const runDir = join(vscodeTestDir, 'suite-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-suite-'));
  const passes = builds.flatMap((build) => buildPasses(build).map((pass) => ({ build, pass })));
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  // A CA only the OS store holds (network.test.ts); and no NODE_EXTRA_CA_CERTS, which some machines set
  // to the OS bundle and which would make Node itself trust that CA, whatever the extension does.
  delete process.env.NODE_EXTRA_CA_CERTS;
  const osStore = await installOsStoreCa(join(runDir, 'os-store-panel'));
  if (osStore) process.env.PANEL_OPS_OS_STORE_PANEL = osStore.dir;
  let driver: UiDriver | undefined;
  const cleanUp = async (): Promise<void> => {
    await driver?.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    osStore?.remove();
    rmSync(workspace, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    // Gestures the extension API cannot make (a drag through a real tree): tests ask the driver for them.
    driver = await startUiDriver();
    browser = await launchChromium();
    const codes: number[] = [];
    for (const [index, { build, pass }] of passes.entries()) {
      const started = Date.now();
      // Each pass in a code-server of its own, with a user data directory of its own: nothing a pass
      // stored (panels, tokens, settings) is there when the next one starts.
      server = await startCodeServer({
        build,
        userDataDir: join(runDir, index === 0 ? 'user-data' : `user-data-${index}`),
        extensionsDir: join(runDir, `extensions-${build.version}`),
        workspace,
        env: { [UI_DRIVER_ENV]: driver.url, ...pass.env, ...(pass.displayLanguage ? { [DISPLAY_LANGUAGE_ENV]: pass.displayLanguage } : {}) },
      });
      console.log(`[code-server launcher] code-server ${build.version} (VS Code ${build.vscodeVersion}) at ${server.url}; running ${suiteEntry} (${describePass(pass)})`);
      const code = await runSuite(server, browser, workspace, driver, pass.displayLanguage);
      console.log(`[code-server launcher] ${passName(build, pass)}: exit code ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      codes.push(code);
      await server.stop();
      server = undefined;
    }
    if (passes.length > 1) console.log(`[code-server launcher] ${passes.map(({ build, pass }, i) => `${passName(build, pass)}: ${codes[i] === 0 ? 'passed' : 'failed'}`).join('; ')}`);
    return codes.find((code) => code !== 0) ?? 0;
  } finally {
    await cleanUp();
  }
}

/**
 * `PANEL_OPS_CODE_SERVER=oldest|current|both` (or a code-server or VS Code version): the VS Codes to run
 * in. Default: both for the whole run, the oldest for a run narrowed to a reading, a title or files.
 */
function suiteBuilds(env: NodeJS.ProcessEnv = process.env): CodeServerBuild[] {
  const asked = env.PANEL_OPS_CODE_SERVER?.trim();
  if (!asked) return suitePasses(env).length > 1 ? [...SUITE_BUILDS] : [OLDEST];
  if (asked === 'both') return [...SUITE_BUILDS];
  const build = buildNamed(asked);
  if (!build) throw new Error(`PANEL_OPS_CODE_SERVER=${asked}: not one of both, ${SUITE_BUILDS.map((b) => `${b.role} (${b.version})`).join(', ')}`);
  return [build];
}

/**
 * The passes of one VS Code. On the oldest, the whole suite and the reading passes. On the current one,
 * the whole suite under the default reading only: the reading passes replay the panel's other shapes
 * through the extension's own readers, which do not change with the VS Code they run in, while every
 * surface of VS Code the suite touches (views, editors, webviews, prompts, the network stack) is met by
 * the whole suite already.
 */
function buildPasses(build: CodeServerBuild): SuitePass[] {
  const passes = suitePasses();
  // The language passes, like the reading passes, on the oldest only: the words and the pages' direction
  // are the extension's own, and the current VS Code meets the same views and webviews in the whole suite.
  return build === OLDEST ? passes : passes.slice(0, 1);
}

function passName(build: CodeServerBuild, pass: SuitePass): string {
  return `VS Code ${build.vscodeVersion}, ${pass.name}`;
}

/** A pass as the log says it: its name and the environment it adds. */
function describePass(pass: SuitePass): string {
  const env = Object.entries(pass.env).map(([name, value]) => `${name}=${value}`);
  return env.length > 0 ? `${pass.name}, ${env.join(' ')}` : pass.name;
}

/**
 * As root on a Debian-like system: a throw-away CA added under /usr/local/share/ca-certificates (then
 * update-ca-certificates), and a panel certificate it signed written to `dir` for the suite. Removed at
 * the end. Elsewhere nothing is installed and the test that needs it is skipped.
 */
async function installOsStoreCa(dir: string): Promise<{ dir: string; remove(): void } | undefined> {
  const anchors = '/usr/local/share/ca-certificates';
  if (process.getuid?.() !== 0 || !existsSync(anchors)) return undefined;
  const certificates = await generateCertificates();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cert.pem'), certificates.cert);
  writeFileSync(join(dir, 'key.pem'), certificates.key);
  // A name of this run's own: another run on the machine removing its CA at its end must not remove this one.
  const anchor = join(anchors, `panel-ops-suite-ca-${process.pid}.crt`);
  writeFileSync(anchor, certificates.ca);
  const update = () => spawnSync('update-ca-certificates', [], { stdio: 'ignore' });
  if (update().status !== 0) {
    rmSync(anchor, { force: true });
    return undefined;
  }
  return {
    dir,
    remove: () => {
      rmSync(anchor, { force: true });
      update();
    },
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[code-server launcher] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    process.exit(1);
  },
);
