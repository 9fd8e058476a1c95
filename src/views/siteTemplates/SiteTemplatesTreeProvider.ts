import * as vscode from 'vscode';
import type { ViewSession } from '../../state/panelStores';
import type { SiteTemplatesStore } from '../../state/siteTemplatesStore';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import { stableIds } from '../shared/stableIds';
import { stateItems } from '../shared/viewMessages';
import { SiteTemplateItem } from './siteTemplateItem';
import type { FleetTree, PanelTree } from '../fleet/fleetTree';
import { markedForPanel } from '../shared/protectionMarks';

/**
 * Every site template of the active panel, as the site-templates store holds them: the store reads the list
 * when the view is first shown and on refresh (a refresh cancels the read in flight, so the view shows the
 * newest answer). A template created, customized or deleted changes one item, without reading the list again.
 */
export class SiteTemplatesTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, PanelTree {
  /** All connected panels side by side, when that mode is on (set by `registerSiteTemplatesView`). */
  fleet: FleetTree<SiteTemplatesTreeProvider> | undefined;
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The items shown, by template id (the panel's), so a change of one template redraws its item only. */
  private readonly items = new Map<string, SiteTemplateItem>();
  private readonly subscriptions: { dispose(): unknown }[];

  constructor(private readonly session: ViewSession, private readonly store: SiteTemplatesStore) {
    this.subscriptions = [
      store.onDidReset(() => this.redraw()),
      store.onDidChangeList((panelId) => {
        if (panelId === this.session.active?.id) this.redraw();
      }),
      store.onDidChangeTemplate(({ panelId, id }) => {
        const item = this.items.get(id);
        const template = store.template(panelId, id);
        if (!item || !template || item.panelId !== panelId) return;
        item.show(template);
        this.changed.fire(item);
      }),
    ];
  }

  /** Forgets what was loaded (cancelling a load in flight) and shows the view again, which loads. */
  refresh(): void {
    if (this.fleet?.enabled) for (const other of this.fleet.otherTrees()) other.refresh();
    const panel = this.session.active;
    if (panel) this.store.refresh(panel.id);
    else this.redraw();
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    // Items of a read-only panel carry the suffix that hides write actions (the item's own panel).
    return markedForPanel(element, this.fleet ? this.fleet.panelRefOf(element) : this.session.active);
  }

  getChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (this.fleet?.handles(element)) return this.fleet.children(element);
    return this.panelChildren(element);
  }

  getParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    return this.fleet?.handles(element) ? this.fleet.parent(element) : undefined;
  }

  panelParent(): vscode.TreeItem | undefined {
    return undefined;
  }

  /** Redraws one item, or all. */
  refreshItem(item?: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  async panelChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element) return [];
    const blocked = stateItems(this.session, 'siteTemplates.list');
    if (blocked) return blocked;
    const panelId = this.session.active?.id ?? '';
    const loaded = await this.store.load(panelId);
    if (!loaded || panelId !== this.session.active?.id) return stateItems(this.session, 'siteTemplates.list') ?? [];
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
      nodes.push(new MessageItem(vscode.l10n.t('{0} template(s) in the answer could not be read', loaded.unreadable), 'warning'));
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
