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
 * A webview that runs no script: scripts, forms and command links disabled, no local resources, the
 * script-free policy first in the document. For HTML from the panel and images before upload.
 */
export function openScriptFreePage(spec: ScriptFreePageSpec): vscode.WebviewPanel {
  const panel = vscode.window.createWebviewPanel(
    spec.viewType,
    plainLabel(spec.title, 100),
    spec.beside ? { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true } : vscode.ViewColumn.Active,
    { enableScripts: false, enableForms: false, enableCommandUris: false, localResourceRoots: [] },
  );
  panel.webview.html = scriptFreeDocument(spec.title, spec.html);
  return panel;
}
