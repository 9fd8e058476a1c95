import * as vscode from 'vscode';
import type { PanelStore } from '../connection/panelStore';
import type { PanelSession } from '../connection/panelSession';

/**
 * "Sign Out": deletes the panel's token from SecretStorage and forgets the panel. With `{ url }` it signs
 * out of that panel without asking; otherwise it asks which panel when several are connected.
 */
export function registerSignOutCommand(session: PanelSession, store: PanelStore): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.signOut', async (args?: unknown) => {
    const given = typeof args === 'object' && args !== null ? (args as { url?: unknown }).url : undefined;
    if (typeof given === 'string') {
      await session.signOut(given);
      return;
    }
    const panels = await store.connected();
    if (panels.length <= 1) {
      await session.signOut();
      return;
    }
    const active = session.active?.url;
    const picked = await vscode.window.showQuickPick(
      [...panels]
        .sort((a, b) => Number(b.url === active) - Number(a.url === active))
        .map((record) => ({ label: record.name, description: record.url, url: record.url })),
      { title: vscode.l10n.t('Sign Out'), placeHolder: vscode.l10n.t('Panel whose token to delete from this machine') },
    );
    if (picked) await session.signOut(picked.url);
  });
}
