import * as vscode from 'vscode';
import { plainLabel } from '../text/plainText';
import { previewPage } from './sitePreviewPage';

/**
 * Shows a rendered cover site in a webview that runs no script at all (`enableScripts: false`, no forms,
 * no local resources) and loads nothing from the network (see sitePreviewPage.ts).
 */
export function showSitePreview(title: string, html: string, css: string): vscode.WebviewPanel {
  const shown = plainLabel(title, 80);
  const panel = vscode.window.createWebviewPanel('panelOps.sitePreview', shown, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
    enableScripts: false,
    enableForms: false,
    enableCommandUris: false,
    localResourceRoots: [],
  });
  panel.webview.html = previewPage(shown, html, css);
  return panel;
}
