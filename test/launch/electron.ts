// Runs the VS Code suite (out/test/vscode/index.js) in a desktop VS Code downloaded by @vscode/test-electron.
// For a developer's desktop with internet; CI here uses the code-server launcher instead.
//   npm run test:electron                      (VS Code 1.100.3, the version code-server 4.100.3 carries)
//   PANEL_OPS_VSCODE_VERSION=stable npm run test:electron
// On a Linux machine without a display, wrap it: xvfb-run -a npm run test:electron
// As the code-server launcher: the whole suite, then test/vscode/suiteReadings.ts's READING_PARTS under the
// second and third readings, each pass in a VS Code of its own (a user data directory of its own).
import { runTests, TestRunFailedError } from '@vscode/test-electron';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './repo-paths';
import { suitePasses } from '../vscode/suiteReadings';

async function main(): Promise<number> {
  const codes: number[] = [];
  const passes = suitePasses();
  for (const pass of passes) {
    const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-suite-'));
    const userData = mkdtempSync(join(tmpdir(), 'panel-ops-user-data-'));
    try {
      console.log(`[electron launcher] running ${pass.name}`);
      codes.push(await runTests({
        version: process.env.PANEL_OPS_VSCODE_VERSION ?? '1.100.3',
        extensionDevelopmentPath: repoRoot,
        extensionTestsPath: join(repoRoot, 'out', 'test', 'vscode', 'index.js'),
        extensionTestsEnv: pass.displayLanguage ? { ...pass.env, PANEL_OPS_DISPLAY_LANGUAGE: pass.displayLanguage } : pass.env,
        launchArgs: [workspace, ...(pass.displayLanguage ? [`--locale=${pass.displayLanguage}`] : []), `--user-data-dir=${userData}`, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      }).catch((error: unknown) => {
        // runTests rejects when the suite fails: the next pass still runs. Anything else (no VS Code) ends the run.
        if (!(error instanceof TestRunFailedError)) throw error;
        console.error(`[electron launcher] ${pass.name}: ${error.message}`);
        return 1;
      }));
    } finally {
      rmSync(workspace, { recursive: true, force: true });
      rmSync(userData, { recursive: true, force: true });
    }
  }
  if (passes.length > 1) console.log(`[electron launcher] ${passes.map((pass, i) => `${pass.name}: ${codes[i] === 0 ? 'passed' : 'failed'}`).join('; ')}`);
  return codes.find((code) => code !== 0) ?? 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[electron launcher] ${error instanceof Error ? error.message : String(error)}`);
    console.error('[electron launcher] (when VS Code cannot be downloaded, as offline, run "npm run test:vscode": code-server)');
    process.exit(1);
  },
);
