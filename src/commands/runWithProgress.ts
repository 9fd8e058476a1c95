import * as vscode from 'vscode';
import { describeError } from '../text/describeError';

/**
 * Runs an editor command's work under cancellable progress in the notification area and turns a failure
 * into one error message (the panel's reason, made plain). Resolves undefined when it failed or was cancelled.
 */
export async function runWithProgress<T>(title: string, work: (token: vscode.CancellationToken) => Promise<T>): Promise<T | undefined> {
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => work(token));
  } catch (error) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} failed: {1}', title, describeError(error)));
    return undefined;
  }
}

/** Opens a template's file in a kept (non-preview) editor. */
export async function showTemplateFile(uri: vscode.Uri): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(uri, { preview: false });
}
