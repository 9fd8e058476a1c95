// The panel-as-a-folder screenshots for the README: the packaged panel-ops.vsix in code-server, connected to
// the simulated showcase panel through the prompts a user answers; Pull Panel into Folder… into the
// workspace; two files edited as a person would (a node's note, a setting) through the editor's Replace;
// then Plan Panel Changes (the plan beside the files) and Apply Panel Folder (the report). Saves
// media/screenshots/panel-folder.png, panel-folder-plan.png and panel-folder-report.png, and fails unless
// the panel holds both edits at the end.
//   npm run screenshots:folder
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { startPanel, type SimulatedPanel } from '../panel';
import { connectThroughPrompts, pickItem, runCommand, waitForWorkbench } from './workbench-page';

const dir = join(repoRoot, 'media', 'screenshots');
const NOTE = 'Moved to rack B4';

async function save(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(dir, name) });
  console.log(`[folder] saved ${join(dir, name)}`);
}

/** Opens a file of the workspace through Quick Open, as a person does. */
async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ timeout: 15_000 });
}

/** The editor's Replace (regular expressions off): every `find` of the open file becomes `replace`, then saved. */
async function replaceInFile(page: Page, find: string, replace: string): Promise<void> {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+H');
  const findInput = page.locator('.find-widget textarea[aria-label="Find"], .find-widget .find-part textarea').first();
  await findInput.waitFor();
  await findInput.fill(find);
  const replaceInput = page.locator('.find-widget .replace-part textarea').first();
  await replaceInput.fill(replace);
  await page.keyboard.press('Control+Alt+Enter'); // Replace All
  await page.locator('.find-widget .matchesCount', { hasText: /No results/ }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+S');
}

async function show(page: Page, server: RunningCodeServer, workspace: string, panel: SimulatedPanel): Promise<void> {
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await connectThroughPrompts(page, { url: panel.url, ownerToken: panel.tokens.owner }, 'Demo panel');
  await runCommand(page, 'Panel Ops: Pull Panel into Folder');
  await pickItem(page, 'new folder');
  await page.locator('.notification-toast', { hasText: 'Pulled Demo panel into' }).waitFor({ timeout: 60_000 });
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);

  await openFile(page, 'fra-2.node.json');
  await replaceInFile(page, '"note": null', `"note": "${NOTE}"`);
  await openFile(page, 'settings.json');
  await replaceInFile(page, '"default_expiry_days": 30', '"default_expiry_days": 60');
  await runCommand(page, 'View: Show Explorer');
  await page.locator('.explorer-viewlet .monaco-list-row', { hasText: 'settings.json' }).first().waitFor({ timeout: 15_000 });
  await save(page, 'panel-folder.png');

  await runCommand(page, 'Panel Ops: Plan Panel Changes');
  await page.locator('.tabs-container .tab', { hasText: 'Panel plan' }).first().waitFor({ timeout: 60_000 });
  await save(page, 'panel-folder-plan.png');

  await runCommand(page, 'Panel Ops: Apply Panel Folder');
  const dialog = page.locator('.monaco-dialog-box');
  const report = page.locator('.tabs-container .tab', { hasText: 'Panel apply report' }).first();
  await Promise.race([dialog.waitFor({ timeout: 30_000 }), report.waitFor({ timeout: 30_000 })]);
  if (await dialog.isVisible()) await dialog.locator('.monaco-button', { hasText: /^Apply/ }).first().click();
  await report.waitFor({ timeout: 60_000 });
  await save(page, 'panel-folder-report.png');

  const fra = [...panel.data.nodes.values()].find((node) => node.name === 'fra-2');
  if (fra?.note !== NOTE) throw new Error(`fra-2's note on the panel is ${JSON.stringify(fra?.note)}, not the folder's`);
  const expiry = (panel.data.settings as { default_expiry_days?: unknown }).default_expiry_days;
  if (expiry !== 60) throw new Error(`default_expiry_days on the panel is ${JSON.stringify(expiry)}, not the folder's 60`);
  console.log('[folder] the panel holds both edits');
}

async function main(): Promise<void> {
  installCodeServer();
  const runDir = join(vscodeTestDir, 'folder-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-folder-'));
  let panel: SimulatedPanel | undefined;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    panel = await startPanel({ dataset: 'showcase' });
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await show(page, server, workspace, panel).catch(async (error: unknown) => {
      await page.screenshot({ path: join(runDir, 'failure.png') }).catch(() => undefined);
      console.error(`[folder] the page when it failed: ${join(runDir, 'failure.png')}`);
      throw error;
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await panel?.close();
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[folder] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
