// The README's screenshot of three panels at once: the demo fleet, the large fleet (200 nodes, 20,000
// users) and a staging panel that goes offline after connecting, in the Nodes (grouped by status) and
// Users views in all-panels mode. Saves media/screenshots/three-panels.png.
//   npm run package && npm run compile-tests && node out/test/ui/threePanels.js
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { collapseTreeRow, connectThroughPrompts, openViewContainer, pickItem, runCommand, setPaneExpanded, treeRow, viewPane, waitForWorkbench, widenSideBar } from './workbench-page';

const file = join(repoRoot, 'media', 'screenshots', 'three-panels.png');

async function main(): Promise<void> {
  installCodeServer();
  mkdirSync(join(repoRoot, 'media', 'screenshots'), { recursive: true });
  const runDir = join(vscodeTestDir, 'three-panels-run');
  rmSync(runDir, { recursive: true, force: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-three-panels-'));
  const panels: PanelCliProcess[] = [];
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    panels.push(await startPanelCli(['--dataset', 'showcase']), await startPanelCli(['--dataset', 'large']), await startPanelCli(['--dataset', 'showcase']));
    const [frankfurt, fleet, staging] = panels;
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(workbenchUrl(server, workspace));
    await waitForWorkbench(page);
    await connectThroughPrompts(page, staging, 'Staging');
    await connectThroughPrompts(page, fleet, 'Fleet (large)');
    await connectThroughPrompts(page, frankfurt, 'Frankfurt');
    await staging.stop(); // offline from now on
    await openViewContainer(page, 'Panel Ops');
    await widenSideBar(page, 640);
    await runCommand(page, 'Panel Ops: Show All Connected Panels');
    await runCommand(page, 'Panel Ops: Group Nodes…');
    await pickItem(page, 'By status');
    for (const view of ['Alerts', 'Site Templates', 'Branding']) await setPaneExpanded(page, view, false).catch(() => undefined);
    await treeRow(page, 'Nodes', /^Offline/).first().waitFor({ timeout: 60_000 });
    await collapseTreeRow(page, 'Nodes', /^Fleet \(large\)/);
    await treeRow(page, 'Users', /^active/).first().waitFor({ timeout: 60_000 });
    await collapseTreeRow(page, 'Users', /^Frankfurt/);
    // More room for the Nodes view: drag the sash above the Users view's header down.
    const header = await viewPane(page, 'Users').locator('.pane-header').boundingBox();
    if (header) {
      await page.mouse.move(300, header.y - 1);
      await page.mouse.down();
      await page.mouse.move(300, header.y + 260, { steps: 10 });
      await page.mouse.up();
    }
    await page.mouse.move(1200, 800);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: file });
    console.log(`[screenshots] saved ${file}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    for (const panel of panels) await panel.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[screenshots] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
