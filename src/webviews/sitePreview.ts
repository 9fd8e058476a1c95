import * as vscode from 'vscode';
import { plainLabel } from '../text/plainText';
import { scriptFreePanel } from './shared/scriptFreePage';
import { previewPage } from './sitePreviewPage';

/**
 * Shows a rendered cover site in a webview that runs no script at all (a script-free panel: no scripts,
 * forms or local resources) and loads nothing from the network (the page's Content-Security-Policy, see
 * sitePreviewPage.ts). Given the panel of an earlier preview that is still open, shows the new rendering
 * there instead of opening another.
 */
export function showSitePreview(title: string, html: string, css: string, reuse?: vscode.WebviewPanel): vscode.WebviewPanel {
  const panel = scriptFreePanel('panelOps.sitePreview', title, true, reuse);
  panel.webview.html = previewPage(plainLabel(title, 80), html, css);
  return panel;
}
