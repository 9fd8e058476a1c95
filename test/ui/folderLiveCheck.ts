// The live check of a pulled folder's files, seen in the real workbench: the packaged panel-ops.vsix in
// code-server, the showcase panel connected through the prompts; Pull Panel into Folder…; a node file opened
// and its `order` set to 0 through the editor's Replace, not saved; the Problems panel beside it. Pictures in
// .vscode-test/folder-live/ (not README pictures); fails unless the pulled node file has no Problem when
// opened, the edit stays unsaved, and Problems then lists Panel Ops' error for it.
//   npm run screenshots:folder-live
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vscodeTestDir } from '../launch/repo-paths';
import { connectThroughPrompts, openFile, pickItem, replaceInFile, runCommand } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const dir = join(vscodeTestDir, 'folder-live');
const NODE = 'ams-1.node.json';

async function show({ page, panels: [panel], workspace, save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Showcase');
  await runCommand(page, 'Panel Ops: Pull Panel into Folder');
  await pickItem(page, 'new folder');
  await page.locator('.notification-toast', { hasText: 'Pulled Showcase into' }).waitFor({ timeout: 60_000 });
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);

  await openFile(page, NODE);
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  // Problems also lists the fleet's to-do (offline nodes, alerts): filtered to the node file's entries.
  await page.getByPlaceholder(/^Filter \(e\.g\. text/).first().fill(NODE);
  const rows = page.locator('.markers-panel .monaco-list-row');
  await save(join(dir, 'node-pulled.png'), 2500);
  if ((await rows.count()) > 0) throw new Error(`the pulled node file has Problems rows before any edit: ${(await rows.allInnerTexts()).join(' | ')}`);
  const onDisk = () => readFileSync(join(workspace, 'panels', 'Showcase', 'nodes', NODE), 'utf8');
  const order = /"order": [^,\n]+/.exec(onDisk())?.[0];
  if (!order) throw new Error(`no "order" in the pulled ${NODE}`);
  await openFile(page, NODE);
  await replaceInFile(page, order, '"order": 0', { save: false });
  await rows.filter({ hasText: 'must be a whole number from 1' }).first().waitFor({ timeout: 15_000 });
  if (!onDisk().includes(order)) throw new Error(`${NODE} was saved: the check must read the unsaved text`);
  await save(join(dir, 'node-order-unsaved.png'), 1000);
  console.log('[folder-live] the unsaved mistake is in Problems');
}

runScript('folder-live', () => runWorkbenchScript('folder-live', { panels: [{ dataset: 'showcase' }] }, show));
