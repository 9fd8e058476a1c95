import * as vscode from 'vscode';
import type { QrViews } from '../../webviews/qr';
import { userArgument } from './userArgument';
import { registerPanelCommand } from '../registerPanelCommand';

/** `panelOps.users.showQr`: a user's QR codes and links in a webview tab (run on a user item). */
export function registerShowQr(views: QrViews): vscode.Disposable {
  return registerPanelCommand('panelOps.users.showQr', (item?: unknown) => {
    const target = userArgument(item);
    if (target) views.show(target);
  });
}
