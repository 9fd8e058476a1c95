import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import { whenChanged } from '../connection/whenChanged';
import { plainLabel } from '../text/plainText';
import { locate, PANEL_SCHEME } from './panelUri';

/**
 * The first line of every document of a read-only panel says so, in the sentence the guard says when a
 * change is refused: the tab's lock alone does not say why typing does nothing, nor how to change it. The
 * lens runs Set Protection Level… on that panel. Follows the panels' levels as they change.
 */
export class ReadOnlyPanelLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly session: Pick<PanelSession, 'panel' | 'connectedPanels' | 'onDidChange'>) {
    const levels = () => session.connectedPanels().map((panel) => `${panel.id}=${panel.protection}/${panel.name}`).join('\n');
    this.subscriptions = [
      whenChanged(session.onDidChange, levels, () => this.changed.fire()),
      vscode.languages.registerCodeLensProvider({ scheme: PANEL_SCHEME }, this),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const location = locate(document.uri);
    const panel = location && this.session.panel(location.panelId);
    // A record (node.json, user.json, alert.json: what the fleet to-do opens) is read-only on every panel.
    if (!location || panel?.protection !== 'readOnly' || location.path.kind === 'record') return [];
    const title = vscode.l10n.t('$(lock) "{0}" is read-only in Panel Ops. To edit, change its level: Set Protection Level…', plainLabel(panel.name, 80));
    return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title, command: 'panelOps.setProtection', arguments: [{ panelId: panel.id }] })];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
