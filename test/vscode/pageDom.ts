// What a person sees in a webview page: the launcher's UI driver (test/launch/ui-driver.ts) reads the
// elements of the active editor's webview in the real workbench. Without the driver (another launcher)
// the tests that need it are skipped.
import * as assert from 'node:assert/strict';

export interface PageElement {
  readonly text: string;
  readonly title: string;
  /** Inside the page's width (not cut off to the right). */
  readonly inView: boolean;
  /** Its `dir` attribute ('' without one). */
  readonly dir: string;
  /** The direction it is laid out in (computed `direction`: `ltr` or `rtl`). */
  readonly direction: string;
  /** Its letters (no spaces) in the order they are drawn on screen from left to right, line by line. */
  readonly leftToRight: string;
}

export function uiDriver(): string | undefined {
  return process.env.PANEL_OPS_UI_DRIVER;
}

/** The elements matching `selector` in the active webview page, once `ready(elements)` holds. */
export async function pageElements(selector: string, ready: (elements: PageElement[]) => boolean = (elements) => elements.length > 0): Promise<PageElement[]> {
  const driver = uiDriver();
  assert.ok(driver, 'the UI driver runs');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await fetch(`${driver}/webview`, { method: 'POST', body: JSON.stringify({ selector }) });
    const text = await answer.text();
    assert.equal(answer.status, 200, text);
    const elements = JSON.parse(text) as PageElement[];
    if (ready(elements)) return elements;
    if (Date.now() > deadline) assert.fail(`the page does not show ${selector} as expected: ${text.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
