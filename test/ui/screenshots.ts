// Screenshots of the real UI for the README: installs the packaged panel-ops.vsix into code-server, starts
// the simulated panel with the showcase fleet (the demo with plain values), connects through the prompts a
// user answers, clicks through the sidebar and saves PNGs to media/screenshots/. Then the same walk over the
// demo fleet with its hostile values, saved to .vscode-test/screenshots-hostile/ to be looked at: any dialog
// (an alert() that ran) or request to another origin fails the run.
//   npm run screenshots                 both passes
//   npm run screenshots -- --hostile    the hostile pass only
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import {
  activeWebview, answerInputBox, collapseTreeRow, connectThroughPrompts, expandTreeRow, openViewContainer, pickItem, runCommand, runContextMenu,
  setPaneExpanded, showSideBar, treeRow, viewPane, widenSideBar,
} from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

/** One walk through the UI: the data set it shows and where its pictures go. */
interface Pass {
  readonly dataset: 'showcase' | 'demo';
  readonly dir: string;
  /** The demo's hostile values are there to be opened (the log lines, the job, the user, the branding profile). */
  readonly hostile: boolean;
}

const PASSES: readonly Pass[] = [
  { dataset: 'showcase', dir: join(repoRoot, 'media', 'screenshots'), hostile: false },
  { dataset: 'demo', dir: join(vscodeTestDir, 'screenshots-hostile'), hostile: true },
];
const OVERALL_TIMEOUT_MS = 5 * 60_000;
let pass: Pass = PASSES[0];

async function save(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(800); // let tree animations and icons settle
  const file = join(pass.dir, name);
  await page.screenshot({ path: file });
  console.log(`[screenshots] saved ${file}`);
}

async function takeScreenshots({ page, panels: [panel] }: WorkbenchRun, check: () => void): Promise<void> {
  await connectThroughPrompts(page, panel, 'Demo panel');
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 620);
  await treeRow(page, 'Nodes', /\S/).waitFor({ timeout: 60_000 });

  // A node with its Health, Recent jobs and Users sections, the recent jobs open.
  const firstNode = viewPane(page, 'Nodes').locator('.monaco-list-row[aria-level="1"]').first();
  const nodeLabel = (await firstNode.innerText()).split('\n')[0];
  await expandTreeRow(page, 'Nodes', nodeLabel);
  await expandTreeRow(page, 'Nodes', 'Recent jobs');
  await treeRow(page, 'Nodes', /ago|running|queued/).waitFor();
  await save(page, 'sidebar.png');

  // The Users view: the active group open, one user open to show its nodes and their sync state.
  await collapseTreeRow(page, 'Nodes', nodeLabel);
  await expandTreeRow(page, 'Users', 'active');
  const firstUser = viewPane(page, 'Users').locator('.monaco-list-row[aria-level="2"]').first();
  await firstUser.waitFor();
  const userLabel = (await firstUser.innerText()).split('\n')[0];
  await expandTreeRow(page, 'Users', userLabel);
  await viewPane(page, 'Users').locator('.monaco-list-row[aria-level="3"]').first().waitFor();
  await save(page, 'users-and-node.png');
  // A user's context menu: what can be done to it, destructive actions last.
  await treeRow(page, 'Users', userLabel).click({ button: 'right' });
  await page.locator('.context-view .monaco-menu').waitFor();
  await save(page, 'user-menu.png');
  await page.keyboard.press('Escape');

  // Create User, on its nodes step (step 3 of 4, with Back).
  await runCommand(page, 'Panel Ops: Create User');
  await answerInputBox(page, 'New colleague');
  await pickItem(page, 'PERSONAL');
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: /\S/ }).first().waitFor();
  await save(page, 'create-user.png');
  await page.keyboard.press('Escape');
  await collapseTreeRow(page, 'Users', userLabel);
  await takeUsersTableScreenshots(page);
  await takeWebviewScreenshots(page);
  await takeCatalogScreenshots(page);
  await showTemplateWithProblems(page);
  await takeNodeActionScreenshots(page);
  check();
  console.log('[screenshots] no dialog and no request to another origin');
}

/**
 * Users as a document: Edit Users as Table on the active group, two rows changed (an expiry and
 * disabled), a new user and a row naming a node that does not exist; saved (the plan beside, the bad row
 * in Problems); then Apply Plan and its report.
 */
async function takeUsersTableScreenshots(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);
  await showSideBar(page, 'Panel Ops');
  await setPaneExpanded(page, 'Users', true);
  await widenSideBar(page, 300);
  await runContextMenu(page, 'Users', 'active', 'Edit Users as Table');
  await page.locator('.tabs-container .tab', { hasText: '.csv' }).first().waitFor({ timeout: 30_000 });
  const lines = page.locator('.editor-instance .monaco-editor .view-lines .view-line');
  await lines.nth(3).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const original = await Promise.all([1, 2, 3, 4].map(async (index) => (await lines.nth(index).innerText()).replace(/\u00a0/g, ' ')));
  await lines.first().click();
  // Two plain rows (the user with markup in its label stays as it is: the QR screenshot shows it later).
  const plain = original.map((row, index) => ({ row, line: index + 2 })).filter(({ row }) => !/[<[]/.test(row)).slice(0, 2);
  for (const { row, line } of plain) {
    await page.keyboard.press('Control+Home');
    for (let down = 1; down < line; down++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type(row.replace(/,([^,]*),(true|false),([^,]*)$/, ',2031-01-31T00:00:00.000Z,false,$3'));
  }
  const firstNode = original[0].split(',').pop() ?? '';
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`,New colleague,,Support,PERSONAL,,true,${firstNode.split(';')[0].trim()}\n,Typo user,,Support,PERSONAL,,true,no-such-node\n`);
  await save(page, 'users-table.png');
  // Saved by the operator (an auto-save, if the workbench makes one meanwhile, is held and says so).
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);
  await lines.first().click();
  await page.keyboard.press('Control+S');
  const planTab = page.locator('.tabs-container .tab', { hasText: 'users-plan.diff' }).first();
  await planTab.waitFor({ timeout: 10_000 }).catch(async () => {
    await lines.first().click();
    await page.keyboard.press('Control+S');
    await planTab.waitFor({ timeout: 30_000 });
  });
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);
  await save(page, 'users-plan.png');
  await runCommand(page, 'Panel Ops: Apply Plan');
  await page.locator('.tabs-container .tab', { hasText: 'users-report.md' }).first().waitFor({ timeout: 60_000 });
  await save(page, 'users-report.png');
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);
}

/** A node's actions (its context menu), then an apply being watched (its status on the item and in a notification). */
async function takeNodeActionScreenshots(page: Page): Promise<void> {
  await showSideBar(page, 'Panel Ops'); // the steps before may have given the editor the whole window
  await setPaneExpanded(page, 'Nodes', true);
  await widenSideBar(page, 620);
  const dirtyNode = treeRow(page, 'Nodes', /not applied/);
  await dirtyNode.click({ button: 'right' });
  await page.locator('.context-view .monaco-menu', { hasText: 'Apply Configuration' }).waitFor();
  await save(page, 'node-actions.png');
  await page.keyboard.press('Escape');
  await dirtyNode.hover();
  // The label carries the keybinding when one is set ("Apply Configuration (Ctrl+Shift+Alt+A)").
  await dirtyNode.locator('.action-label[aria-label^="Apply Configuration"]').click();
  await page.locator('.notification-toast', { hasText: 'Applying the configuration' }).waitFor();
  await save(page, 'apply-in-progress.png');
}

/**
 * The three webviews: hel-3's log stream and its failed jobs, and a user's QR codes. In the hostile pass, the
 * log's hostile lines (ANSI colours, markup, escapes, a very long line), the failed job that holds them and
 * the QR codes of the user labelled with an <img onerror> tag; any dialog or request elsewhere fails the run.
 * The picture of the log viewer is of ams-1 with the Users view's groups closed.
 */
async function takeWebviewScreenshots(page: Page): Promise<void> {
  await widenSideBar(page, 300);
  if (pass.hostile) {
    await runCommand(page, 'Panel Ops: Show Logs');
    await pickItem(page, 'hel-3');
    await activeWebview(page).locator('.line', { hasText: 'onerror' }).first().waitFor({ timeout: 30_000 });
    await activeWebview(page).locator('.line').nth(25).waitFor({ timeout: 30_000 });
    await runCommand(page, 'View: Close All Editors');
  }
  await collapseTreeRow(page, 'Users', 'active');
  await runCommand(page, 'Panel Ops: Show Logs');
  await pickItem(page, 'ams-1');
  await activeWebview(page).locator('.line').nth(25).waitFor({ timeout: 30_000 });
  await save(page, 'node-logs.png');
  await expandTreeRow(page, 'Users', 'active');

  await runCommand(page, 'Panel Ops: Show Job History');
  await pickItem(page, 'hel-3');
  await activeWebview(page).locator('table.jobs tbody tr.selected').waitFor({ timeout: 30_000 });
  // A failed job with its error and log (the hostile pass: the older one, whose lines are the hostile ones).
  const failed = pass.hostile ? { hasText: 'onerror' } : { hasText: 'failed' };
  await activeWebview(page).locator('table.jobs tbody tr', failed).first().click({ timeout: 10_000 });
  await activeWebview(page).locator('.job-log .line', pass.hostile ? { hasText: 'onerror' } : {}).first().waitFor();
  await save(page, 'job-history.png');

  await runContextMenu(page, 'Users', pass.hostile ? '<img src=x onerror=alert(1)>' : 'Field engineers', 'Show QR Code');
  await activeWebview(page).locator('figure.qr img').first().waitFor({ timeout: 30_000 });
  await page.mouse.move(900, 800); // away from the tree, whose hover would cover the side bar
  await save(page, 'user-qr.png');
}

/** The frame of an open webview whose page shows `text` (webviews are nested iframes of the workbench). */
async function webviewFrame(page: Page, text: string | RegExp, timeoutMs = 60_000): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const found = await frame.getByText(text).first().isVisible().catch(() => false);
      if (found) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview shows ${String(text)}`);
    await page.waitForTimeout(250);
  }
}

/**
 * The Branding view with its colour swatches, the dashboard, the audit log (filtered through the page as a
 * person would) and the preview of the demo's hostile branding profile (markup in its names, custom CSS
 * loading from another origin, a `javascript:` support link).
 */
async function takeCatalogScreenshots(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editors');
  await widenSideBar(page, 620);
  for (const other of ['Nodes', 'Users', 'Alerts']) await setPaneExpanded(page, other, false);
  await setPaneExpanded(page, 'Branding', true);
  await expandTreeRow(page, 'Branding', 'Default');
  await treeRow(page, 'Branding', 'primary_color').waitFor();
  await save(page, 'branding-view.png');
  await page.keyboard.press('Control+B'); // the side bar closes: the webviews get the whole window

  // The dashboard: summary cards, trend charts, the overview and carriers tables, the public status.
  await runCommand(page, 'Panel Ops: Open Dashboard');
  const dashboard = await webviewFrame(page, /Dashboard of Demo panel/);
  await dashboard.locator('canvas').first().waitFor();
  await save(page, 'dashboard.png');
  if (pass.hostile) {
    // The end of the page (not a README picture): the Nodes table, from what the Nodes view holds.
    await dashboard.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await save(page, 'dashboard-nodes.png');
  }

  // The audit log with the demo's entries (in the hostile pass the newest carries hostile details).
  await runCommand(page, 'Panel Ops: Open Audit Log');
  const audit = await webviewFrame(page, /entries match/);
  await audit.locator('table.audit tbody tr').first().waitFor();
  await save(page, 'audit-log.png');

  // As a person would: type an action prefix and apply, then click a token for its changes only.
  // The count before the filter (the steps above added entries to the demo's): the filtered page says another.
  const unfiltered = (await audit.getByText(/^[0-9]+ entries match/).first().innerText()).replace(/;.*/, '');
  await audit.locator('#filter-action input').fill('keys.');
  await audit.locator('#apply').click();
  await audit.getByText(/^[0-9]+ entries match/).filter({ hasNotText: unfiltered }).first().waitFor();
  const actions = await audit.locator('table.audit tbody tr td:nth-child(2)').allInnerTexts();
  if (actions.length === 0 || !actions.every((action) => action.startsWith('keys.'))) throw new Error(`the action filter shows ${actions.join(', ')}`);
  await audit.locator('button.token').first().click();
  await audit.getByText(/Only this token's changes/).first().waitFor();
  console.log(`[screenshots] the audit page filtered by 'keys.' (${actions.length} entries) and by one token`);

  // A branding profile's preview; in the hostile pass the hostile one's: markup as text, its javascript: link
  // not a link, no script.
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'Panel Ops: Preview Branding Profile');
  await pickItem(page, pass.hostile ? 'Hostile' : 'Default');
  if (pass.hostile) await webviewFrame(page, /not a web link/);
  else await page.waitForTimeout(2000);
  await save(page, 'branding-preview.png');
}

/**
 * The origin VS Code gives webview resources (`webview.cspSource`): its service worker in the page answers
 * these requests from the extension's folder, so they never leave the machine.
 */
const WEBVIEW_RESOURCES = /^https:\/\/[a-z0-9+-]+\.vscode-resource\.vscode-cdn\.net$/;

/** Fails on what would mean a webview ran panel data as code or reached out: a dialog, a request elsewhere. */
function watchForEscapes(page: Page, origin: string): () => void {
  const problems: string[] = [];
  const refused: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`a ${dialog.type()} dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const elsewhere = (url: string): boolean => {
    if (/^(data|blob):/.test(url)) return false;
    const target = new URL(url).origin;
    return target !== origin && !WEBVIEW_RESOURCES.test(target);
  };
  // A load the page's policy refuses is reported as a request that failed "csp" and never leaves the
  // browser (the hostile branding CSS asks for https://evil.example/…): that is the policy working. Any
  // other request elsewhere, answered or failed for another reason, went out.
  page.on('response', (response) => {
    if (elsewhere(response.url())) problems.push(`a request to another origin was answered: ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    if (!elsewhere(request.url())) return;
    const reason = request.failure()?.errorText ?? '';
    if (/csp/i.test(reason)) refused.push(request.url());
    else problems.push(`a request to another origin went out: ${request.url()} (${reason})`);
  });
  return () => {
    for (const url of refused) console.log(`[screenshots] refused by a webview's policy: ${url}`);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
}

/** The webview document (of those shown) that holds `selector`: the preview opens beside the form. */
async function webviewHolding(page: Page, selector: string): Promise<FrameLocator> {
  const frames = page.locator('iframe.webview.ready');
  for (let attempt = 0; attempt < 60; attempt++) {
    const count = await frames.count();
    for (let index = 0; index < count; index++) {
      const frame = page.frameLocator('iframe.webview.ready').nth(index).frameLocator('#active-frame');
      if (await frame.locator(selector).first().isVisible().catch(() => false)) return frame;
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`no webview shows ${selector}`);
}

/**
 * The demo's draft template open in the editor after Validate Template, with the Problems panel showing
 * the panel's errors at their lines and the undeclared-placeholder check.
 */
async function showTemplateWithProblems(page: Page): Promise<void> {
  await showSideBar(page, 'Panel Ops'); // the catalog screenshots gave the webviews the whole window
  await setPaneExpanded(page, 'Users', true);
  await collapseTreeRow(page, 'Users', 'active');
  for (const view of ['Users', 'Alerts']) await setPaneExpanded(page, view, false);
  await setPaneExpanded(page, 'Site Templates', true);
  await treeRow(page, 'Site Templates', 'Broken draft').click();
  await page.locator('.tabs-container .tab', { hasText: 'index.html' }).first().waitFor({ timeout: 30_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<p>{{visitor_name}}</p>\n');
  await widenSideBar(page, 360);
  await runCommand(page, 'Panel Ops: Validate Template');
  await page.waitForTimeout(1500);
  await runCommand(page, 'Notifications: Clear All Notifications', 15_000).catch(() => undefined);
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)', 15_000).catch(() => runCommand(page, 'Problems: Focus on Problems View'));
  await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: 30_000 });
  await save(page, 'template-problems.png');

  // Customize… on the first built-in template: the form, and the script-free preview beside it.
  await treeRow(page, 'Site Templates', 'Minimal landing').click();
  // Its index.html in front (the breadcrumbs name the template's folder), not the draft's left open above.
  await page.locator('.breadcrumbs-control', { hasText: 'Minimal landing' }).first().waitFor({ timeout: 30_000 });
  await runCommand(page, 'View: Focus Active Editor Group'); // Customize… is offered for the template in the editor
  await runCommand(page, 'Panel Ops: Customize…');
  const form = await webviewHolding(page, 'vscode-textfield');
  await form.locator('vscode-textfield').nth(1).locator('input').fill('Amsterdam Bakery');
  await page.waitForTimeout(1500);
  await save(page, 'customize-form.png');
}

async function main(): Promise<void> {
  const passes = process.argv.includes('--hostile') ? PASSES.filter((each) => each.hostile) : PASSES;
  for (const each of passes) {
    pass = each;
    console.log(`[screenshots] the ${each.dataset} fleet, into ${each.dir}`);
    mkdirSync(each.dir, { recursive: true });
    // One code-server with the packaged extension, one simulated panel with the pass's data set, one walk.
    let check = (): void => undefined;
    await runWorkbenchScript('screenshots', {
      panels: [{ dataset: each.dataset, logStream: { follow: true } }],
      timeoutMs: OVERALL_TIMEOUT_MS,
      beforeLoad: (page, origin) => {
        check = watchForEscapes(page, origin);
      },
    }, (run) => takeScreenshots(run, check));
  }
}

runScript('screenshots', main);
