// Saying no readably (issue 35), looked at in the real workbench: the packaged panel-ops.vsix in
// code-server, connected to the simulated showcase panel as a read-only panel through the prompts a user
// answers; a node's context menu, whose Open Document submenu says Open Blocklist, Open Web Policy and Open
// Reliability instead of Edit…. The picture is in .vscode-test/refusals/ to be looked at; nothing is sent.
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
}

runScript('refusals', () => runWorkbenchScript('refusals', { panels: [{ dataset: 'showcase' }], removeRunDir: true }, show));
