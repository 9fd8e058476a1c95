// Screenshots of the real UI for the README: installs the packaged panel-ops.vsix into code-server, starts
// the simulated panel with the demo fleet, connects through the prompts a user answers, clicks through the
// sidebar and saves PNGs to media/screenshots/.
//   npm run screenshots
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page, Request } from 'playwright-core';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { answerInputBox, collapseTreeRow, currentPrompt, expandTreeRow, openViewContainer, pickItem, runCommand, treeRow, viewPane, waitForWorkbench, widenSideBar } from './workbench-page';

const screenshotsDir = join(repoRoot, 'media', 'screenshots');
const OVERALL_TIMEOUT_MS = 5 * 60_000;

/** Answers the connect prompts in whatever order they come, as a user reading them would. */
async function connectThroughPrompts(page: Page, panel: PanelCliProcess): Promise<void> {
  await runCommand(page, 'Panel Ops: Connect to Panel');
  for (let answered = 0; answered < 8; answered++) {
    const prompt = await currentPrompt(page);
    if (!prompt) return;
    console.log(`[screenshots] prompt (${prompt.kind}): ${prompt.text}`);
    if (prompt.kind === 'pick') await pickItem(page, 'Full rights');
    else if (prompt.kind === 'password' || /token/i.test(prompt.text)) await answerInputBox(page, panel.ownerToken);
    else if (/url|address/i.test(prompt.text)) await answerInputBox(page, panel.url);
    else if (/name/i.test(prompt.text)) await answerInputBox(page, 'Demo panel');
    else throw new Error(`unexpected prompt: ${prompt.text}`);
    await page.waitForTimeout(300);
  }
  throw new Error('the connect command kept prompting');
}

async function save(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(800); // let tree animations and icons settle
  const file = join(screenshotsDir, name);
  await page.screenshot({ path: file });
  console.log(`[screenshots] saved ${file}`);
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
 * Watches the webviews while the pages with the demo's hostile values are open: a dialog (an `alert()` of
 * the hostile values) or a request from a webview to another origin than the local code-server (and its
 * webview resource host) fails the run.
 */
function watchForHostileEffects(page: Page): () => void {
  const problems: string[] = [];
  const blocked: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`a dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
  const fromWebview = (request: Request): boolean => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return false;
    let frame: Frame | undefined;
    try {
      frame = request.frame();
    } catch {
      return false; // a service worker's request
    }
    if (!frame?.parentFrame()) return false; // the workbench itself (extension gallery and so on), not a webview
    const host = new URL(url).hostname;
    return !(host === '127.0.0.1' || host === 'localhost' || (host.endsWith('.vscode-cdn.net') && /vscode-resource|\/stable-|webview/.test(url)));
  };
  // A request the page's policy refused never leaves the browser: only one that was answered (or failed
  // for another reason than the policy) went out.
  page.on('response', (response) => {
    if (fromWebview(response.request())) problems.push(`a request to another origin was answered: ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    if (!fromWebview(request)) return;
    const reason = request.failure()?.errorText ?? '';
    if (/csp|blocked/i.test(reason)) blocked.push(`${request.url()} (${reason})`);
    else problems.push(`a request to another origin went out: ${request.url()} (${reason})`);
  });
  return () => {
    if (problems.length > 0) throw new Error(`hostile values had an effect:\n  ${problems.join('\n  ')}`);
    for (const url of blocked) console.log(`[screenshots] refused by the webview's policy: ${url}`);
    console.log('[screenshots] no dialog and no request to another origin went out while the webviews were open');
  };
}

async function takeScreenshots(page: Page, server: RunningCodeServer, workspace: string, panel: PanelCliProcess): Promise<void> {
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await connectThroughPrompts(page, panel);
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

  // The Branding view: the other views collapsed, Branding opened, the active profile's fields with colour swatches.
  for (const other of ['Nodes', 'Users', 'Alerts']) await page.locator('.part.sidebar .pane-header', { hasText: other }).first().click();
  await page.locator('.part.sidebar .pane-header', { hasText: 'Branding' }).click();
  await expandTreeRow(page, 'Branding', 'Default');
  await treeRow(page, 'Branding', 'primary_color').waitFor();
  await save(page, 'branding-view.png');

  const checkHostileEffects = watchForHostileEffects(page);
  await page.keyboard.press('Control+B'); // the side bar closes: the webviews get the whole window

  // The dashboard: summary cards, trend charts, the overview and carriers tables, the public status.
  await runCommand(page, 'Panel Ops: Open Dashboard');
  const dashboard = await webviewFrame(page, /Dashboard of Demo panel/);
  await dashboard.locator('canvas').first().waitFor();
  await save(page, 'dashboard.png');

  // The audit log with the demo's entries (the newest carries hostile details).
  await runCommand(page, 'Panel Ops: Open Audit Log');
  const audit = await webviewFrame(page, /entries match/);
  await audit.locator('table.audit tbody tr').first().waitFor();
  await save(page, 'audit-log.png');

  // As a person would: type an action prefix and apply, then click a token for its changes only.
  await audit.locator('#filter-action input').fill('keys.');
  await audit.locator('#apply').click();
  await audit.getByText(/^[0-9]+ entries match/).filter({ hasNotText: /^12 / }).first().waitFor();
  const actions = await audit.locator('table.audit tbody tr td:nth-child(2)').allInnerTexts();
  if (actions.length === 0 || !actions.every((action) => action.startsWith('keys.'))) throw new Error(`the action filter shows ${actions.join(', ')}`);
  await audit.locator('button.token').first().click();
  await audit.getByText(/Only this token's changes/).first().waitFor();
  console.log(`[screenshots] the audit page filtered by 'keys.' (${actions.length} entries) and by one token`);

  // The hostile branding profile's preview: markup as text, its javascript: link not a link, no script.
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'Panel Ops: Preview Branding Profile');
  await pickItem(page, 'Hostile');
  await webviewFrame(page, /not a web link/);
  await save(page, 'branding-preview.png');
  checkHostileEffects();
}

async function main(): Promise<void> {
  installCodeServer();
  mkdirSync(screenshotsDir, { recursive: true });
  const runDir = join(vscodeTestDir, 'screenshots-run');
  rmSync(runDir, { recursive: true, force: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-screenshots-'));
  let panel: PanelCliProcess | undefined;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  const timer = setTimeout(() => {
    console.error(`[screenshots] not done within ${OVERALL_TIMEOUT_MS / 1000} s`);
    process.kill(process.pid, 'SIGTERM');
  }, OVERALL_TIMEOUT_MS);
  const cleanUp = async (): Promise<void> => {
    clearTimeout(timer);
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await panel?.stop();
    rmSync(workspace, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(1)));
  try {
    panel = await startPanelCli(['--dataset', 'demo']);
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await takeScreenshots(page, server, workspace, panel);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(`[screenshots] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
