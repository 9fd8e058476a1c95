import * as vscode from 'vscode';
import { parseSiteTemplates, type SiteTemplateList } from '../../state/siteTemplatesModel';
import type { PanelSession } from '../../connection/panelSession';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import { stableIds } from '../shared/stableIds';
import { stateItems } from '../shared/viewMessages';
import { SiteTemplateItem } from './siteTemplateItem';
import { SingleFlightLoad } from '../../state/singleFlightLoad';

type Loaded = { readonly kind: 'loaded'; readonly panelId: string; readonly list: SiteTemplateList } | { readonly kind: 'failed'; readonly error: unknown };

/**
 * Every site template of the active panel; loads when first shown and on refresh. A refresh or a change of
 * panel cancels the load in flight (its request included), so the view shows the answer of the newest one.
 */
export class SiteTemplatesTreeProvider implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private loaded: Loaded | undefined;
  private readonly loading = new SingleFlightLoad<void>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: PanelSession) {
    this.subscription = session.onDidChangePanel(['siteTemplates.list'], () => this.refresh());
  }

  /** Forgets what was loaded (cancelling a load in flight) and shows the view again, which loads. */
  refresh(): void {
    this.loading.cancel();
    this.loaded = undefined;
    this.changed.fire(undefined);
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    return element;
  }

  async getChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element) return [];
    const blocked = stateItems(this.session, 'siteTemplates.list');
    if (blocked) return blocked;
    if (!this.loaded) await this.load();
    const loaded = this.loaded;
    if (!loaded) return stateItems(this.session, 'siteTemplates.list') ?? [];
    if (loaded.kind === 'failed') {
      return stateItems(this.session, 'siteTemplates.list') ?? [new ErrorItem(loaded.error, () => this.refresh())];
    }
    const ids = stableIds('siteTemplates', loaded.list.templates.map((template) => template.id));
    const nodes: vscode.TreeItem[] = loaded.list.templates.map((template, index) => new SiteTemplateItem(template, ids[index], loaded.panelId));
    if (nodes.length === 0) nodes.push(new MessageItem(vscode.l10n.t('No site templates')));
    if (loaded.list.unreadable > 0) {
      nodes.push(new MessageItem(vscode.l10n.t('{0} template(s) in the answer could not be read', loaded.list.unreadable), 'warning'));
    }
    return nodes;
  }

  dispose(): void {
    this.loading.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }

  private load(): Promise<void> {
    return this.loading.run(async (token) => {
      let result: Loaded;
      const panelId = this.session.active?.id ?? '';
      try {
        const response = await this.session.callOn(panelId, (api, signal) => api.siteTemplates.list({ signal }), token);
        result = { kind: 'loaded', panelId, list: parseSiteTemplates(response) };
      } catch (error) {
        result = { kind: 'failed', error };
      }
      if (!token.isCancellationRequested) this.loaded = result;
    });
  }
}
