import * as vscode from 'vscode';
import type { ViewSession } from '../../state/panelStores';
import type { OnePanelTree } from '../shared/panelsTree';
import { BRANDING_FIELDS } from '../../state/brandingModel';
import type { BrandingStore } from '../../state/brandingStore';
import { ErrorItem } from '../shared/errorItem';
import { MessageItem } from '../shared/messageItem';
import { stableIds } from '../shared/stableIds';
import { stateItems } from '../shared/viewMessages';
import { BrandingAssetItem, BrandingFieldItem, BrandingProfileItem } from './brandingItems';
import { itemContextValue } from '../../connection/protectionLevel';
import { numberText } from '../../text/displayLanguage';

/**
 * The Branding view of ONE panel: its branding profiles from its branding store, the active one marked,
 * each with its nine fields and its assets. Loads when first shown; follows the store after every change.
 */
export class BrandingPanelTree implements OnePanelTree {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  /** The profile items shown, by profile id, so a change of one profile redraws its item only. */
  private readonly itemsById = new Map<string, BrandingProfileItem>();

  constructor(private readonly session: ViewSession, private readonly store: BrandingStore) {
    this.subscriptions = [store.onDidChange((change) => {
      if (change.kind === 'item') this.showProfile(change.id);
      else this.redrawAll();
    })];
  }

  /** One profile's fields changed in the store: its item (and its fields, when expanded) shows the new copy. */
  private showProfile(id: string): void {
    const item = this.itemsById.get(id);
    const held = this.store.held;
    const profile = held.kind === 'loaded' ? held.profiles.find((candidate) => candidate.id === id) : undefined;
    if (!item || !profile || held.kind !== 'loaded') {
      this.redrawAll();
      return;
    }
    item.show(profile, held.live);
    this.changed.fire(item);
  }

  private redrawAll(): void {
    this.itemsById.clear();
    this.changed.fire(undefined);
  }

  refreshItem(item: vscode.TreeItem): void {
    this.changed.fire(item);
  }

  parent(): vscode.TreeItem | undefined {
    return undefined;
  }

  async refresh(): Promise<void> {
    await this.store.refresh();
  }

  async children(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element instanceof BrandingProfileItem) {
      const editable = itemContextValue(element.contextValue, 'open') !== 'brandingProfile.live' && this.session.capabilities.can('branding.profiles.update');
      return [
        ...BRANDING_FIELDS.map((field) => new BrandingFieldItem(element.profile, field, element.panelId, editable)),
        ...element.profile.assets.map((asset) => new BrandingAssetItem(element.profile, asset, element.panelId)),
      ];
    }
    if (element) return [];
    const blocked = stateItems(this.session, 'branding.profiles.list');
    if (blocked) return blocked;
    if (this.store.held.kind === 'idle') await this.store.load();
    const snapshot = this.store.held;
    if (snapshot.kind === 'idle') return stateItems(this.session, 'branding.profiles.list') ?? [];
    if (snapshot.kind === 'failed') {
      return stateItems(this.session, 'branding.profiles.list') ?? [new ErrorItem(snapshot.error, () => void this.store.refresh())];
    }
    const ids = stableIds(`branding/${snapshot.panelId}${snapshot.live ? '/live' : ''}`, snapshot.profiles.map((profile) => profile.id));
    const items = snapshot.profiles.map((profile, index) => new BrandingProfileItem(profile, ids[index], snapshot.panelId, snapshot.live));
    this.itemsById.clear();
    for (const item of items) this.itemsById.set(item.profile.id, item);
    const nodes: vscode.TreeItem[] = [...items];
    if (nodes.length === 0) {
      nodes.push(new MessageItem(snapshot.live ? vscode.l10n.t('No online node reported a profile') : vscode.l10n.t('No branding profiles')));
    }
    if (snapshot.unreadable > 0) nodes.push(new MessageItem(vscode.l10n.t('{0} profile(s) in the answer could not be read', numberText(snapshot.unreadable)), 'warning'));
    return nodes;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
