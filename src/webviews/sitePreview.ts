import type * as vscode from 'vscode';
import { plainLabel } from '../text/plainText';
import type { WebviewHost } from './shared/webviewHost';
import { previewPage } from './sitePreviewPage';

/**
 * Shows a rendered cover site in a webview that runs no script at all (a script-free page of the host: no
 * scripts, forms or local resources) and loads nothing from the network (the page's Content-Security-Policy,
 * see sitePreviewPage.ts). Given the panel of an earlier preview that is still open, shows the new rendering
 * there instead of opening another.
 */
export function showSitePreview(host: WebviewHost, title: string, html: string, css: string, reuse?: vscode.WebviewPanel): vscode.WebviewPanel {
  return host.openScriptFree({ viewType: 'panelOps.sitePreview', title, beside: true, reuse, document: previewPage(plainLabel(title, 80), html, css) });
}
