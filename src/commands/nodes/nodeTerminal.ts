import { homedir } from 'node:os';
import * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { UserInput } from '../../prompts/userInput';
import { panelWithLevel } from '../../runner/guard';
import { plainLabel } from '../../text/plainText';
import type { NodeOnPanel } from '../../webviews/logs';
import { nodeArgument } from './nodeArgument';
import { nodeName } from './nodeActionSupport';
import { REMOTE_SSH_EXTENSION } from './remoteSshContext';
import { remoteSshAuthority, sshCommandLine, sshSettingsFor, sshTarget, type SshTarget } from './sshTarget';
import { sshUntilRead } from './sshUntilRead';
import { registerPanelCommand } from '../registerPanelCommand';

type ReadyTarget = Extract<SshTarget, { kind: 'ready' }>;

/**
 * The panel's SSH settings for its nodes: `panelOps.ssh.user`, `.port` and `.identityFile` for every panel,
 * overridden per panel by `panelOps.ssh.panels` (keyed by the panel's address or display name). The
 * settings are machine-scoped: a workspace cannot point ssh elsewhere.
 */
function settingsOf(panel: PanelRef | undefined) {
  const ssh = vscode.workspace.getConfiguration('panelOps.ssh');
  const defaults = { user: ssh.get<unknown>('user'), port: ssh.get<unknown>('port'), identityFile: ssh.get<unknown>('identityFile') };
  return sshSettingsFor(defaults, ssh.get<unknown>('panels'), panel ?? { url: '', name: '' });
}

/** Where ssh goes for the node, or undefined after saying why it cannot (no host, or a value refused). */
function targetOf(panels: PanelStoresLookup, input: UserInput, chosen: NodeOnPanel): ReadyTarget | undefined {
  const name = nodeName(chosen.node);
  const target = sshTarget(chosen.node, settingsOf(panels.get(chosen.panelId)?.ref), homedir());
  switch (target.kind) {
    case 'ready':
      return target;
    case 'noHost':
      void input.notify('info', vscode.l10n.t('The panel gives no host name or address for node "{0}", so there is nothing to connect to.', name));
      return undefined;
    case 'refused': {
      const value = plainLabel(target.value, 80);
      const told = {
        host: () => vscode.l10n.t('The host the panel gives for node "{0}" ({1}) is not a host name or IP address, so it is not passed to ssh.', name, value),
        user: () => vscode.l10n.t('The SSH user "{0}" in panelOps.ssh settings can only hold letters, digits and . _ @ - (and cannot start with -).', value),
        port: () => vscode.l10n.t('The SSH port {0} in panelOps.ssh settings is not a port (1 to 65535).', value),
        identityFile: () => vscode.l10n.t('The identity file in panelOps.ssh settings holds control characters; set a plain path.'),
      }[target.what]();
      void input.notify('error', told);
      return undefined;
    }
  }
}

/**
 * Open SSH Terminal: VS Code's integrated terminal running `ssh`, its arguments as a list: the node's host
 * as the panel gives it, the panel's SSH user, port and identity file. The extension sends nothing to the
 * node; the terminal is the operator's own session. VS Code closes a terminal whose process ends within its
 * first moments and keeps only a notification of the exit code, so ssh's own error (a name that does not
 * resolve, a refused port) would never be readable: on a POSIX system ssh runs under `sh`
 * (`sshUntilRead`), which keeps a failed session's output and its exit status on screen until Enter.
 */
async function openTerminal(panels: PanelStoresLookup, input: UserInput, argument: unknown): Promise<vscode.Terminal | undefined> {
  const chosen = await nodeArgument(argument, panels, input, vscode.l10n.t('Open SSH Terminal'));
  if (!chosen) return undefined;
  const target = targetOf(panels, input, chosen);
  if (!target) return undefined;
  const panel = panels.get(chosen.panelId)?.ref;
  const launch = process.platform === 'win32'
    ? { shellPath: 'ssh', shellArgs: [...target.args] }
    : sshUntilRead(target.args, vscode.l10n.t('ssh ended with exit status {0}. Press Enter to close this terminal.', '{0}'));
  const terminal = vscode.window.createTerminal({
    name: vscode.l10n.t('SSH {0} · {1}', nodeName(chosen.node), panel ? panelWithLevel(panel) : plainLabel(chosen.panelId, 60)),
    ...launch,
    iconPath: new vscode.ThemeIcon('terminal'),
    ...(panel?.color ? { color: new vscode.ThemeColor(panel.color) } : {}),
  });
  terminal.show();
  return terminal;
}

/** Copy SSH Command: the same ssh command, each argument quoted for a POSIX shell, on the clipboard. */
async function copyCommand(panels: PanelStoresLookup, input: UserInput, argument: unknown): Promise<string | undefined> {
  const chosen = await nodeArgument(argument, panels, input, vscode.l10n.t('Copy SSH Command'));
  if (!chosen) return undefined;
  const target = targetOf(panels, input, chosen);
  if (!target) return undefined;
  const command = sshCommandLine(target.args);
  await vscode.env.clipboard.writeText(command);
  void input.notify('info', vscode.l10n.t('Copied the SSH command of "{0}": {1}', nodeName(chosen.node), command));
  return command;
}

/** Open in Remote-SSH: a new window connected to the node through the Remote-SSH extension, when it is installed. */
async function openRemote(panels: PanelStoresLookup, input: UserInput, argument: unknown): Promise<string | undefined> {
  if (!vscode.extensions.getExtension(REMOTE_SSH_EXTENSION)) {
    void input.notify('info', vscode.l10n.t('Open in Remote-SSH needs the Remote - SSH extension ({0}); Open SSH Terminal works without it.', REMOTE_SSH_EXTENSION));
    return undefined;
  }
  const chosen = await nodeArgument(argument, panels, input, vscode.l10n.t('Open in Remote-SSH'));
  if (!chosen) return undefined;
  const target = targetOf(panels, input, chosen);
  if (!target) return undefined;
  const remoteAuthority = remoteSshAuthority(target);
  if (target.identityFile) {
    void input.notify('info', vscode.l10n.t('Remote-SSH takes the identity file from your SSH config: add "IdentityFile {0}" for host {1} there if it is not yet.', target.identityFile, target.host));
  }
  await vscode.commands.executeCommand('vscode.newWindow', { remoteAuthority, reuseWindow: false });
  return remoteAuthority;
}

/** "Open SSH Terminal", "Copy SSH Command" and "Open in Remote-SSH" on a node. */
export function registerNodeTerminal(panels: PanelStoresLookup, input: UserInput): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.openSshTerminal', (item?: unknown) => openTerminal(panels, input, item)),
    registerPanelCommand('panelOps.nodes.copySshCommand', (item?: unknown) => copyCommand(panels, input, item)),
    registerPanelCommand('panelOps.nodes.openInRemoteSsh', (item?: unknown) => openRemote(panels, input, item)),
  );
}
