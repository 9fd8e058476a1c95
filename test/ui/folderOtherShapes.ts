// The panel as a folder against a panel that shapes what the contract leaves open otherwise: the simulated
// showcase panel under the seeded reading random:0 (test/panel/SHAPES.md), where a node site's upstream is an
// object `{url, enabled}`, as the second panel that found issue 33 gives it. The packaged panel-ops.vsix in
// code-server; Pull Panel into Folder…; the upstream URL inside that object and a nested setting edited
// through the editor's Replace; Plan Panel Changes; Apply Panel Folder. Pictures in
// .vscode-test/other-shapes/ (not README pictures); fails unless the folder's files carry no Problem after the
// pull and the panel holds both edits at the end.
//   npm run screenshots:other-shapes
import { join } from 'node:path';
import { vscodeTestDir } from '../launch/repo-paths';
import { UPSTREAM_OBJECT_SEED } from '../panel';
import { connectThroughPrompts, openFile, pickItem, replaceInFile, runCommand } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const dir = join(vscodeTestDir, 'other-shapes');
const UPSTREAM = 'https://upstream.example.net/';
const TITLE = 'Your fleet access';

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  await connectThroughPrompts(page, panel, 'Other shapes');
  await runCommand(page, 'Panel Ops: Pull Panel into Folder');
  await pickItem(page, 'new folder');
  await page.locator('.notification-toast', { hasText: 'Pulled Other shapes into' }).waitFor({ timeout: 60_000 });
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);

  await openFile(page, 'ams-1.node.json');
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
  await save(join(dir, 'pulled-node.png'), 2500);
  const problems = await page.locator('.markers-panel .monaco-list-row').count();
  if (problems > 0) throw new Error(`the pulled folder has ${problems} Problems rows: a file the extension wrote is refused by its own check`);
  await openFile(page, 'ams-1.node.json');
  // The upstream is `{"enabled": false, "url": null}` here: an operator sets both members of the object.
  await replaceInFile(page, '"url": null', `"url": "${UPSTREAM}"`);
  await replaceInFile(page, '"enabled": false', '"enabled": true');
  await openFile(page, 'settings.json');
  await replaceInFile(page, '"title": "Your proxy access"', `"title": "${TITLE}"`);

  await runCommand(page, 'Panel Ops: Plan Panel Changes');
  await page.locator('.tabs-container .tab', { hasText: 'Plan — ' }).first().waitFor({ timeout: 60_000 });
  await save(join(dir, 'plan.png'), 1000);

  await runCommand(page, 'Panel Ops: Apply Panel Folder');
  const dialog = page.locator('.monaco-dialog-box');
  const report = page.locator('.tabs-container .tab', { hasText: 'Panel apply report' }).first();
  await Promise.race([dialog.waitFor({ timeout: 30_000 }), report.waitFor({ timeout: 30_000 })]);
  if (await dialog.isVisible()) {
    await save(join(dir, 'apply-question.png'), 500);
    await dialog.locator('.monaco-button', { hasText: /^Apply/ }).first().click();
  }
  await report.waitFor({ timeout: 60_000 });
  await save(join(dir, 'report.png'), 1000);

  const ams = [...panel.data.nodes.values()].find((node) => node.name === 'ams-1');
  if (ams?.site.upstream !== UPSTREAM) throw new Error(`ams-1's site upstream on the panel is ${JSON.stringify(ams?.site.upstream)}, not the folder's`);
  const title = (panel.data.settings as { subscription_page?: { title?: unknown } }).subscription_page?.title;
  if (title !== TITLE) throw new Error(`the subscription page title on the panel is ${JSON.stringify(title)}, not the folder's`);
  console.log('[other-shapes] no Problem after the pull; the panel holds the upstream inside its object and the nested setting');
}

runScript('other-shapes', () => runWorkbenchScript('other-shapes', { panels: [{ dataset: 'showcase', readings: { reading: `random:${UPSTREAM_OBJECT_SEED}` } }] }, show));
