/**
 * The page of the site preview webview: the rendered site inside an `<iframe sandbox="">` (no scripts, no
 * forms, no navigation of the page), under a CSP that allows inline styles and `data:` images only and no
 * frame, font, media or connection anywhere. The site's HTML is not cleaned: nothing in it can run or load.
 * No `vscode` import (unit-tested).
 */
import { escapeHtml } from '../text/html';
import { SCRIPT_FREE_CSP, type ScriptFreeDocument } from './shared/scriptFreeDocument';

/** The script-free policy, and no frame inside the preview's own sandboxed frame. */
export const PREVIEW_CSP = `${SCRIPT_FREE_CSP}; frame-src 'none'`;

/** The site's HTML with its CSS added as a `<style>` element (at the end of <head> when there is one). */
export function siteDocument(html: string, css: string): string {
  if (!css) return html;
  const style = `<style>${css}</style>`;
  const head = /<\/head\s*>/i.exec(html);
  return head ? `${html.slice(0, head.index)}${style}${html.slice(head.index)}` : `${style}${html}`;
}

export function previewPage(title: string, html: string, css: string): ScriptFreeDocument {
  const csp = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8">${csp}<title>${escapeHtml(title)}</title>`,
    '<style>html,body{margin:0;height:100%;background:#fff}iframe{border:0;width:100%;height:100%;display:block}</style>',
    '</head><body>',
    // The frame's document inherits the CSP above; sandbox="" takes away scripts, forms, popups and top navigation.
    `<iframe sandbox="" referrerpolicy="no-referrer" title="${escapeHtml(title)}" srcdoc="${escapeHtml(`${csp}${siteDocument(html, css)}`)}"></iframe>`,
    '</body></html>',
  ].join('') as ScriptFreeDocument;
}
