// The panel-as-a-folder screenshots for the README: the packaged panel-ops.vsix in code-server, connected to
// the simulated showcase panel through the prompts a user answers; Pull Panel into Folder… into the
// workspace; two files edited as a person would (a node's note, a setting) through the editor's Replace;
// then Plan Panel Changes (the plan beside the files) and Apply Panel Folder (the report). Saves
// media/screenshots/panel-folder.png, panel-folder-plan.png and panel-folder-report.png, and fails unless
// the panel holds both edits at the end.
//   npm run screenshots:folder
import { join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { connectThroughPrompts, openFile, pickItem, replaceInFile, runCommand } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const dir = join(repoRoot, 'media', 'screenshots');
const NOTE = 'Moved to rack B4';

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Demo panel');
  await runCommand(page, 'Panel Ops: Pull Panel into Folder');
  await pickItem(page, 'new folder');
  await page.locator('.notification-toast', { hasText: 'Pulled Demo panel into' }).waitFor({ timeout: 60_000 });
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);

  await openFile(page, 'fra-2.node.json');
  await replaceInFile(page, '"note": null', `"note": "${NOTE}"`);
  await openFile(page, 'settings.json');
  await replaceInFile(page, '"default_expiry_days": 30', '"default_expiry_days": 60');
  await runCommand(page, 'View: Show Explorer');
  await page.locator('.explorer-viewlet .monaco-list-row', { hasText: 'settings.json' }).first().waitFor({ timeout: 15_000 });
  await save(join(dir, 'panel-folder.png'), 1000);

  await runCommand(page, 'Panel Ops: Plan Panel Changes');
  await page.locator('.tabs-container .tab', { hasText: 'Plan — ' }).first().waitFor({ timeout: 60_000 });
  await save(join(dir, 'panel-folder-plan.png'), 1000);

  await runCommand(page, 'Panel Ops: Apply Panel Folder');
  const dialog = page.locator('.monaco-dialog-box');
  const report = page.locator('.tabs-container .tab', { hasText: 'Panel apply report' }).first();
  await Promise.race([dialog.waitFor({ timeout: 30_000 }), report.waitFor({ timeout: 30_000 })]);
  if (await dialog.isVisible()) await dialog.locator('.monaco-button', { hasText: /^Apply/ }).first().click();
  await report.waitFor({ timeout: 60_000 });
  await save(join(dir, 'panel-folder-report.png'), 1000);

  const fra = [...panel.data.nodes.values()].find((node) => node.name === 'fra-2');
  if (fra?.note !== NOTE) throw new Error(`fra-2's note on the panel is ${JSON.stringify(fra?.note)}, not the folder's`);
  const expiry = (panel.data.settings as { default_expiry_days?: unknown }).default_expiry_days;
  if (expiry !== 60) throw new Error(`default_expiry_days on the panel is ${JSON.stringify(expiry)}, not the folder's 60`);
  console.log('[folder] the panel holds both edits');
}

runScript('folder', () => runWorkbenchScript('folder', { panels: [{ dataset: 'showcase' }] }, show));
