import * as vscode from 'vscode';

/** The Remote - SSH extension, which "Open in Remote-SSH" hands a node's host to. */
export const REMOTE_SSH_EXTENSION = 'ms-vscode-remote.remote-ssh';

/**
 * Keeps the context key `panelOps.remoteSsh.installed` true while the Remote - SSH extension is installed,
 * so a node's menu offers "Open in Remote-SSH" only then (set at activation: the node commands load later).
 */
export function registerRemoteSshContext(): vscode.Disposable {
  const publish = () => void vscode.commands.executeCommand('setContext', 'panelOps.remoteSsh.installed', vscode.extensions.getExtension(REMOTE_SSH_EXTENSION) !== undefined);
  publish();
  return vscode.extensions.onDidChange(publish);
}
