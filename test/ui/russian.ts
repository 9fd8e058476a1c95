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
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../launch/repo-paths';
import type { SimulatedPanel } from '../panel';
import { answerInputBox, currentPrompt, expandTreeRow, openViewContainer, pickItem, runCommand, treeRow, viewPane, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

const file = join(repoRoot, 'media', 'screenshots', 'russian.png');

async function connectInRussian(page: Page, panel: SimulatedPanel): Promise<void> {
  await runCommand(page, 'Panel Ops: Подключиться к панели');
  for (let answered = 0; answered < 8; answered++) {
    const prompt = await currentPrompt(page);
    if (!prompt) return;
    console.log(`[russian] prompt (${prompt.kind}): ${prompt.text}`);
    if (prompt.kind === 'pick' && /шлюз доступа/i.test(prompt.text)) await pickItem(page, 'Продолжить');
    else if (prompt.kind === 'pick' && /защит/i.test(prompt.text)) await pickItem(page, 'Открытая панель');
    else if (prompt.kind === 'pick') await pickItem(page, 'Полные права');
    else if (prompt.kind === 'password' || /токен/i.test(prompt.text)) await answerInputBox(page, panel.tokens.owner);
    else if (/URL|адрес/i.test(prompt.text)) await answerInputBox(page, panel.url);
    else if (/имя/i.test(prompt.text)) await answerInputBox(page, 'Демо-панель');
    else throw new Error(`unexpected prompt: ${prompt.text}`);
    await page.waitForTimeout(300);
  }
  throw new Error('the connect command kept prompting');
}

async function show({ page, panels: [panel], save }: WorkbenchRun): Promise<void> {
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
  await save(file);
}

runScript('russian', () => runWorkbenchScript('russian', {
  panels: [{ dataset: 'showcase' }],
  beforeLoad: async (page) => {
    await page.addInitScript(() => {
      (globalThis as { _VSCODE_NLS_LANGUAGE?: string })._VSCODE_NLS_LANGUAGE = 'ru';
    });
  },
}, show));
