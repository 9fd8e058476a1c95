// The protected panel screenshot for the README: the packaged panel-ops.vsix in code-server, connected to
// the simulated demo panel through the prompts a user answers, "Protected panel" chosen in Connect's
// optional step; then Revoke User… on a selection of three users: the confirmation names the panel, lists
// the users that will be revoked and says the panel's name comes next. Nothing is sent (it is dismissed).
//   npm run screenshots:protected
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { startPanel, type SimulatedPanel } from '../panel';
import { connectThroughPrompts, expandTreeRow, openViewContainer, setPaneExpanded, treeRow, viewPane, waitForWorkbench, widenSideBar } from './workbench-page';

const file = join(repoRoot, 'media', 'screenshots', 'protected-confirmation.png');

async function show(page: Page, server: RunningCodeServer, workspace: string, panel: SimulatedPanel): Promise<void> {
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await connectThroughPrompts(page, { url: panel.url, ownerToken: panel.tokens.owner }, 'Production', 'Protected panel');
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 520);
  await treeRow(page, 'Nodes', /\S/).waitFor({ timeout: 60_000 });
  await setPaneExpanded(page, 'Nodes', false);
  await expandTreeRow(page, 'Users', 'active');
  // Three users of the active group, selected as a person does: a click, then Ctrl+clicks.
  const rows = viewPane(page, 'Users').locator('.monaco-list-row[aria-level="2"]').filter({ hasText: /^[A-Z][a-z]+ [A-Z][a-z]+/ });
  await rows.nth(2).waitFor({ timeout: 30_000 });
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['Control'] });
  await rows.nth(2).click({ modifiers: ['Control'] });
  await rows.nth(2).click({ button: 'right' });
  const item = page.locator('.monaco-menu .action-item', { hasText: 'Revoke User' }).first();
  await item.waitFor();
  await item.hover();
  await page.keyboard.press('Enter');
  await page.locator('.monaco-dialog-box', { hasText: 'On the protected panel' }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: file });
  console.log(`[protected] saved ${file}`);
  await page.keyboard.press('Escape');
}

async function main(): Promise<void> {
  installCodeServer();
  const runDir = join(vscodeTestDir, 'protected-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(repoRoot, 'media', 'screenshots'), { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-protected-'));
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
      console.error(`[protected] the page when it failed: ${join(runDir, 'failure.png')}`);
      throw error;
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await panel?.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[protected] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
