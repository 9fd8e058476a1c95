/**
 * HTML escaping for the few places the extension writes markup itself (a webview's page shell). Panel data
 * never goes through here into a page: webviews receive it as JSON messages and insert it as text. No
 * `vscode` import (unit-tested).
 */

import { textOf } from './plainText';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text made safe inside an HTML element or a quoted attribute value. null/undefined -> ''. */
export function escapeHtml(value: unknown): string {
  const text = textOf(value);
  return text.replace(/[&<>"'`]/g, (character) => HTML_ESCAPES[character]);
}
