/**
 * The page every webview loads: a static HTML shell with a Content-Security-Policy, the webview's script and
 * styles, and an empty body that the script fills. Panel data never goes into this HTML: it reaches the page
 * as JSON messages and the script inserts it as text. No `vscode` import (unit-tested in plain Node).
 */
import { escapeHtml } from '../../text/html';
import { plainLabel } from '../../text/plainText';

export interface PageShellOptions {
  /** `webview.cspSource`: the only origin scripts, styles, images and fonts may come from. */
  readonly cspSource: string;
  /** A fresh value for every page (see `newNonce`). */
  readonly nonce: string;
  /** The document title; may come from the panel (a node name), so it is made plain and escaped. */
  readonly title: string;
  /** `asWebviewUri` of the page's script; without one the page runs no script at all. */
  readonly scriptUri?: string;
  /** `asWebviewUri` of the page's style sheets. */
  readonly styleUris?: readonly string[];
}

/**
 * `default-src 'none'`; scripts only with the page's nonce (no inline script, no eval); styles, images and
 * fonts only from the webview's resource origin (images also as data: URLs, for QR codes); no connections,
 * frames, forms or base URL.
 */
export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function pageShell(options: PageShellOptions): string {
  const { cspSource, nonce, scriptUri, styleUris = [] } = options;
  const attribute = (value: string) => escapeHtml(value);
  const styles = styleUris.map((uri) => `    <link rel="stylesheet" href="${attribute(uri)}">`).join('\n');
  const script = scriptUri ? `    <script nonce="${attribute(nonce)}" src="${attribute(scriptUri)}"></script>\n` : '';
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${attribute(contentSecurityPolicy(cspSource, nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>${escapeHtml(plainLabel(options.title, 200))}</title>
${styles}
  </head>
  <body>
    <main id="root"></main>
${script}  </body>
</html>
`;
}
