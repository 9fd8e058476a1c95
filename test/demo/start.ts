// `npm start`: the simulated panel with the demo fleet, and a VS Code with Panel Ops already connected to it.
// - `code` on the PATH: desktop VS Code with --extensionDevelopmentPath and a fresh user-data-dir.
// - otherwise (or PANEL_OPS_DEMO_CODE_SERVER=1): code-server with the packaged extension installed; it
//   prints the address to open in a browser.
// Ctrl+C stops everything it started. PANEL_OPS_DEMO_PORT picks code-server's port (default: a free one).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { startCodeServer, installVsix, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot } from '../launch/repo-paths';
import { writeDemoBootstrapFile } from './demo-bootstrap-file';
import { startPanelCli, type PanelCliProcess } from './panel-cli-process';

const DEMO_PANEL_NAME = 'Demo panel';

function findOnPath(command: string): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(directory, command), constants.X_OK);
      return join(directory, command);
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/** Desktop VS Code: resolves when its window is closed. */
async function openDesktopVsCode(code: string, demoDir: string, workspace: string, bootstrap: string): Promise<void> {
  const args = ['--new-window', '--wait', '--user-data-dir', join(demoDir, 'user-data'), '--extensions-dir', join(demoDir, 'extensions'),
    `--extensionDevelopmentPath=${repoRoot}`, '--disable-workspace-trust', '--skip-welcome', workspace];
  console.log(`[demo] starting ${code} (close its window or press Ctrl+C to stop)`);
  const child = spawn(code, args, { env: { ...process.env, PANEL_OPS_BOOTSTRAP: bootstrap }, stdio: 'inherit' });
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

/** code-server with the packaged extension: resolves when it has started; the caller keeps it running. */
async function startDemoCodeServer(demoDir: string, workspace: string, bootstrap: string): Promise<RunningCodeServer> {
  installCodeServer();
  const packaged = spawnSync('npm', ['run', 'package'], { cwd: repoRoot, stdio: 'inherit' });
  if (packaged.status !== 0) throw new Error('npm run package failed');
  const folders = { userDataDir: join(demoDir, 'user-data'), extensionsDir: join(demoDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  return startCodeServer({
    ...folders,
    workspace,
    port: Number(process.env.PANEL_OPS_DEMO_PORT ?? 0),
    env: { PANEL_OPS_BOOTSTRAP: bootstrap },
  });
}

async function main(): Promise<void> {
  const demoDir = mkdtempSync(join(tmpdir(), 'panel-ops-demo-'));
  const workspace = join(demoDir, 'workspace');
  mkdirSync(workspace);
  let panel: PanelCliProcess | undefined;
  let codeServer: RunningCodeServer | undefined;
  let stopping = false;
  const stopAll = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await codeServer?.stop();
    await panel?.stop();
    rmSync(demoDir, { recursive: true, force: true });
    console.log('[demo] stopped');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAll().finally(() => process.exit(0)));
  }
  try {
    panel = await startPanelCli(['--dataset', 'demo', '--log-follow', '--log-limit-seconds', '3600']);
    console.log(`[demo] simulated panel with the demo fleet at ${panel.url}`);
    const bootstrap = writeDemoBootstrapFile(demoDir, { url: panel.url, token: panel.ownerToken, name: DEMO_PANEL_NAME });
    const code = process.env.PANEL_OPS_DEMO_CODE_SERVER === '1' ? undefined : findOnPath('code');
    if (code) {
      await openDesktopVsCode(code, demoDir, workspace, bootstrap);
      await stopAll();
      return;
    }
    codeServer = await startDemoCodeServer(demoDir, workspace, bootstrap);
    console.log(`[demo] Panel Ops is connected to "${DEMO_PANEL_NAME}" in code-server. Open this address in a browser:`);
    console.log(`\n    ${workbenchUrl(codeServer, workspace)}\n`);
    console.log('[demo] press Ctrl+C to stop code-server and the simulated panel');
  } catch (error) {
    await stopAll();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
