// The notification screenshot for the README: the packaged panel-ops.vsix in code-server, connected to
// the simulated demo panel (through the demo bootstrap), the Nodes view open; then a node goes offline, and
// two more a few seconds apart while the first notification is on screen. The picture shows one
// notification (the script fails if there are more), the Nodes view showing the nodes offline. Then the
// notification is closed, and one notification that tells both that waited must come, with Show All.
//   npm run screenshots:notification
// The workspace sets `panelOps.poll.intervalSeconds` to 2 so the picture does not wait a minute.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { writeDemoBootstrapFile } from '../demo/demo-bootstrap-file';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { startPanel, type SimulatedPanel } from '../panel';
import { openViewContainer, treeRow, waitForWorkbench, widenSideBar } from './workbench-page';

const file = join(repoRoot, 'media', 'screenshots', 'notification.png');

async function show(page: Page, server: RunningCodeServer, workspace: string, panel: SimulatedPanel): Promise<void> {
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 560);
  await treeRow(page, 'Nodes', /fra-2/).waitFor({ timeout: 60_000 });
  await page.waitForTimeout(5_000); // the watcher's first read of the panel: the baseline
  const offline = (name: string) => {
    for (const node of panel.data.nodes.values()) if (node.name === name) node.status = 'offline';
  };
  const toasts = page.locator('.notification-toast', { hasText: 'went offline' });
  offline('fra-2');
  await toasts.first().waitFor({ timeout: 30_000 });
  // The second event, while the first notification is on screen: the watcher finds it (the Nodes view
  // shows it offline), and a few more polls pass.
  offline('sgp-6');
  await page.waitForTimeout(6_000);
  offline('ams-1');
  await page.waitForTimeout(6_000);
  const shown = await toasts.allInnerTexts();
  if (shown.length !== 1) throw new Error(`${shown.length} notifications on screen, not one: ${shown.join(' | ')}`);
  console.log(`[notification] one notification on screen: ${shown[0].replace(/\s+/g, ' ')}`);
  await page.screenshot({ path: file });
  console.log(`[notification] saved ${file}`);
  // Closing it brings the one that tells what waited.
  await toasts.first().hover();
  await toasts.first().locator('.codicon-notifications-clear').click();
  await page.locator('.notification-toast', { hasText: 'sgp-6' }).waitFor({ timeout: 15_000 });
  await page.mouse.move(700, 300); // away from the close button's tooltip
  await page.waitForTimeout(1_000);
  const next = await toasts.allInnerTexts();
  if (!/Show All/.test(next.join(' '))) throw new Error(`the notice of what waited has no Show All: ${next.join(' | ')}`);
  if (next.length !== 1) throw new Error(`${next.length} notifications after closing the first, not one: ${next.join(' | ')}`);
  const after = join(vscodeTestDir, 'notification-run', 'after-close.png');
  await page.screenshot({ path: after });
  console.log(`[notification] after closing the first: ${next[0].replace(/\s+/g, ' ')} (${after})`);
}

async function main(): Promise<void> {
  installCodeServer();
  const runDir = join(vscodeTestDir, 'notification-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(repoRoot, 'media', 'screenshots'), { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-notification-'));
  mkdirSync(join(workspace, '.vscode'));
  writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'panelOps.poll.intervalSeconds': 2 }));
  let panel: SimulatedPanel | undefined;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    panel = await startPanel({ dataset: 'showcase' });
    const bootstrap = writeDemoBootstrapFile(runDir, { url: panel.url, token: panel.tokens.owner, name: 'Frankfurt' });
    server = await startCodeServer({ ...folders, workspace, env: { PANEL_OPS_BOOTSTRAP: bootstrap } });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await show(page, server, workspace, panel).catch(async (error: unknown) => {
      await page.screenshot({ path: join(runDir, 'failure.png') }).catch(() => undefined);
      console.error(`[notification] the page when it failed: ${join(runDir, 'failure.png')}`);
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
  console.error(`[notification] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
