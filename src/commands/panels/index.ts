import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID, PanelAuthenticationProvider } from '../../connection/authenticationProvider';
import type { ConnectDependencies } from '../../connection/connectFlow';
import type { PanelRef } from '../../connection/panelSession';
import { runWithProgress } from '../../runner/actionRunner';
import type { Services } from '../../services';
import { registerConnectCommand } from './connect';
import { connectFlow } from './connectCode';
import { registerForgetTrustedCertificateCommand } from './forgetTrustedCertificate';
import { registerReconnect } from './reconnect';
import { registerSetAccessGatewayCommand } from './setAccessGateway';
import { registerRefreshAllCommand } from './refreshAll';
import { registerShowLogCommand } from './showLog';
import { registerSignOutCommand } from './signOut';
import { registerSwitchPanelCommand } from './switchPanel';
import { registerAllPanelsCommands } from './allPanels';
import { registerPanelChoices } from './panelChoices';

/** The connection's commands (loaded at activation), with the Accounts menu entry and the reconnect prompt. */
export interface PanelCommands extends vscode.Disposable {
  /** Fires when the "token rejected" prompt is shown (tests count it). */
  readonly onDidShowReconnectPrompt: vscode.Event<PanelRef>;
}

export function registerPanelCommands({ session, savedPanels: store, input, log, clientOptions, views, panels }: Services): PanelCommands {
  const connectDeps: ConnectDependencies = { session, clientOptions, input, runWithProgress, storedGateway: (url) => store.gateway(url) };
  const reconnect = registerReconnect(connectDeps, store);
  const authentication = new PanelAuthenticationProvider(store, () => connectFlow().connectInteractively(connectDeps), (url) => session.signOut(url));
  const registered = vscode.Disposable.from(
    reconnect,
    authentication,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Panel Ops', authentication, { supportsMultipleAccounts: true }),
    registerConnectCommand(connectDeps),
    registerSwitchPanelCommand(session, store, input),
    registerSignOutCommand(session, store, input),
    registerForgetTrustedCertificateCommand(session, store, input),
    registerSetAccessGatewayCommand(connectDeps, store),
    registerRefreshAllCommand(panels, () => [...new Set([views.nodes.provider, views.users.provider, views.alerts.provider, views.siteTemplates.provider, views.branding.provider].flatMap((provider) => provider.shownPanels))], log),
    registerShowLogCommand(log),
    registerAllPanelsCommands(views.allPanels),
    registerPanelChoices(session, input),
  );
  return { onDidShowReconnectPrompt: reconnect.onDidShowPrompt, dispose: () => { registered.dispose(); } };
}
