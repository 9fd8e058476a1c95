import * as vscode from 'vscode';
import type { ConnectDependencies } from '../../connection/connectFlow';
import { connectFlow } from './connectCode';
import type { SavedPanels } from '../../connection/savedPanels';
import type { PanelRef } from '../../connection/panelSession';
import { plainLabel } from '../../text/plainText';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * Asks for a new token for the active panel, or for the connected panel `panelId` (a rejected token's item
 * in all-panels mode), keeping its URL, name and scopes as defaults.
 */
async function reconnect(deps: ConnectDependencies, store: SavedPanels, panelId?: unknown): Promise<void> {
  const panel = (typeof panelId === 'string' ? deps.session.panel(panelId) : undefined) ?? deps.session.active;
  if (!panel) {
    await connectFlow().connectInteractively(deps);
    return;
  }
  const record = store.record(panel.url);
  await connectFlow().connectInteractively(
    deps,
    {
      url: panel.url, name: panel.name, preset: record?.preset, scopes: record ? [...record.scopes] : undefined, trustedCertificate: record?.trustedCertificate,
      protection: record?.protection, kept: { color: record?.color, chatTools: record?.chatTools },
    },
    true,
  );
}

/**
 * "Reconnect with a New Token…", and the one prompt shown when the panel rejects the token (the session
 * fires once per rejection, so failing views do not stack prompts). `onDidShowPrompt` lets tests count it.
 */
export function registerReconnect(deps: ConnectDependencies, store: SavedPanels): vscode.Disposable & { readonly onDidShowPrompt: vscode.Event<PanelRef> } {
  const shown = new vscode.EventEmitter<PanelRef>();
  const enterToken = vscode.l10n.t('Enter New Token');
  const signOut = vscode.l10n.t('Sign Out');
  const subscriptions = [
    shown,
    registerPanelCommand('panelOps.reconnect', (panelId?: unknown) => reconnect(deps, store, panelId)),
    deps.session.onDidRejectToken((panel) => {
      const answer = deps.input.notify(
        'warning',
        plainLabel(vscode.l10n.t('The panel "{0}" rejected the token: it is invalid, expired or revoked. Enter a new token to continue.', panel.name), 1000),
        enterToken,
        signOut,
      );
      shown.fire(panel);
      void answer.then((choice) => {
        if (deps.session.active?.url !== panel.url) return;
        if (choice === enterToken) void reconnect(deps, store);
        else if (choice === signOut) void deps.session.signOut(panel.url);
      });
    }),
  ];
  return {
    onDidShowPrompt: shown.event,
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
    },
  };
}
