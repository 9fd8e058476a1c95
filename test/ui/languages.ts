// The Persian and Chinese screenshots for the README: the packaged panel-ops.vsix in code-server with VS
// Code's display language set to Persian (right to left) and then to Simplified Chinese, connected through
// the prompts in that language, the sidebar (Nodes with a node open, Users with a group open) beside the
// metrics page of a node (its status, stats, series and Prometheus figures).
//   npm run screenshots:languages            both
//   npm run screenshots:languages -- fa      one of them
//
// The display language is set as test/ui/russian.ts sets Russian (no language pack can be downloaded here):
// the extension's words are the bundles it ships, VS Code's own stay English. What the picture shows in
// Persian or Chinese is exactly what this extension ships. One user of the showcase fleet is given a label in
// the language, mixing it with Latin letters as operators' labels do, so the picture shows such a label.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useWorkbenchLanguage } from '../launch/workbench-tests';
import { repoRoot } from '../launch/repo-paths';
import { readJson } from '../l10n/messages';
import type { SimulatedPanel } from '../panel';
import { localizeFrom } from '../../src/text/localize';
import { answerInputBox, currentPrompt, expandTreeRow, openViewContainer, pickItem, runCommand, treeRow, viewPane, widenSideBar } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

interface Language {
  readonly id: string;
  /** media/screenshots/<file> */
  readonly file: string;
  /** The label of a user of the showcase fleet, in the language with Latin letters. */
  readonly userLabel: string;
  readonly panelName: string;
  /** The language `fc-list :lang=` looks a font up for. */
  readonly fontLanguage: string;
}

const LANGUAGES: readonly Language[] = [
  { id: 'fa', file: 'persian.png', userLabel: 'مریم احمدی VIP-2', panelName: 'پنل نمایشی', fontLanguage: 'fa' },
  { id: 'zh-cn', file: 'chinese.png', userLabel: '王芳 VIP-2', panelName: '演示面板', fontLanguage: 'zh' },
];

/**
 * Chromium draws a script only with a font that has it: without a Chinese font every Chinese character is an
 * empty box in the picture (Debian: fonts-wqy-microhei, 3 MB). Persian is in the DejaVu fonts Chromium brings.
 */
function checkFont(language: Language): void {
  const found = spawnSync('fc-list', [`:lang=${language.fontLanguage}`, 'family'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim() === '') {
    throw new Error(`no font for ${language.id} is installed, so its characters would show as boxes: on Debian, apt-get install fonts-wqy-microhei (as root)`);
  }
}

/** Connect to Panel… answered in the language: the prompts come in the connect flow's order. */
async function connectIn(page: Page, language: Language, panel: SimulatedPanel): Promise<void> {
  const nls = readJson(`package.nls.${language.id}.json`) as Record<string, string>;
  const tr = localizeFrom(readJson(`l10n/bundle.l10n.${language.id}.json`) as Record<string, string>);
  await runCommand(page, `Panel Ops: ${nls['panelOps.connect.title'].replace(/…$/, '')}`);
  let inputs = 0;
  for (let answered = 0; answered < 8; answered++) {
    const prompt = await currentPrompt(page);
    if (!prompt) return;
    console.log(`[languages] ${language.id} prompt (${prompt.kind}): ${prompt.text}`);
    if (prompt.kind === 'password') await answerInputBox(page, panel.tokens.owner);
    else if (prompt.kind === 'input') await answerInputBox(page, inputs++ === 0 ? panel.url : language.panelName);
    else {
      const rows = await page.locator('.quick-input-widget .monaco-list-row').allInnerTexts();
      const choice = [tr('Continue'), tr('Full rights'), tr('Open panel')].find((label) => rows.some((row) => row.includes(label)));
      if (!choice) throw new Error(`unexpected pick: ${prompt.text} (${rows.join(' / ')})`);
      await pickItem(page, choice);
    }
    await page.waitForTimeout(300);
  }
  throw new Error('the connect command kept prompting');
}

/** The pictures are 1360 × 520: the sidebar's Nodes and Users and the page's first sections (the VSIX carries them, at most 1.5 MB in all). */
const PICTURE = { width: 1360, height: 520 };

async function show(language: Language, { page, panels: [panel], save }: WorkbenchRun): Promise<void> {
  const nls = readJson(`package.nls.${language.id}.json`) as Record<string, string>;
  const tr = localizeFrom(readJson(`l10n/bundle.l10n.${language.id}.json`) as Record<string, string>);
  const nodesView = nls['view.panelOps.nodes.name'];
  const usersView = nls['view.panelOps.users.name'];
  await connectIn(page, language, panel);
  await openViewContainer(page, 'Panel Ops');
  await widenSideBar(page, 520);
  await treeRow(page, nodesView, /\S/).waitFor({ timeout: 60_000 });
  const firstNode = viewPane(page, nodesView).locator('.monaco-list-row[aria-level="1"]').first();
  const nodeName = (await firstNode.locator('.label-name').first().innerText()).trim();
  await expandTreeRow(page, nodesView, nodeName);
  await expandTreeRow(page, usersView, tr('active'));
  await treeRow(page, usersView, language.userLabel).waitFor({ timeout: 30_000 }).catch(() => undefined);
  // The node's page: Show Metrics from the palette, the node picked as a person does.
  await runCommand(page, `Panel Ops: ${nls['panelOps.nodes.showMetrics.title']}`);
  await pickItem(page, nodeName);
  await page.waitForTimeout(3000);
  await page.setViewportSize(PICTURE);
  // The workbench lays itself out again; nothing of it may stay scrolled out of the picture.
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await page.waitForTimeout(1500);
  await save(join(repoRoot, 'media', 'screenshots', language.file), 800);
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  for (const language of LANGUAGES.filter((candidate) => asked.length === 0 || asked.includes(candidate.id))) {
    checkFont(language);
    await runWorkbenchScript(`languages-${language.id}`, {
      panels: [{ dataset: 'showcase' }],
      removeRunDir: true,
      timeoutMs: 5 * 60_000,
      beforeLoad: (page) => useWorkbenchLanguage(page, language.id),
    }, async (run) => {
      const [panel] = run.panels;
      const template = [...panel.data.keys.values()].find((key) => key.status === 'active' && !key.disabled_at && !key.revoked_at && !key.expires_at)
        ?? [...panel.data.keys.values()][0];
      const id = randomUUID();
      panel.data.keys.set(id, { ...structuredClone(template), id, label: language.userLabel, status: 'active', disabled_at: null, revoked_at: null, expires_at: null, created_at: new Date(Date.now() + 60_000).toISOString() });
      await show(language, run);
    });
  }
}

runScript('languages', main);
