// The screenshot of Panel Ops' page in code-server's Extensions view, from the packaged panel-ops.vsix:
// the README as an operator sees it after installing the VSIX, with its screenshots (inlined as data:
// images by the build, the only images that view shows offline: its policy allows https: and data:).
//   npm run screenshots:extensions
// It prints how many of the page's images loaded, and fails when one did not.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { activeWebview, runCommand, waitForWorkbench } from './workbench-page';

const file = join(repoRoot, 'media', 'screenshots', 'extensions-view.png');

async function show(page: Page, server: RunningCodeServer, workspace: string): Promise<void> {
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await runCommand(page, 'Extensions: Show Enabled Extensions');
  const entry = page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Panel Ops' }).first();
  await entry.waitFor({ timeout: 60_000 });
  await entry.click();
  const readme = activeWebview(page);
  await readme.locator('h1, h2').first().waitFor({ timeout: 60_000 });
  const images = readme.locator('img');
  await page.waitForTimeout(1500);
  const count = await images.count();
  let loaded = 0;
  for (let index = 0; index < count; index++) {
    if (await images.nth(index).evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).complete && (image as unknown as { naturalWidth: number }).naturalWidth > 0)) loaded++;
  }
  console.log(`[extensions view] ${loaded} of ${count} images of the page loaded`);
  // The page from the top: the two commands, what it is, and the first screenshot.
  await page.screenshot({ path: file });
  console.log(`[extensions view] saved ${file}`);
  if (count === 0 || loaded < count) throw new Error(`${count - loaded} of ${count} images did not load`);
}

async function main(): Promise<void> {
  installCodeServer();
  const runDir = join(vscodeTestDir, 'extensions-view-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(repoRoot, 'media', 'screenshots'), { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-extensions-view-'));
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await show(page, server, workspace).catch(async (error: unknown) => {
      await page.screenshot({ path: join(runDir, 'failure.png') }).catch(() => undefined);
      console.error(`[extensions view] the page when it failed: ${join(runDir, 'failure.png')}`);
      throw error;
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[extensions view] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
