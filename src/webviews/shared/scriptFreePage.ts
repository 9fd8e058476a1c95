import * as vscode from 'vscode';
import { plainLabel } from '../../text/plainText';
import { scriptFreeDocument } from './scriptFreeDocument';

export interface ScriptFreePageSpec {
  readonly viewType: string;
  readonly title: string;
  /** The document's HTML (may be the panel's); see scriptFreeDocument for what keeps it inert. */
  readonly html: string;
  /** Beside the editor (previews) or in the active column. */
  readonly beside?: boolean;
}

/**
 * A webview panel that runs no script: scripts, forms and command links disabled, no local resources.
 * Its HTML must start with a script-free Content-Security-Policy (scriptFreeDocument, or the site
 * preview's page). Reuses `reuse` when that panel is still open.
 */
export function scriptFreePanel(viewType: string, title: string, beside: boolean, reuse?: vscode.WebviewPanel): vscode.WebviewPanel {
  const shown = plainLabel(title, 100);
  try {
    if (reuse) {
      reuse.title = shown;
      return reuse;
    }
  } catch {
    // disposed meanwhile: open a new one
  }
  return vscode.window.createWebviewPanel(
    viewType,
    shown,
    beside ? { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true } : vscode.ViewColumn.Active,
    { enableScripts: false, enableForms: false, enableCommandUris: false, localResourceRoots: [] },
  );
}

/** For HTML from the panel and images before upload: the document behind the script-free policy. */
export function openScriptFreePage(spec: ScriptFreePageSpec): vscode.WebviewPanel {
  const panel = scriptFreePanel(spec.viewType, spec.title, spec.beside ?? false);
  panel.webview.html = scriptFreeDocument(spec.title, spec.html);
  return panel;
}
