import * as vscode from 'vscode';
import { protectionWord } from '../connection/connectPrompts';
import type { PanelSession } from '../connection/panelSession';
import { whenChanged } from '../connection/whenChanged';
import { plainLabel } from '../text/plainText';
import { locate } from './panelUri';

/**
 * Marks the tabs and Explorer entries of a protected or read-only panel's documents (`P`, `RO`), in the
 * panel's colour when it has one, with the panel's name and level as tooltip: an editor shows which panel
 * a save goes to. Documents of an open panel without a colour are left as they are.
 */
export class PanelDocumentMarks implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly session: PanelSession) {
    const looks = () => session.connectedPanels().map((panel) => `${panel.id}=${panel.protection}/${panel.color ?? ''}/${panel.name}`).join('\n');
    this.subscriptions = [whenChanged(session.onDidChange, looks, () => this.changed.fire(undefined)), vscode.window.registerFileDecorationProvider(this)];
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const location = locate(uri);
    const panel = location && this.session.panel(location.panelId);
    if (!panel || (panel.protection === 'open' && !panel.color)) return undefined;
    const badge = panel.protection === 'readOnly' ? 'RO' : panel.protection === 'protected' ? 'P' : undefined;
    const decoration = new vscode.FileDecoration(badge, vscode.l10n.t('Panel "{0}" ({1})', plainLabel(panel.name, 80), protectionWord(panel.protection)), panel.color ? new vscode.ThemeColor(panel.color) : undefined);
    decoration.propagate = false;
    return decoration;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
