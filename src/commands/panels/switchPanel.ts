import * as vscode from 'vscode';
import type { SavedPanels } from '../../connection/savedPanels';
import type { PanelSession } from '../../connection/panelSession';
import { withoutBack, type UserInput } from '../../prompts/userInput';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Switch Panel…": a quick pick of the connected panels, plus connecting another one. */
export function registerSwitchPanelCommand(session: PanelSession, store: SavedPanels, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.switchPanel', async () => {
    const panels = await store.connected();
    const connectAnother = { label: `$(plus) ${vscode.l10n.t('Connect to another panel…')}`, url: undefined };
    const picked = withoutBack(await input.pick({
      title: vscode.l10n.t('Switch Panel'),
      placeholder: vscode.l10n.t('Panel to show in the views'),
      items: [
        ...panels.map((record) => ({
          label: record.name,
          description: record.url,
          detail: record.url === session.active?.url ? vscode.l10n.t('active') : undefined,
          url: record.url,
        })),
        connectAnother,
      ],
    }));
    if (!picked) return;
    if (picked.url === undefined) await vscode.commands.executeCommand('panelOps.connect');
    else await session.switchTo(picked.url);
  });
}
