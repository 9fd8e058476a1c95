// The Russian screenshot for the README: the packaged panel-ops.vsix in code-server with VS Code's display
// language set to Russian, connected through the prompts in Russian, the Nodes tree, a prompt and a webview.
//   npm run screenshots:russian
//
// How Russian is shown without VS Code's Russian language pack (which cannot be downloaded here): the web
// workbench takes its display language from `globalThis._VSCODE_NLS_LANGUAGE`, which a language pack's
// nls.messages.js sets; without one it stays undefined, so `--locale ru` alone leaves everything English.
// Set before the workbench loads, it makes the display language `ru` while VS Code's own strings stay the
// English defaults. VS Code then hands the extension host `appLanguage: ru`, whose localization service
// loads the extension's l10n/bundle.l10n.ru.json for `vscode.l10n.t` (and `vscode.env.language` is `ru`),
// and the extension scanner reads package.nls.ru.json for the manifest: what is Russian in the picture is
// exactly what this extension ships.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { launchChromium } from '../launch/chromium-browser';
import { installVsix, startCodeServer, workbenchUrl, type RunningCodeServer } from '../launch/code-server-process';
import { installCodeServer } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { answerInputBox, currentPrompt, expandTreeRow, openViewContainer, pickItem, runCommand, treeRow, viewPane, waitForWorkbench, widenSideBar } from './workbench-page';

const file = join(repoRoot, 'media', 'screenshots', 'russian.png');

async function connectInRussian(page: Page, panel: PanelCliProcess): Promise<void> {
  await runCommand(page, 'Panel Ops: Подключиться к панели');
  for (let answered = 0; answered < 8; answered++) {
    const prompt = await currentPrompt(page);
    if (!prompt) return;
    console.log(`[russian] prompt (${prompt.kind}): ${prompt.text}`);
    if (prompt.kind === 'pick' && /шлюз доступа/i.test(prompt.text)) await pickItem(page, 'Продолжить');
    else if (prompt.kind === 'pick' && /защит/i.test(prompt.text)) await pickItem(page, 'Открытая панель');
    else if (prompt.kind === 'pick') await pickItem(page, 'Полные права');
    else if (prompt.kind === 'password' || /токен/i.test(prompt.text)) await answerInputBox(page, panel.ownerToken);
    else if (/URL|адрес/i.test(prompt.text)) await answerInputBox(page, panel.url);
    else if (/имя/i.test(prompt.text)) await answerInputBox(page, 'Демо-панель');
    else throw new Error(`unexpected prompt: ${prompt.text}`);
    await page.waitForTimeout(300);
  }
  throw new Error('the connect command kept prompting');
}

async function show(page: Page, server: RunningCodeServer, workspace: string, panel: PanelCliProcess): Promise<void> {
  await page.addInitScript(() => {
    (globalThis as { _VSCODE_NLS_LANGUAGE?: string })._VSCODE_NLS_LANGUAGE = 'ru';
  });
  await page.goto(workbenchUrl(server, workspace));
  await waitForWorkbench(page);
  await connectInRussian(page, panel);
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 560);
  await treeRow(page, 'Узлы', /\S/).waitFor({ timeout: 60_000 });
  const firstNode = viewPane(page, 'Узлы').locator('.monaco-list-row[aria-level="1"]').first();
  await expandTreeRow(page, 'Узлы', (await firstNode.innerText()).split('\n')[0]);
  // A webview: the dashboard, whose words the extension sends from the same bundle.
  await runCommand(page, 'Panel Ops: Открыть панель мониторинга');
  await page.waitForTimeout(4000);
  // A prompt: the users filter's quick pick.
  await runCommand(page, 'Panel Ops: Фильтр пользователей…');
  await currentPrompt(page);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: file });
  console.log(`[russian] saved ${file}`);
}

async function main(): Promise<void> {
  installCodeServer();
  const runDir = join(vscodeTestDir, 'russian-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(join(repoRoot, 'media', 'screenshots'), { recursive: true });
  const folders = { userDataDir: join(runDir, 'user-data'), extensionsDir: join(runDir, 'extensions') };
  installVsix(join(repoRoot, 'panel-ops.vsix'), folders);
  const workspace = mkdtempSync(join(tmpdir(), 'panel-ops-russian-'));
  let panel: PanelCliProcess | undefined;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  try {
    panel = await startPanelCli(['--dataset', 'showcase']);
    server = await startCodeServer({ ...folders, workspace });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await show(page, server, workspace, panel).catch(async (error: unknown) => {
      await page.screenshot({ path: join(runDir, 'failure.png') }).catch(() => undefined);
      console.error(`[russian] the page when it failed: ${join(runDir, 'failure.png')}`);
      throw error;
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await panel?.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[russian] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
