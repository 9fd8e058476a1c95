import * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerPreviewSubscriptionPage } from './previewSubscriptionPage';
import { registerSendTestNotification } from './sendTestNotification';

/** The panel settings' commands (the settings document itself opens through the documents group). */
export function registerSettingsCommands({ session, log, input, panels, webviews }: Services): vscode.Disposable {
  return vscode.Disposable.from(registerPreviewSubscriptionPage({ session, log, input, panels }, webviews().host), registerSendTestNotification({ session, log, input, panels }));
}
