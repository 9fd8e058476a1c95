// The README's screenshot of the fleet's to-do list (issue 35): two panels connected (Production and
// Staging, the showcase fleet each), Show Fleet To-Do, the Problems panel holding both panels' findings,
// and the quick fixes of one opened with Ctrl+. as an operator does. Saves media/screenshots/fleet-todo.png,
// then the users' findings alone (Problems' filter) to .vscode-test/fleet-todo-users.png for a look.
//   npm run screenshots:todo
import { join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { connectThroughPrompts, openViewContainer, runCommand } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const file = join(repoRoot, 'media', 'screenshots', 'fleet-todo.png');
const usersFile = join(repoRoot, '.vscode-test', 'fleet-todo-users.png');

async function show({ page, panels: [production, staging], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, staging, 'Staging');
  await connectThroughPrompts(page, production, 'Production');
  await openViewContainer(page, 'Panel Ops');
  await runCommand(page, 'Panel Ops: Show Fleet To-Do');
  const rows = page.locator('.markers-panel .monaco-list-row');
  await rows.filter({ hasText: 'Panel Ops · Staging' }).first().waitFor({ timeout: 60_000 });
  await rows.filter({ hasText: 'Panel Ops · Production' }).first().waitFor({ timeout: 60_000 });
  const finding = rows.filter({ hasText: 'Unresolved alert' }).filter({ hasText: 'Production' }).first();
  // Selecting the entry opens its alert; its light bulb in Problems lists the quick fixes.
  await finding.click();
  await finding.locator('[class*="codicon-light"]').first().click();
  await page.locator('.action-widget, .monaco-menu, .context-view').filter({ hasText: 'Resolve Alert' }).first().waitFor({ timeout: 30_000 });
  await save(file, 1200);
  await page.keyboard.press('Escape');
  // A second look, not in the README: the users' findings (the pass's live figures among them), by Problems' own filter.
  await page.locator('.markers-panel-container input, .viewpane-filter input').first().fill('user.json');
  await rows.filter({ hasText: 'user.json' }).first().waitFor({ timeout: 60_000 });
  await save(usersFile, 1200);
}

runScript('fleet-todo', () => runWorkbenchScript('fleet-todo', { panels: [{ dataset: 'showcase' }, { dataset: 'showcase' }], removeRunDir: true, workspaceSettings: { 'panelOps.todo.livePassMinutes': 15 } }, show));
