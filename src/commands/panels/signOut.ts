import * as vscode from 'vscode';
import type { SavedPanels } from '../../connection/savedPanels';
import type { PanelSession } from '../../connection/panelSession';
import { withoutBack, type UserInput } from '../../prompts/userInput';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * "Sign Out": deletes the panel's token from SecretStorage and forgets the panel; asks which panel when
 * several are connected (the active one first).
 */
export function registerSignOutCommand(session: PanelSession, store: SavedPanels, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.signOut', async () => {
    const panels = await store.connected();
    if (panels.length <= 1) {
      await session.signOut();
      return;
    }
    const active = session.active?.url;
    const picked = withoutBack(await input.pick({
      title: vscode.l10n.t('Sign Out'),
      placeholder: vscode.l10n.t('Panel whose token to delete from this machine'),
      items: [...panels]
        .sort((a, b) => Number(b.url === active) - Number(a.url === active))
        .map((record) => ({ label: record.name, description: record.url, url: record.url })),
    }));
    if (picked) await session.signOut(picked.url);
  });
}
