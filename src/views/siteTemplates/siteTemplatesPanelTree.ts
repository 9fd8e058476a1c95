import * as vscode from 'vscode';
import type { ViewSession } from '../../state/panelStores';
import type { SiteTemplatesStore } from '../../state/siteTemplatesStore';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import { stableIds } from '../shared/stableIds';
import { stateItems } from '../shared/viewMessages';
import { SiteTemplateItem } from './siteTemplateItem';
import type { OnePanelTree } from '../shared/panelsTree';
import { numberText } from '../../text/displayLanguage';

/**
 * The Site templates view of ONE panel: every template as the panel's site-templates store holds them: the
 * store reads the list when the view is first shown and on refresh (a refresh cancels the read in flight, so the view shows the
 * newest answer, and redraws what changed). A template created, customized or deleted changes one item, without reading the list again.
 */
export class SiteTemplatesPanelTree implements OnePanelTree {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The items shown, by template id (the panel's), so a change of one template redraws its item only. */
  private readonly items = new Map<string, SiteTemplateItem>();
  private readonly subscriptions: { dispose(): unknown }[];

  constructor(private readonly session: ViewSession, private readonly store: SiteTemplatesStore) {
    this.subscriptions = [
      store.onDidChange((change) => {
        if (change.kind !== 'item') {
          this.redraw();
          return;
        }
        const item = this.items.get(change.id);
        const template = store.get(change.id);
        if (!item || !template) return;
        item.show(template);
        this.changed.fire(item);
      }),
    ];
  }

  /** Reads the list again (cancelling a read in flight); the view follows what changed. */
  async refresh(): Promise<void> {
    await this.store.refresh();
  }

  parent(): vscode.TreeItem | undefined {
    return undefined;
  }

  /** Redraws one item, or all. */
  refreshItem(item?: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  async children(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element) return [];
    const blocked = stateItems(this.session, 'siteTemplates.list');
    if (blocked) return blocked;
    const panelId = this.session.panel?.id ?? '';
    const loaded = await this.store.load();
    if (!loaded) return stateItems(this.session, 'siteTemplates.list') ?? [];
    if (loaded.kind === 'failed') {
      return stateItems(this.session, 'siteTemplates.list') ?? [new ErrorItem(loaded.error, () => this.refresh())];
    }
    const ids = stableIds('siteTemplates', loaded.templates.map((template) => template.id));
    const kept = new Map(this.items);
    this.items.clear();
    const nodes: vscode.TreeItem[] = loaded.templates.map((template, index) => {
      const previous = template.id === undefined ? undefined : kept.get(template.id);
      const item = previous?.id === ids[index] && previous.panelId === panelId ? previous : new SiteTemplateItem(template, ids[index], panelId);
      item.show(template);
      if (template.id !== undefined && !this.items.has(template.id)) this.items.set(template.id, item);
      return item;
    });
    if (nodes.length === 0) nodes.push(new MessageItem(vscode.l10n.t('No site templates')));
    if (loaded.unreadable > 0) {
      nodes.push(new MessageItem(vscode.l10n.t('{0} template(s) in the answer could not be read', numberText(loaded.unreadable)), 'warning'));
    }
    return nodes;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }

  /** The root's members changed: VS Code asks for them again, answered from the store. */
  private redraw(): void {
    this.changed.fire(undefined);
  }
}
