import * as vscode from 'vscode';
import {
  connectInteractively, connectWithArguments, isConnectArguments, type ConnectDependencies,
} from '../connection/connectFlow';

/**
 * "Connect to Panel…": prompts for URL, token, scopes and name. With an argument
 * `{ url, token, name?, preset?, scopes? }` it connects without prompts and throws on failure.
 */
export function registerConnectCommand(deps: ConnectDependencies): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.connect', async (args?: unknown) => {
    if (isConnectArguments(args)) {
      await connectWithArguments(deps, args);
      return;
    }
    await connectInteractively(deps);
  });
}
