import * as vscode from 'vscode';
import { locate } from '../../editors/panelUri';
import type { HistoryEntry, TemplateHistory } from '../../editors/templateHistoryStorage';
import { plainLabel, untrustedMarkdown } from '../../text/untrustedText';
import { MessageItem } from '../shared/messageItem';
import { relativeTime } from '../../text/relativeTime';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { markedForPanel, onProtectionChange } from '../shared/protectionMarks';
import type { PanelRef, PanelSession } from '../../connection/panelSession';

/** One saved-over version of the open template file: opens as a diff against the current text; Restore saves it again. */
export class TemplateVersionItem extends vscode.TreeItem {
  constructor(readonly entry: HistoryEntry, readonly uri: vscode.Uri) {
    super(entry.version === undefined ? vscode.l10n.t('unversioned') : vscode.l10n.t('version {0}', plainLabel(String(entry.version), 40)), vscode.TreeItemCollapsibleState.None);
    const who = entry.updatedBy ? plainLabel(entry.updatedBy, 60) : vscode.l10n.t('unknown author');
    const when = entry.updatedAt ?? entry.replacedAt;
    this.description = `${who}, ${relativeTime(when, Date.now(), vscode.l10n.t)}`;
    this.iconPath = new vscode.ThemeIcon('history');
    this.contextValue = 'templateVersion';
    this.tooltip = untrustedMarkdown()
      .field(vscode.l10n.t('Version'), entry.version ?? '?')
      .field(vscode.l10n.t('Made by'), entry.updatedBy)
      .field(vscode.l10n.t('Made at'), entry.updatedAt)
      .field(vscode.l10n.t('Replaced by a save from this machine at'), entry.replacedAt)
      .build();
    this.command = { command: 'panelOps.templateHistory.compare', title: vscode.l10n.t('Compare with Current'), arguments: [this] };
  }
}

/**
 * The Template History view (beside the Explorer's Timeline): the versions of the active editor's template
 * file that saves from this machine replaced, newest first, with who made them and when.
 */
export class TemplateHistoryProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private current: vscode.Uri | undefined;

  constructor(private readonly history: TemplateHistory, private readonly panelOf: (panelId: string) => PanelRef | undefined = () => undefined) {
    this.current = this.followed(vscode.window.activeTextEditor);
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        const next = this.followed(editor);
        if (next?.toString() === this.current?.toString()) return;
        this.current = next;
        this.changed.fire(undefined);
      }),
      history.onDidChange(() => this.changed.fire(undefined)),
    ];
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  async getChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element) return [];
    const uri = this.current;
    const location = uri && locate(uri);
    if (!uri || location?.path.kind !== 'templateFile') return [new MessageItem(vscode.l10n.t('Open a panel template to see its saved versions'))];
    const entries = await this.history.list(location.panelId, location.path.templateId, location.path.file);
    if (entries.length === 0) return [new MessageItem(vscode.l10n.t('No saved versions yet: each save from this machine keeps the one it replaces'))];
    // Restore saves to the template's panel: hidden (read-only suffix) when that panel is read-only.
    return entries.map((entry) => markedForPanel(new TemplateVersionItem(entry, uri), this.panelOf(location.panelId)));
  }

  /** Lists the versions again (Restore follows the panel's protection level). */
  refresh(): void {
    this.changed.fire(undefined);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }

  private followed(editor: vscode.TextEditor | undefined): vscode.Uri | undefined {
    const uri = editor?.document.uri;
    return uri && locate(uri)?.path.kind === 'templateFile' ? uri : this.current;
  }
}

export type TemplateHistoryView = DisposableTreeView<TemplateHistoryProvider>;

export function registerTemplateHistoryView(history: TemplateHistory, session: PanelSession): TemplateHistoryView {
  const provider = new TemplateHistoryProvider(history, (panelId) => session.panel(panelId));
  const view = vscode.window.createTreeView('panelOps.templateHistory', { treeDataProvider: provider });
  return disposableTreeView(provider, view, [onProtectionChange(session, () => provider.refresh())]);
}
