// Looks at Panel Ops in the real workbench against a panel that plays the simulator's third reading (the
// other choice at every silent point: test/panel/SHAPES.md "Readings"): a users table whose new rows the
// panel refuses to take with node_ids beside them, applied (the report tells what was refused and what was
// sent instead), and the Users view's counts afterwards. Saves its pictures under
// .vscode-test/other-reading/ (not the README's: these are for looking, not for the shop window).
//   npm run package && npm run compile-tests && node out/test/ui/otherReading.js
import { join } from 'node:path';
import { vscodeTestDir } from '../launch/repo-paths';
import { connectThroughPrompts, openViewContainer, runCommand, runContextMenu, setPaneExpanded, treeRow, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const runDir = join(vscodeTestDir, 'other-reading');

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Other panel');
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 380);
  await setPaneExpanded(page, 'Users', true);
  await treeRow(page, 'Users', /^active/).first().waitFor({ timeout: 60_000 });
  await save(join(runDir, 'users-before.png'), 800);

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
  await save(join(runDir, 'users-report.png'), 800);
  await runCommand(page, 'View: Close All Editors');
  await page.waitForTimeout(4000); // the counts are read again from the panel
  await save(join(runDir, 'users-after.png'), 800);
}

runScript('other-reading', () => runWorkbenchScript('other-reading', { runDir, panels: [{ dataset: 'demo', readings: { reading: 'third' } }] }, show));
