import * as vscode from 'vscode';
import type { ConnectDependencies } from '../../connection/connectFlow';
import { connectFlow } from './connectCode';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Connect to Panel…": prompts for URL, token, scopes and name, checks them with one read, and saves. */
export function registerConnectCommand(deps: ConnectDependencies): vscode.Disposable {
  return registerPanelCommand('panelOps.connect', async () => {
    await connectFlow().connectInteractively(deps);
  });
}
