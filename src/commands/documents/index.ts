import type * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerPanelDocuments } from './panelDocuments';

/** Panel documents opened as files: a node's blocklist, web policy and reliability, settings, a branding profile. */
export function registerDocumentCommands({ session, log, input, panels }: Services): vscode.Disposable {
  return registerPanelDocuments({ session, log, input, panels });
}
