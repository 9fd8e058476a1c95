// What a person does in the VS Code web workbench, as Playwright steps: run a command from the palette,
// answer its prompts, open a view container, expand tree items.
import type { FrameLocator, Locator, Page } from 'playwright-core';

const quickInput = (page: Page): Locator => page.locator('.quick-input-widget');

export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 120_000 });
  await page.locator('.monaco-workbench .part.statusbar').waitFor();
}

/**
 * Opens the command palette and runs the command whose title (as shown, "Category: Title") is given. Right
 * after the workbench appears, extensions' commands may not be listed yet: like a person, close the palette
 * and open it again until the command shows (up to `timeoutMs`).
 */
export async function runCommand(page: Page, title: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.keyboard.press('F1');
    const input = quickInput(page).locator('input');
    await input.waitFor();
    await input.fill(`>${title}`);
    try {
      await quickInput(page).locator('.monaco-list-row', { hasText: title }).first().waitFor({ timeout: 5_000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

export interface Prompt {
  /** Title, prompt message and placeholder of the open input box or quick pick, joined. */
  readonly text: string;
  readonly kind: 'input' | 'password' | 'pick';
}

/** The prompt open now, or undefined once the quick input has closed (waits up to `timeoutMs` for one). */
export async function currentPrompt(page: Page, timeoutMs = 10_000): Promise<Prompt | undefined> {
  const widget = quickInput(page);
  try {
    await widget.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    return undefined;
  }
  const input = widget.locator('input.input').first();
  const parts = [
    await widget.locator('.quick-input-title').innerText().catch(() => ''),
    await widget.locator('.quick-input-message').innerText().catch(() => ''),
    (await input.getAttribute('placeholder')) ?? '',
  ];
  const hasList = await widget.locator('.quick-input-list .monaco-list-row').first().isVisible().catch(() => false);
  const kind = hasList ? 'pick' : (await input.getAttribute('type')) === 'password' ? 'password' : 'input';
  return { text: parts.join(' | '), kind };
}

/** Types into the open input box (also a password box) and accepts. */
export async function answerInputBox(page: Page, text: string): Promise<void> {
  const input = quickInput(page).locator('input');
  await input.waitFor();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Picks the quick-pick item whose label contains `label`. */
export async function pickItem(page: Page, label: string): Promise<void> {
  await quickInput(page).locator('.monaco-list-row', { hasText: label }).first().click();
}

export async function openViewContainer(page: Page, title: string): Promise<void> {
  const item = page.locator(`.part.activitybar .action-item a[aria-label^="${title}"], .part.activitybar .action-item[aria-label^="${title}"]`).first();
  await item.click({ force: true }); // a badge (the alert count) may cover the icon's centre
  await page.locator('.part.sidebar .composite.title', { hasText: title }).waitFor();
}

/** Brings the side bar back with the view container `title` when an earlier step closed it (Ctrl+B). */
export async function showSideBar(page: Page, title: string): Promise<void> {
  if (!(await page.locator('.part.sidebar').isVisible())) await openViewContainer(page, title);
}

/** The pane of a view in the side bar, by its name ("Nodes", "Users"). */
export function viewPane(page: Page, name: string): Locator {
  return page.locator('.part.sidebar .pane').filter({ has: page.locator('.pane-header', { hasText: name }) });
}

/**
 * Expands or collapses a view's pane by a click on its header, only when it is not in that state already
 * (a click on an open pane's header closes it), then waits for the state.
 */
export async function setPaneExpanded(page: Page, view: string, expanded: boolean): Promise<void> {
  const header = viewPane(page, view).locator('.pane-header').first();
  await header.waitFor();
  if (((await header.getAttribute('aria-expanded')) === 'true') !== expanded) await header.click();
  await page.waitForFunction(({ element, want }) => element?.getAttribute('aria-expanded') === want, { element: await header.elementHandle(), want: String(expanded) });
}

/** A tree row of a view, by a part of its visible label. */
export function treeRow(page: Page, view: string, label: string | RegExp): Locator {
  return viewPane(page, view).locator('.monaco-list-row', { hasText: label }).first();
}

export async function expandTreeRow(page: Page, view: string, label: string | RegExp): Promise<void> {
  const row = treeRow(page, view, label);
  await row.waitFor();
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'true', await row.elementHandle());
}

export async function collapseTreeRow(page: Page, view: string, label: string | RegExp): Promise<void> {
  const row = treeRow(page, view, label);
  await row.waitFor();
  if ((await row.getAttribute('aria-expanded')) === 'true') await row.click();
  await page.waitForFunction((element) => element?.getAttribute('aria-expanded') === 'false', await row.elementHandle());
}

/** Drags the side bar's edge so it is `width` pixels wide, as a person would to read long descriptions. */
export async function widenSideBar(page: Page, width: number): Promise<void> {
  const sideBar = await page.locator('.part.sidebar').boundingBox();
  if (!sideBar) return;
  const edgeX = sideBar.x + sideBar.width;
  const y = sideBar.y + sideBar.height / 2;
  await page.mouse.move(edgeX, y);
  await page.mouse.down();
  await page.mouse.move(sideBar.x + width, y, { steps: 8 });
  await page.mouse.up();
}

/** Right-clicks a tree row and runs the context-menu action with that label. */
export async function runContextMenu(page: Page, view: string, row: string | RegExp, action: string): Promise<void> {
  const target = treeRow(page, view, row);
  await target.waitFor();
  await target.click({ button: 'right' });
  const item = page.locator('.monaco-menu .action-item', { hasText: action }).first();
  await item.waitFor();
  // A click on the item can land before the menu takes pointer input; the keyboard is what always works.
  await item.hover();
  await page.keyboard.press('Enter');
}

/** The document of the webview shown in the active editor (VS Code nests it in two iframes). */
export function activeWebview(page: Page): FrameLocator {
  return page.frameLocator('.editor-instance iframe.webview.ready, iframe.webview.ready').last().frameLocator('#active-frame');
}

/**
 * Answers the connect prompts in whatever order they come, as a user reading them would; the optional
 * protection step with `protection` (the label of a level, default "Open panel").
 */
export async function connectThroughPrompts(page: Page, panel: { readonly url: string; readonly tokens: { readonly owner: string } }, name: string, protection = 'Open panel'): Promise<void> {
  await runCommand(page, 'Panel Ops: Connect to Panel');
  for (let answered = 0; answered < 9; answered++) {
    const prompt = await currentPrompt(page);
    if (!prompt) return;
    console.log(`[connect] prompt (${prompt.kind}): ${prompt.text}`);
    if (prompt.kind === 'pick' && /access gateway/i.test(prompt.text)) await pickItem(page, 'Continue');
    else if (prompt.kind === 'pick') await pickItem(page, /protection/i.test(prompt.text) ? protection : 'Full rights');
    else if (prompt.kind === 'password' || /token/i.test(prompt.text)) await answerInputBox(page, panel.tokens.owner);
    else if (/url|address/i.test(prompt.text)) await answerInputBox(page, panel.url);
    else if (/name/i.test(prompt.text)) await answerInputBox(page, name);
    else throw new Error(`unexpected prompt: ${prompt.text}`);
    await page.waitForTimeout(300);
  }
  throw new Error('the connect command kept prompting');
}

/** Opens a file of the workspace through Quick Open, as a person does. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ timeout: 15_000 });
}

/** The editor's Replace (regular expressions off): every `find` of the open file becomes `replace`, then saved (unless `save` is false). */
export async function replaceInFile(page: Page, find: string, replace: string, { save = true }: { readonly save?: boolean } = {}): Promise<void> {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+H');
  const findInput = page.locator('.find-widget textarea[aria-label="Find"], .find-widget .find-part textarea').first();
  await findInput.waitFor();
  await findInput.fill(find);
  const replaceInput = page.locator('.find-widget .replace-part textarea').first();
  await replaceInput.fill(replace);
  await page.keyboard.press('Control+Alt+Enter'); // Replace All
  await page.locator('.find-widget .matchesCount', { hasText: /No results/ }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  if (save) await page.keyboard.press('Control+S');
}
