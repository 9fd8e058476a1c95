// Screenshots of the real UI for the README: installs the packaged panel-ops.vsix into code-server, starts
// the simulated panel with the demo fleet, connects through the prompts a user answers, clicks through the
// sidebar and saves PNGs to media/screenshots/.
//   npm run screenshots
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { answerInputBox, collapseTreeRow, currentPrompt, expandTreeRow, openViewContainer, pickItem, runCommand, treeRow, viewPane, waitForWorkbench, widenSideBar } from './workbench-page';

const screenshotsDir = join(repoRoot, 'media', 'screenshots');
const OVERALL_TIMEOUT_MS = 5 * 60_000;

/** Answers the connect prompts in whatever order they come, as a user reading them would. */
async function connectThroughPrompts(page: Page, panel: PanelCliProcess): Promise<void> {
  await runCommand(page, 'Panel: Connect to Panel');
  for (let answered = 0; answered < 8; answered++) {
    const prompt = await currentPrompt(page);
    if (!prompt) return;
    console.log(`[screenshots] prompt (${prompt.kind}): ${prompt.text}`);
    if (prompt.kind === 'pick') await pickItem(page, 'Full rights');
    else if (prompt.kind === 'password' || /token/i.test(prompt.text)) await answerInputBox(page, panel.ownerToken);
    else if (/url|address/i.test(prompt.text)) await answerInputBox(page, panel.url);
    else if (/name/i.test(prompt.text)) await answerInputBox(page, 'Demo panel');
    else throw new Error(`unexpected prompt: ${prompt.text}`);
    await page.waitForTimeout(300);
  }
  throw new Error('the connect command kept prompting');
}

async function save(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(800); // let tree animations and icons settle
  const file = join(screenshotsDir, name);
  await page.screenshot({ path: file });
  console.log(`[screenshots] saved ${file}`);
}

async function takeScreenshots(page: Page, server: RunningCodeServer, workspace: string, panel: PanelCliProcess): Promise<void> {
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await connectThroughPrompts(page, panel);
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 620);
  await treeRow(page, 'Nodes', /\S/).waitFor({ timeout: 60_000 });

  // A node with its Health, Recent jobs and Users sections, the recent jobs open.
  const firstNode = viewPane(page, 'Nodes').locator('.monaco-list-row[aria-level="1"]').first();
  const nodeLabel = (await firstNode.innerText()).split('\n')[0];
  await expandTreeRow(page, 'Nodes', nodeLabel);
  await expandTreeRow(page, 'Nodes', 'Recent jobs');
  await treeRow(page, 'Nodes', /ago|running|queued/).waitFor();
  await save(page, 'sidebar.png');

  // The Users view: the active group open, one user open to show its nodes and their sync state.
  await collapseTreeRow(page, 'Nodes', nodeLabel);
  await expandTreeRow(page, 'Users', 'active');
  const firstUser = viewPane(page, 'Users').locator('.monaco-list-row[aria-level="2"]').first();
  await firstUser.waitFor();
  const userLabel = (await firstUser.innerText()).split('\n')[0];
  await expandTreeRow(page, 'Users', userLabel);
  await viewPane(page, 'Users').locator('.monaco-list-row[aria-level="3"]').first().waitFor();
  await save(page, 'users-and-node.png');
}

async function main(): Promise<void> {
  installCodeServer();
  mkdirSync(screenshotsDir, { recursive: true });
  const runDir = join(vscodeTestDir, 'screenshots-run');
  rmSync(runDir, { recursive: true, force: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-screenshots-'));
  let panel: PanelCliProcess | undefined;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  const timer = setTimeout(() => {
    console.error(`[screenshots] not done within ${OVERALL_TIMEOUT_MS / 1000} s`);
    process.kill(process.pid, 'SIGTERM');
  }, OVERALL_TIMEOUT_MS);
  const cleanUp = async (): Promise<void> => {
    clearTimeout(timer);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await panel?.stop();
    rmSync(workspace, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(1)));
  try {
    panel = await startPanelCli(['--dataset', 'demo']);
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await takeScreenshots(page, server, workspace, panel);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(`[screenshots] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
