// What every script that drives the real workbench does around its walk: the packaged panel-ops.vsix
// installed into a fresh code-server (user data and extensions in a run folder under .vscode-test/), the
// simulated panels it asks for started in this process, Chromium launched through playwright-core and the
// workbench opened on a throw-away workspace; when the walk fails, the page as it was is saved to
// <run folder>/failure.png; at the end (also on Ctrl+C, SIGTERM or the script's time limit) everything
// started is stopped and the workspace removed.
//   runScript('folder', () => runWorkbenchScript('folder', { panels: [{ dataset: 'showcase' }] }, walk));
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer, type CodeServerBuild } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { startPanel, type PanelOptions, type SimulatedPanel } from '../panel';
import { waitForWorkbench } from './workbench-page';

export interface WorkbenchScriptOptions {
  /** The simulated panels to start, in this order (none for a walk without a panel). */
  readonly panels?: readonly PanelOptions[];
  /** Which code-server (default: the oldest VS Code the extension supports). */
  readonly build?: CodeServerBuild;
  /** The package to install; default the repository's panel-ops.vsix (`npm run package`). */
  readonly vsix?: string;
  /** User data, extensions and failure.png; emptied first. Default .vscode-test/<name>-run. */
  readonly runDir?: string;
  /** Removes the run folder after a walk that succeeded (one that failed keeps it, with failure.png). */
  readonly removeRunDir?: boolean;
  /** Written to the workspace's .vscode/settings.json. */
  readonly workspaceSettings?: Readonly<Record<string, unknown>>;
  /** Extra environment for code-server and its extension host, given the run folder and the started panels. */
  readonly env?: (runDir: string, panels: readonly SimulatedPanel[]) => NodeJS.ProcessEnv;
  /** For pages whose resources come from a server with a certificate of its own. */
  readonly ignoreHTTPSErrors?: boolean;
  /** Called with the page before the workbench loads (an init script, listeners that must see every request). */
  readonly beforeLoad?: (page: Page, origin: string) => void | Promise<void>;
  /** The run is stopped and fails when the walk is not done within this time. */
  readonly timeoutMs?: number;
}

/** What a walk gets: the workbench open on the workspace, the panels started for it. */
export interface WorkbenchRun {
  readonly page: Page;
  readonly server: RunningCodeServer;
  readonly workspace: string;
  readonly panels: readonly SimulatedPanel[];
  readonly runDir: string;
  /** Waits `settleMs` (tree animations, icons), saves the page as `file` (its folder made) and says so. */
  readonly save: (file: string, settleMs?: number) => Promise<void>;
}

/** One code-server with the packaged extension, the panels asked for, one walk: the walk's result. */
export async function runWorkbenchScript<T>(name: string, options: WorkbenchScriptOptions, walk: (run: WorkbenchRun) => Promise<T>): Promise<T> {
  installCodeServer(options.build);
  const runDir = options.runDir ?? join(vscodeTestDir, `${name}-run`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions'), build: options.build };
  installVsix(options.vsix ?? join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), `panel-ops-${name}-`));
  if (options.workspaceSettings) {
    mkdirSync(join(workspace, '.vscode'));
    writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify(options.workspaceSettings));
  }
  const panels: SimulatedPanel[] = [];
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  let succeeded = false;
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => {
    console.error(`[${name}] not done within ${options.timeoutMs! / 1000} s`);
    process.kill(process.pid, 'SIGTERM');
  }, options.timeoutMs);
  const cleanUp = async (): Promise<void> => {
    clearTimeout(timer);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    for (const panel of panels) await panel.close();
    rmSync(workspace, { recursive: true, force: true });
    if (succeeded && options.removeRunDir) rmSync(runDir, { recursive: true, force: true });
  };
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  const terminated = () => void cleanUp().finally(() => process.exit(1));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', terminated);
  try {
    for (const panelOptions of options.panels ?? []) panels.push(await startPanel(panelOptions));
    server = await startCodeServer({ ...folders, workspace, env: options.env?.(runDir, panels) });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ignoreHTTPSErrors: options.ignoreHTTPSErrors });
    const page = await context.newPage();
    const save = async (file: string, settleMs = 0): Promise<void> => {
      if (settleMs > 0) await page.waitForTimeout(settleMs);
      mkdirSync(dirname(file), { recursive: true });
      await page.screenshot({ path: file });
      console.log(`[${name}] saved ${file}`);
    };
    const url = workbenchUrl(server, workspace);
    const result = await (async () => {
      await options.beforeLoad?.(page, new URL(url).origin);
      await page.goto(url);
      await waitForWorkbench(page);
      return walk({ page, server: server as RunningCodeServer, workspace, panels, runDir, save });
    })().catch(async (error: unknown) => {
      const file = join(runDir, 'failure.png');
      await page.screenshot({ path: file }).catch(() => undefined);
      console.error(`[${name}] the page when it failed: ${file}`);
      throw error;
    });
    succeeded = true;
    return result;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', terminated);
    await cleanUp();
  }
}

/** Runs a script's main: a failure is printed with the script's name and exits 1. */
export function runScript(name: string, main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(`[${name}] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    process.exit(1);
  });
}
