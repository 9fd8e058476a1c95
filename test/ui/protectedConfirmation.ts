// The protected panel screenshot for the README: the packaged panel-ops.vsix in code-server, connected to
// the simulated demo panel through the prompts a user answers, "Protected panel" chosen in Connect's
// optional step; then Revoke User… on a selection of three users: the confirmation names the panel, lists
// the users that will be revoked and says the panel's name comes next. Nothing is sent (it is dismissed).
//   npm run screenshots:protected
import { join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { connectThroughPrompts, expandTreeRow, openViewContainer, setPaneExpanded, treeRow, viewPane, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const file = join(repoRoot, 'media', 'screenshots', 'protected-confirmation.png');

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Production', 'Protected panel');
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 520);
  await treeRow(page, 'Nodes', /\S/).waitFor({ timeout: 60_000 });
  await setPaneExpanded(page, 'Nodes', false);
  await expandTreeRow(page, 'Users', 'active');
  // Three users of the active group, selected as a person does: a click, then Ctrl+clicks.
  const rows = viewPane(page, 'Users').locator('.monaco-list-row[aria-level="2"]').filter({ hasText: /^[A-Z][a-z]+ [A-Z][a-z]+/ });
  await rows.nth(2).waitFor({ timeout: 30_000 });
  await rows.nth(0).click();
  await rows.nth(1).click({ modifiers: ['Control'] });
  await rows.nth(2).click({ modifiers: ['Control'] });
  await rows.nth(2).click({ button: 'right' });
  const item = page.locator('.monaco-menu .action-item', { hasText: 'Revoke User' }).first();
  await item.waitFor();
  await item.hover();
  await page.keyboard.press('Enter');
  await page.locator('.monaco-dialog-box', { hasText: 'On the protected panel' }).waitFor({ timeout: 15_000 });
  await save(file, 800);
  await page.keyboard.press('Escape');
}

runScript('protected', () => runWorkbenchScript('protected', { panels: [{ dataset: 'showcase' }], removeRunDir: true }, show));
