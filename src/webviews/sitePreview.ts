import * as vscode from 'vscode';
import { plainLabel } from '../text/plainText';
import { previewPage } from './sitePreviewPage';

/**
 * Shows a rendered cover site in a webview that runs no script at all (`enableScripts: false`, no forms,
 * no local resources) and loads nothing from the network (see sitePreviewPage.ts). Given the panel of an
 * earlier preview that is still open, shows the new rendering there instead of opening another.
 */
export function showSitePreview(title: string, html: string, css: string, reuse?: vscode.WebviewPanel): vscode.WebviewPanel {
  const shown = plainLabel(title, 80);
  let panel = reuse;
  try {
    if (panel) panel.title = shown;
  } catch {
    panel = undefined; // disposed meanwhile
  }
  panel ??= vscode.window.createWebviewPanel('panelOps.sitePreview', shown, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
    enableScripts: false,
    enableForms: false,
    enableCommandUris: false,
    localResourceRoots: [],
  });
  panel.webview.html = previewPage(shown, html, css);
  return panel;
}
