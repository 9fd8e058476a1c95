// The notification screenshot for the README: the packaged panel-ops.vsix in code-server, connected to
// the simulated demo panel (through the demo bootstrap), the Nodes view open; then a node goes offline, and
// two more a few seconds apart while the first notification is on screen. The picture shows one
// notification (the script fails if there are more), the Nodes view showing the nodes offline. Then the
// notification is closed, and one notification that tells both that waited must come, with Show All.
//   npm run screenshots:notification
// The workspace sets `panelOps.poll.intervalSeconds` to 2 so the picture does not wait a minute.
import { join } from 'node:path';
import { writeDemoBootstrapFile } from '../demo/demo-bootstrap-file';
import { repoRoot } from '../launch/repo-paths';
import { openViewContainer, treeRow, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const file = join(repoRoot, 'media', 'screenshots', 'notification.png');

async function show({ page, panels: [panel], runDir, save }: WorkbenchRun): Promise<void> {
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
  await save(file);
  // Closing it brings the one that tells what waited.
  await toasts.first().hover();
  await toasts.first().locator('.codicon-notifications-clear').click();
  await page.locator('.notification-toast', { hasText: 'sgp-6' }).waitFor({ timeout: 15_000 });
  await page.mouse.move(700, 300); // away from the close button's tooltip
  await page.waitForTimeout(1_000);
  const next = await toasts.allInnerTexts();
  if (!/Show All/.test(next.join(' '))) throw new Error(`the notice of what waited has no Show All: ${next.join(' | ')}`);
  if (next.length !== 1) throw new Error(`${next.length} notifications after closing the first, not one: ${next.join(' | ')}`);
  const after = join(runDir, 'after-close.png');
  await page.screenshot({ path: after });
  console.log(`[notification] after closing the first: ${next[0].replace(/\s+/g, ' ')} (${after})`);
}

runScript('notification', () => runWorkbenchScript('notification', {
  panels: [{ dataset: 'showcase' }],
  workspaceSettings: { 'panelOps.poll.intervalSeconds': 2 },
  env: (runDir, [panel]) => ({ PANEL_OPS_BOOTSTRAP: writeDemoBootstrapFile(runDir, { url: panel.url, token: panel.tokens.owner, name: 'Frankfurt' }) }),
}, show));
