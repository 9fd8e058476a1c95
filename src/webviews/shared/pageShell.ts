/**
 * The one Content-Security-Policy builder of every webview, and the page shell of the scripted pages: a
 * static HTML shell with the policy, the page's scripts and styles, and an empty body that the script fills.
 * Panel data never goes into this HTML: it reaches the page as JSON messages and the script inserts it as
 * text. Script-free pages (HTML from the panel) take their policy from the same builder
 * (scriptFreeDocument.ts). No `vscode` import (unit-tested in plain Node).
 */
import { escapeHtml } from '../../text/html';
import { plainLabel } from '../../text/plainText';
import { textDirection } from '../../text/bidi';

/** What a page needs to load; everything else is refused (`default-src 'none'`). */
export interface PageNeeds {
  /**
   * `webview.cspSource`: the origin of the page's own files under `dist/webview/` (the only local resource
   * root of a webview): style sheets, images, fonts, and the script chunks its module imports. A page
   * without it loads nothing by URL.
   */
  readonly resources?: string;
  /**
   * Scripts run only with this nonce (no inline script, no eval), plus the chunks the nonced module
   * imports from `resources`. Without a nonce the page runs no script.
   */
  readonly scriptNonce?: string;
  /** `<style>` elements and style attributes: only for script-free pages showing the panel's HTML. */
  readonly inlineStyles?: boolean;
  /** Images as `data:` URLs (QR codes, an image before upload, images in the panel's HTML). */
  readonly dataImages?: boolean;
}

/**
 * `default-src 'none'` and the sources `needs` names: scripts with the nonce and module chunks from the
 * resource origin; styles, images and fonts from the resource origin; inline styles and `data:` images
 * when asked. Never `'unsafe-eval'`, never inline script, no connections, frames, objects, forms or base URL.
 */
export function contentSecurityPolicy(needs: PageNeeds): string {
  const { resources, scriptNonce } = needs;
  if (scriptNonce !== undefined && !/^[A-Za-z0-9+/=]+$/.test(scriptNonce)) throw new Error('A CSP nonce is base64.');
  const directive = (name: string, sources: readonly (string | false | undefined)[]) => {
    const kept = sources.filter((source): source is string => typeof source === 'string' && source !== '');
    return kept.length > 0 ? [`${name} ${kept.join(' ')}`] : [];
  };
  return [
    "default-src 'none'",
    ...directive('script-src', scriptNonce === undefined ? [] : [`'nonce-${scriptNonce}'`, resources]),
    ...directive('style-src', [resources, needs.inlineStyles && "'unsafe-inline'"]),
    ...directive('img-src', [resources, needs.dataImages && 'data:']),
    ...directive('font-src', [resources]),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export interface PageShellOptions {
  /** `webview.cspSource`: the only origin scripts, styles, images and fonts may come from. */
  readonly cspSource: string;
  /** A fresh value for every page (see `newNonce`). */
  readonly nonce: string;
  /** The document title; may come from the panel (a node name), so it is made plain and escaped. */
  readonly title: string;
  /**
   * `asWebviewUri` of the page's scripts, run in this order: the policy report (a classic script), then the
   * page's module. Without any the page runs no script at all.
   */
  readonly scripts?: { readonly policyReport: string; readonly module: string };
  /** `asWebviewUri` of the page's style sheets. */
  readonly styleUris?: readonly string[];
  /**
   * VS Code's display language (`vscode.env.language`): the page's `lang`, which its script formats numbers
   * and dates in, and its `dir`: `rtl` for a language written right to left (Persian, Arabic, Hebrew…), so
   * the page is laid out mirrored (the style sheets use logical properties only).
   */
  readonly language?: string;
}

export function pageShell(options: PageShellOptions): string {
  const { cspSource, nonce, scripts, styleUris = [] } = options;
  const attribute = (value: string) => escapeHtml(value);
  const policy = contentSecurityPolicy({ resources: cspSource, scriptNonce: scripts && nonce, dataImages: true });
  // The report comes before the style sheets so that it sees their violations too.
  const report = scripts ? `    <script nonce="${attribute(nonce)}" src="${attribute(scripts.policyReport)}"></script>\n` : '';
  const styles = styleUris.map((uri) => `    <link rel="stylesheet" href="${attribute(uri)}">\n`).join('');
  const language = options.language?.trim() || 'en';
  const module = scripts ? `    <script type="module" nonce="${attribute(nonce)}" src="${attribute(scripts.module)}"></script>\n` : '';
  return `<!DOCTYPE html>
<html lang="${attribute(language)}" dir="${textDirection(language)}">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${attribute(policy)}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>${escapeHtml(plainLabel(options.title, 200))}</title>
${report}${styles}  </head>
  <body>
    <main id="root"></main>
${module}  </body>
</html>
`;
}
