// Runs the VS Code suite (out/test/vscode/index.js) in a desktop VS Code downloaded by @vscode/test-electron.
// For a developer's desktop with internet; CI here uses the code-server launcher instead.
//   npm run test:electron                      (VS Code 1.100.3, the version code-server 4.100.3 carries)
//   PANEL_OPS_VSCODE_VERSION=stable npm run test:electron
// On a Linux machine without a display, wrap it: xvfb-run -a npm run test:electron
import { runTests } from '@vscode/test-electron';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './repo-paths';

async function main(): Promise<number> {
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-suite-'));
  try {
    return await runTests({
      version: process.env.PANEL_OPS_VSCODE_VERSION ?? '1.100.3',
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, 'out', 'test', 'vscode', 'index.js'),
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[electron launcher] ${error instanceof Error ? error.message : String(error)}`);
    console.error('[electron launcher] (when VS Code cannot be downloaded, as offline, run "npm run test:vscode": code-server)');
    process.exit(1);
  },
);
