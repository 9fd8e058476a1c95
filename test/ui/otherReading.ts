// Looks at Panel Ops in the real workbench against a panel that plays the simulator's third reading (the
// other choice at every silent point: test/panel/SHAPES.md "Readings"): a users table whose new rows the
// panel refuses to take with node_ids beside them, applied (the report tells what was refused and what was
// sent instead), and the Users view's counts afterwards. Saves its pictures under
// .vscode-test/other-reading/ (not the README's: these are for looking, not for the shop window).
//   npm run package && npm run compile-tests && node out/test/ui/otherReading.js
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { connectThroughPrompts, openViewContainer, runCommand, runContextMenu, setPaneExpanded, treeRow, waitForWorkbench, widenSideBar } from './workbench-page';

const runDir = join(vscodeTestDir, 'other-reading');

async function save(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(runDir, name) });
  console.log(`[other-reading] ${join(runDir, name)}`);
}

async function main(): Promise<void> {
  installCodeServer();
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-other-reading-'));
  let panel: PanelCliProcess | undefined;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    panel = await startPanelCli(['--dataset', 'demo', '--reading', 'third']);
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(workbenchUrl(server, workspace));
    await waitForWorkbench(page);
    await connectThroughPrompts(page, panel, 'Other panel');
    await openViewContainer(page, 'Panel Ops');
    await widenSideBar(page, 380);
    await setPaneExpanded(page, 'Users', true);
    await treeRow(page, 'Users', /^active/).first().waitFor({ timeout: 60_000 });
    await save(page, 'users-before.png');

    await runContextMenu(page, 'Users', /^active/, 'Edit Users as Table');
    const lines = page.locator('.editor-instance .monaco-editor .view-lines .view-line');
    await lines.nth(3).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(2000);
    const firstRow = (await lines.nth(1).innerText()).replace(/\u00a0/g, ' ');
    const node = (firstRow.split(',').pop() ?? '').split(';')[0].trim();
    await lines.first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`,Harbour desk,,Support,PERSONAL,,true,${node}\n,Night shift,,Support,SHARED,,true,${node}\n,Weekend cover,,Support,PERSONAL,,false,${node}\n`);
    await page.keyboard.press('Control+S');
    await page.locator('.tabs-container .tab', { hasText: 'users-plan.diff' }).first().waitFor({ timeout: 30_000 });
    await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);
    await runCommand(page, 'Panel Ops: Apply Plan');
    await page.locator('.tabs-container .tab', { hasText: 'users-report.md' }).first().waitFor({ timeout: 60_000 });
    await save(page, 'users-report.png');
    await runCommand(page, 'View: Close All Editors');
    await page.waitForTimeout(4000); // the counts are read again from the panel
    await save(page, 'users-after.png');
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await panel?.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[other-reading] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
