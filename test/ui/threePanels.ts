// The README's screenshot of three panels at once: the demo fleet, the large fleet (200 nodes, 20,000
// users) and a staging panel that goes offline after connecting, in the Nodes (grouped by status) and
// Users views in all-panels mode. Saves media/screenshots/three-panels.png.
//   npm run package && npm run compile-tests && node out/test/ui/threePanels.js
import { join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { collapseTreeRow, connectThroughPrompts, openViewContainer, pickItem, runCommand, setPaneExpanded, treeRow, viewPane, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const file = join(repoRoot, 'media', 'screenshots', 'three-panels.png');

async function show({ page, panels: [frankfurt, fleet, staging], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, staging, 'Staging');
  await connectThroughPrompts(page, fleet, 'Fleet (large)');
  await connectThroughPrompts(page, frankfurt, 'Frankfurt');
  await staging.close(); // offline from now on
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 640);
  // With two or more panels connected the views show them all (a new window's default): no command to run.
  await runCommand(page, 'Panel Ops: Group Nodes…');
  await pickItem(page, 'By status');
  for (const view of ['Alerts', 'Site Templates', 'Branding']) await setPaneExpanded(page, view, false).catch(() => undefined);
  await treeRow(page, 'Nodes', /^Offline/).first().waitFor({ timeout: 60_000 });
  await treeRow(page, 'Users', /^active/).first().waitFor({ timeout: 60_000 });
  // More room for the Nodes view (its rows below the fold are not drawn): drag the sash above the Users
  // view's header down.
  const header = await viewPane(page, 'Users').locator('.pane-header').boundingBox();
  if (header) {
    await page.mouse.move(300, header.y - 1);
    await page.mouse.down();
    await page.mouse.move(300, header.y + 260, { steps: 10 });
    await page.mouse.up();
  }
  await collapseTreeRow(page, 'Nodes', /^Fleet \(large\)/);
  await collapseTreeRow(page, 'Users', /^Frankfurt/);
  await page.mouse.move(1200, 800);
  await save(file, 1500);
}

runScript('three-panels', () => runWorkbenchScript('three-panels', { panels: [{ dataset: 'showcase' }, { dataset: 'large' }, { dataset: 'showcase' }] }, show));
