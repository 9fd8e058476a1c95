/**
 * HTML escaping for the few places the extension writes markup itself (a webview's page shell). Panel data
 * never goes through here into a page: webviews receive it as JSON messages and insert it as text. No
 * `vscode` import (unit-tested).
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Text made safe inside an HTML element or a quoted attribute value. null/undefined -> ''. */
export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(/[&<>"'`]/g, (character) => HTML_ESCAPES[character]);
}

/**
 * JSON for a `<script type="application/json">` data island or an attribute: `<`, `>`, `&` and the two line
 * separators JavaScript treats as line ends are written as \u escapes, so `</script>` in a value cannot close
 * the element and nothing in it can be read as markup.
 */
export function jsonForHtml(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
