/**
 * Documents for the webviews that show HTML made by the panel (the subscription page, a branding preview,
 * an image before upload). They run no script at all: the webview is created with scripts disabled and the
 * document starts with a policy that allows inline styles and `data:` images only, so nothing is loaded
 * from any origin (no scripts, frames, fonts, style sheets or images by URL), no form is sent and no base
 * URL is set. The panel's HTML is not cleaned: nothing in it can run or load. No `vscode` import.
 */
import { escapeHtml } from '../../text/html';
import { plainLabel } from '../../text/plainText';
import { contentSecurityPolicy } from './pageShell';

/** The policy of the page builder for a page with no script and no resource origin: inline styles and data: images. */
export const SCRIPT_FREE_CSP = contentSecurityPolicy({ inlineStyles: true, dataImages: true });

/** A whole page that runs no script, its script-free policy first: made only here and by the site preview's page. */
export type ScriptFreeDocument = string & { readonly scriptFreeDocument: true };

/**
 * `html` (a whole document or a fragment) behind the policy. The policy's `<meta>` comes first, so the
 * parser puts it in the head before anything of the panel's; a meta policy applies to all that follows,
 * and a second policy in the panel's HTML can only restrict further.
 */
export function scriptFreeDocument(title: string, html: string): ScriptFreeDocument {
  return `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(SCRIPT_FREE_CSP)}"><meta charset="utf-8"><title>${escapeHtml(plainLabel(title, 200))}</title>\n${html}` as ScriptFreeDocument;
}

/** CSS from the panel inside our `<style>`: `<` is written as its CSS escape so `</style>` cannot end it. */
export function styleText(css: string): string {
  return css.replace(/</g, '\\3c ');
}
