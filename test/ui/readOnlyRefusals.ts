// Saying no readably (issue 35), looked at in the real workbench: the packaged panel-ops.vsix in
// code-server, connected to the simulated showcase panel as a read-only panel through the prompts a user
// answers; a node's context menu, whose Open Document submenu says Open Blocklist, Open Web Policy and Open
// Reliability instead of Edit…; then an alert's menu (Show Node, Copy Alert Details, no Resolve) and the
// node's blocklist, opened read-only, whose first line says why and how to change it. The pictures are in
// .vscode-test/refusals/ to be looked at; nothing is sent.
//   npm run screenshots:refusals
import { join } from 'node:path';
import { vscodeTestDir } from '../launch/repo-paths';
import { connectThroughPrompts, openViewContainer, treeRow, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const folder = join(vscodeTestDir, 'refusals');

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Production', 'Read-only panel');
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 520);
  const row = treeRow(page, 'Nodes', /\S/).first();
  await row.waitFor({ timeout: 60_000 });
  await row.click({ button: 'right' });
  // The documents are in the menu's Open Document submenu.
  await page.locator('.monaco-menu .action-item', { hasText: 'Open Document' }).first().hover();
  await page.locator('.monaco-menu .action-item', { hasText: 'Open Blocklist' }).first().waitFor({ timeout: 15_000 });
  await save(join(folder, 'read-only-node-menu.png'), 800);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // Open Document › Open Blocklist with the keyboard, as a person can: the sixth entry, then its submenu's first.
  await row.click({ button: 'right' });
  await page.locator('.monaco-menu .action-item', { hasText: 'Open Document' }).first().waitFor({ timeout: 15_000 });
  for (let step = 0; step < 6; step++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .codelens-decoration', { hasText: 'read-only in Panel Ops' }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('x');
  await page.waitForTimeout(500);
  await save(join(folder, 'read-only-document.png'), 800);

  const alert = treeRow(page, 'Alerts', /\S/).first();
  await alert.waitFor({ timeout: 60_000 });
  await alert.click({ button: 'right' });
  await page.locator('.monaco-menu .action-item', { hasText: 'Copy Alert Details' }).first().waitFor({ timeout: 15_000 });
  await save(join(folder, 'read-only-alert-menu.png'), 800);
  await page.keyboard.press('Escape');
}

runScript('refusals', () => runWorkbenchScript('refusals', { panels: [{ dataset: 'showcase' }], removeRunDir: true }, show));
