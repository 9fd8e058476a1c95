// The hand of the VS Code suite: a small HTTP server on 127.0.0.1 that the launcher starts beside the
// workbench page, so a test running in the extension host can ask for a gesture the extension API cannot
// make (a drag through a real tree with the mouse). The launcher passes its address to code-server, and so
// to the extension host, as PANEL_OPS_UI_DRIVER; without it (another launcher) such tests are skipped.
//   POST /drag {view, from, to}: drags the row of `view` whose label shows `from` onto the row showing `to`.
//   POST /webview {selector}: the elements of the active editor's webview page that match `selector`, as
//     JSON [{text, title, inView, dir, direction, leftToRight}] (what a person reads there, its tooltip,
//     whether it lies inside the page's width, not off to the right, its dir attribute, the direction it is
//     laid out in, and its letters in the order they are drawn from left to right); [] while the page is not shown.
//   POST /menu {view, row}: right-clicks the row of `view` showing `row` and answers the context menu as a
//     person reads it: JSON {items: [label], submenus: {label: [label]}} (each submenu opened by hovering it).
//   POST /palette {text}: types `>text` into the command palette and answers the titles it lists, JSON [title].
//   POST /key {key}: presses `key` (Playwright's names, e.g. "Control+Shift+Alt+A") where the focus is.
//   POST /text {selector}: what a person reads in the workbench's elements matching `selector`, JSON [text].
//   POST /focus {focused}: the workbench window loses (false) or regains (true) the focus, as when the
//     operator switches to another application: the page's document.hasFocus() answers so and the window
//     is told blur or focus, so VS Code's window state follows.
// PANEL_OPS_UI_DRIVER_SHOTS=<folder> also writes before-drag.png and after-drag.png there (to see a drag).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { activeWebview, treeRow } from '../ui/workbench-page';

export const UI_DRIVER_ENV = 'PANEL_OPS_UI_DRIVER';

export interface UiDriver {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The workbench page the gestures are made on (set once it is open). */
  setPage(page: Page): void;
  close(): Promise<void>;
}

interface DragRequest {
  view: string;
  from: string;
  to: string;
}

function isDragRequest(value: unknown): value is DragRequest {
  const record = value as Partial<DragRequest> | null;
  return typeof record === 'object' && record !== null && typeof record.view === 'string' && typeof record.from === 'string' && typeof record.to === 'string';
}

/** Drags a tree row onto another as a person does: press on the source, move in steps, release on the target. */
async function drag(page: Page, request: DragRequest): Promise<void> {
  const source = treeRow(page, request.view, request.from);
  const target = treeRow(page, request.view, request.to);
  await source.waitFor({ timeout: 15_000 });
  await target.waitFor({ timeout: 15_000 });
  if (process.env.PANEL_OPS_UI_DRIVER_SHOTS) await page.screenshot({ path: `${process.env.PANEL_OPS_UI_DRIVER_SHOTS}/before-drag.png` });
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error(`the rows "${request.from}" and "${request.to}" of ${request.view} are not on screen`);
  await page.mouse.move(from.x + from.width / 3, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 3, from.y + from.height / 2 + 6, { steps: 3 });
  await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 12 });
  await page.waitForTimeout(150);
  await page.mouse.up();
  if (process.env.PANEL_OPS_UI_DRIVER_SHOTS) {
    await page.screenshot({ path: `${process.env.PANEL_OPS_UI_DRIVER_SHOTS}/after-drag.png` });
    console.log(`[ui driver] dragged ${JSON.stringify(from)} -> ${JSON.stringify(to)}`);
  }
}

interface WebviewElement {
  text: string;
  title: string;
  inView: boolean;
  /** Its `dir` attribute ('' without one) and the direction it is laid out in (computed `direction`). */
  dir: string;
  direction: string;
  /** Each character of its text, in the order a reader meets them from the left edge of the page to the right. */
  leftToRight: string;
}

/** The text and tooltip of each element of the active webview that matches `selector`, and its direction. */
async function webviewElements(page: Page, selector: string): Promise<WebviewElement[]> {
  const found = activeWebview(page).locator(selector);
  const count = await found.count().catch(() => 0);
  const elements: WebviewElement[] = [];
  for (let index = 0; index < count; index++) {
    const element = found.nth(index);
    const shown = await element.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const inView = box.width > 0 && box.left >= 0 && box.right <= (node.ownerDocument.documentElement?.clientWidth ?? 0) + 1;
      // Where each character is drawn: the visual order, which the bidirectional algorithm decides.
      const placed: { x: number; y: number; c: string }[] = [];
      const walker = node.ownerDocument.createTreeWalker(node, 4 /* NodeFilter.SHOW_TEXT */);
      const range = node.ownerDocument.createRange();
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const value = text.textContent ?? '';
        for (let at = 0; at < value.length; at++) {
          if (/[\s\u2066-\u2069]/.test(value[at])) continue;
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0) placed.push({ x: rect.left + rect.width / 2, y: Math.round(rect.top), c: value[at] });
        }
      }
      placed.sort((a, b) => a.y - b.y || a.x - b.x);
      return { inView, dir: node.getAttribute('dir') ?? '', direction: node.ownerDocument.defaultView?.getComputedStyle(node).direction ?? '', leftToRight: placed.map((p) => p.c).join('') };
    }, undefined, { timeout: 5000 });
    elements.push({ text: (await element.textContent({ timeout: 5000 })) ?? '', title: (await element.getAttribute('title', { timeout: 5000 })) ?? '', ...shown });
  }
  return elements;
}

/** The labels of the menu entries of a context menu (or submenu) element, separators left out. */
async function labelsOf(menu: Locator): Promise<string[]> {
  const labels = await menu.locator('.action-item:not(.disabled) .action-label').allInnerTexts();
  return labels.map((label) => label.trim()).filter((label) => label !== '');
}

/** Right-clicks a tree row and reads its context menu and submenus, then closes it. */
async function contextMenu(page: Page, view: string, row: string): Promise<{ items: string[]; submenus: Record<string, string[]> }> {
  const target = treeRow(page, view, row);
  // A tooltip left open over another row (the mouse rests where the last menu was) would take the click.
  await page.mouse.move(0, 0);
  await page.keyboard.press('Escape');
  await target.waitFor({ timeout: 15_000 });
  await target.scrollIntoViewIfNeeded();
  await target.click({ button: 'right' });
  const menus = page.locator('.context-view .monaco-menu');
  await menus.first().waitFor({ timeout: 10_000 });
  await page.waitForTimeout(300);
  const top = menus.first();
  const items = await labelsOf(top); // before any submenu opens: the top level only
  const submenus: Record<string, string[]> = {};
  const entries = top.locator(':scope > .monaco-action-bar > .actions-container > .action-item');
  for (let index = 0; index < await entries.count(); index++) {
    const entry = entries.nth(index);
    if ((await entry.locator('.submenu-indicator').count()) === 0) continue;
    const label = (await entry.locator('.action-label').first().innerText()).trim();
    await entry.hover();
    const nested = entry.locator('.monaco-submenu');
    try {
      await nested.first().waitFor({ timeout: 3_000 });
      submenus[label] = await labelsOf(nested.first());
    } catch {
      submenus[label] = [];
    }
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return { items, submenus };
}

/** Types `>text` into the command palette and reads the titles it lists, then closes it. */
async function paletteTitles(page: Page, text: string): Promise<string[]> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input').first();
  await input.waitFor({ timeout: 10_000 });
  await input.fill(`>${text}`);
  await page.waitForTimeout(800);
  const titles = await widget.locator('.quick-input-list .monaco-list-row .label-name').allInnerTexts();
  await page.keyboard.press('Escape');
  return titles.map((title) => title.trim());
}

/**
 * The workbench window loses or regains the focus (see POST /focus). Headless Chromium keeps its page
 * focused whatever another page does (tried: focus emulation off, another page brought to front), so the
 * page's `document.hasFocus()` is made to answer as a window without focus does, and the window is told
 * blur (or focus): VS Code's own focus tracking reads both and tells the extension host.
 */
async function setWindowFocus(page: Page, focused: boolean): Promise<string> {
  await page.evaluate(focused
    ? `delete document.hasFocus; window.dispatchEvent(new Event('focus'))`
    : `Object.defineProperty(document, 'hasFocus', { value: () => false, configurable: true }); window.dispatchEvent(new Event('blur'))`);
  return String(await page.evaluate('document.hasFocus()'));
}

export async function startUiDriver(): Promise<UiDriver> {
  let page: Page | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
      };
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        reply(400, 'the body is not JSON');
        return;
      }
      if (!page) {
        reply(503, 'the workbench page is not open yet');
        return;
      }
      const { view, row, text } = body as { view?: unknown; row?: unknown; text?: unknown };
      if (req.method === 'POST' && req.url === '/menu' && typeof view === 'string' && typeof row === 'string') {
        contextMenu(page, view, row).then((found) => reply(200, JSON.stringify(found)), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
        return;
      }
      if (req.method === 'POST' && req.url === '/palette' && typeof text === 'string') {
        paletteTitles(page, text).then((found) => reply(200, JSON.stringify(found)), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
        return;
      }
      const key = (body as { key?: unknown }).key;
      if (req.method === 'POST' && req.url === '/key' && typeof key === 'string') {
        page.keyboard.press(key).then(() => reply(200, 'pressed'), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
        return;
      }
      const focused = (body as { focused?: unknown }).focused;
      if (req.method === 'POST' && req.url === '/focus' && typeof focused === 'boolean') {
        setWindowFocus(page, focused).then((has) => reply(200, `${focused ? 'focused' : 'unfocused'} hasFocus=${has}`), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
        return;
      }
      const selector = (body as { selector?: unknown }).selector;
      if (req.method === 'POST' && req.url === '/text' && typeof selector === 'string') {
        page.locator(selector).allInnerTexts().then((found) => reply(200, JSON.stringify(found)), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
        return;
      }
      if (req.method === 'POST' && req.url === '/webview' && typeof selector === 'string') {
        webviewElements(page, selector).then((found) => reply(200, JSON.stringify(found)), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/drag' || !isDragRequest(body)) {
        reply(404, 'POST /drag {view, from, to}, POST /webview {selector}, POST /menu {view, row}, POST /palette {text}, POST /text {selector}, POST /focus {focused} or POST /key {key}');
        return;
      }
      drag(page, body).then(() => reply(200, 'dragged'), (error: unknown) => reply(500, error instanceof Error ? error.message : String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setPage: (opened) => (page = opened),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
