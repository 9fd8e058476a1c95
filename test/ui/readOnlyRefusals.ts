// Saying no readably (issue 35), looked at in the real workbench: the packaged panel-ops.vsix in
// code-server, connected to the simulated showcase panel as a read-only panel through the prompts a user
// answers; a node's context menu (Open Blocklist, Open Web Policy, Open Reliability instead of Edit…), then
// Open SSH Terminal on a node whose host does not resolve (ssh's own error and its exit status stay on
// screen). Pictures in .vscode-test/refusals/ to be looked at; nothing is sent to the panel.
//   npm run package && npm run compile-tests && node out/test/ui/readOnlyRefusals.js
import { join } from 'node:path';
import { vscodeTestDir } from '../launch/repo-paths';
import { connectThroughPrompts, openViewContainer, runCommand, treeRow, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const folder = join(vscodeTestDir, 'refusals');

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Production', 'Read-only panel');
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 520);
  const row = treeRow(page, 'Nodes', /\S/).first();
  await row.waitFor({ timeout: 60_000 });
  await row.click({ button: 'right' });
  await page.locator('.monaco-menu .action-item', { hasText: 'Open Blocklist' }).first().waitFor({ timeout: 15_000 });
  await save(join(folder, 'read-only-node-menu.png'), 800);
  await page.keyboard.press('Escape');
  await runCommand(page, 'Panel Ops: Open SSH Terminal');
  // The node picker: its first node (the showcase's hosts do not resolve here).
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await page.locator('.terminal-wrapper, .xterm').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(8000);
  await save(join(folder, 'ssh-failed.png'), 500);
}

runScript('refusals', () => runWorkbenchScript('refusals', { panels: [{ dataset: 'showcase' }], removeRunDir: true }, show));
