import * as vscode from 'vscode';
import type { PanelRef, PanelSession } from '../../connection/panelSession';
import type { PanelStoreSet, StoresFor } from '../../state/panelStores';
import type { AllPanelsMode } from './allPanelsMode';
import { PanelItem } from './panelItem';

/** A tree of one panel's data: what a view shows for that panel, root first. */
export interface PanelTree extends vscode.Disposable {
  readonly onDidChangeTreeData: vscode.Event<vscode.TreeItem | undefined>;
  /** The panel's children (root when `element` is undefined), as the view shows them for one panel. */
  panelChildren(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]>;
  /** The parent of an item within the panel's tree (undefined at its root). */
  panelParent(element: vscode.TreeItem): vscode.TreeItem | undefined;
}

export interface FleetTreeOptions<P extends PanelTree> {
  readonly session: PanelSession;
  readonly mode: AllPanelsMode;
  readonly storesFor: StoresFor;
  /** Prefix of the panel items' ids ("nodes"): each view's panel items differ. */
  readonly viewKey: string;
  /** The view's own provider: it shows the active panel. */
  readonly own: P;
  /** A provider of the same kind for another connected panel, on that panel's stores. */
  readonly create: (stores: PanelStoreSet) => P;
  /** What the panel item says besides the name (health, alerts), from that panel's stores. */
  readonly summary: (stores: PanelStoreSet) => string | undefined;
  /** Redraws an element of the view (undefined: all of it). */
  readonly fire: (element: vscode.TreeItem | undefined) => void;
  /** Subscribes to what changes a panel's summary. */
  readonly watch?: (stores: PanelStoreSet, changed: () => void) => vscode.Disposable[];
}

/**
 * All connected panels side by side in one view: each a `PanelItem` at the root, under it what the view
 * shows for that panel. The active panel's subtree is the view's own provider (on the stores every command
 * updates); each other panel has a provider of the same kind on its own stores (`storesFor`), created on
 * first display and dropped when panels change. Items of other panels get their panel item's id as a
 * prefix, so ids stay unique across panels; one panel's failure shows under its own item only.
 */
export class FleetTree<P extends PanelTree> implements vscode.Disposable {
  private readonly others = new Map<string, { readonly tree: P; readonly subscriptions: vscode.Disposable[] }>();
  private readonly items = new Map<string, PanelItem>();
  /** Which panel an item shown in all-panels mode belongs to. */
  private readonly panelOfItem = new WeakMap<vscode.TreeItem, string>();
  private readonly subscriptions: vscode.Disposable[];
  private activeId: string | undefined;
  private ownWatch: vscode.Disposable[] = [];

  constructor(private readonly options: FleetTreeOptions<P>) {
    this.activeId = options.session.active?.id;
    this.subscriptions = [
      options.mode.onDidChange(() => this.startOver()),
      options.session.onDidChange(() => {
        const panels = options.session.connectedPanels().map((panel) => panel.id).join('\n');
        if (options.session.active?.id !== this.activeId || panels !== [...this.items.keys()].join('\n')) {
          this.activeId = options.session.active?.id;
          if (this.enabled) this.startOver();
          return;
        }
        for (const item of this.items.values()) this.describe(item);
      }),
    ];
  }

  get enabled(): boolean {
    return this.options.mode.enabled && this.options.session.active !== undefined;
  }

  /** Whether all-panels mode answers for this element (the root, a panel item, or any item under one). */
  handles(element: vscode.TreeItem | undefined): boolean {
    if (!this.enabled) return false;
    return element === undefined || element instanceof PanelItem || this.panelOfItem.has(element);
  }

  /** The panel an item belongs to in all-panels mode; undefined in active-panel mode or for unknown items. */
  panelOf(element: vscode.TreeItem): string | undefined {
    if (element instanceof PanelItem) return element.panelId;
    return this.panelOfItem.get(element);
  }

  /** The connected panel an item belongs to: its own in all-panels mode, else the active one. */
  panelRefOf(element: vscode.TreeItem): PanelRef | undefined {
    const panelId = this.panelOf(element) ?? this.options.session.active?.id;
    return panelId === undefined ? undefined : this.options.session.panel(panelId);
  }

  /** The provider that shows this item: the view's own for the active panel, another panel's otherwise. */
  ownerOf(element: vscode.TreeItem): P {
    const panelId = this.panelOf(element);
    return (panelId && this.others.get(panelId)?.tree) || this.options.own;
  }

  /** The provider of another panel (undefined for the active panel, or one not shown). */
  treeOf(panelId: string): P | undefined {
    return this.others.get(panelId)?.tree;
  }

  /** The providers of the other panels shown now. */
  otherTrees(): P[] {
    return [...this.others.values()].map((entry) => entry.tree);
  }

  /** The panel item of a panel, once shown. */
  panelItem(panelId: string): PanelItem | undefined {
    return this.items.get(panelId);
  }

  /**
   * Shows a panel's subtree to reveal an item in it (Go to User…, Go to Node…, a deep link, a notification's
   * action) without switching the active panel: the root and the panel item's children are read, so the
   * items under it carry the panel's prefix and parents. Resolves with the provider showing that panel
   * (the view's own for the active one), undefined when the panel is not shown.
   */
  async openPanel(panelId: string): Promise<P | undefined> {
    if (!this.enabled) return undefined;
    if (!this.items.has(panelId)) await this.children();
    const item = this.items.get(panelId);
    if (!item) return undefined;
    await this.children(item);
    return this.treeFor(panelId);
  }

  async children(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (!element) return this.root();
    const panelId = this.panelOf(element);
    if (!panelId) return [];
    const tree = this.treeFor(panelId);
    if (!tree) return [];
    const children = (await tree.panelChildren(element instanceof PanelItem ? undefined : element)) ?? [];
    const prefix = panelId === this.options.session.active?.id ? undefined : `${this.items.get(panelId)?.id ?? panelId}/`;
    for (const child of children) {
      if (prefix && child.id !== undefined && !child.id.startsWith(prefix)) child.id = `${prefix}${child.id}`;
      this.panelOfItem.set(child, panelId);
    }
    if (element instanceof PanelItem) this.describe(element);
    return children;
  }

  parent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (element instanceof PanelItem) return undefined;
    const panelId = this.panelOf(element);
    if (!panelId) return undefined;
    return this.ownerOf(element).panelParent(element) ?? this.items.get(panelId);
  }

  dispose(): void {
    this.dropOthers();
    for (const subscription of [...this.subscriptions, ...this.ownWatch]) subscription.dispose();
  }

  private root(): vscode.TreeItem[] {
    const { session } = this.options;
    const activeId = session.active?.id;
    const kept = new Map(this.items);
    this.items.clear();
    for (const panel of session.connectedPanels()) {
      const item = kept.get(panel.id) ?? new PanelItem(panel, this.options.viewKey, panel.id === activeId);
      item.panel = panel; // its level and colour as chosen now
      this.items.set(panel.id, item);
      const stores = this.options.storesFor(panel.id);
      item.showState(session.stateOf(panel.id), stores && this.options.summary(stores));
    }
    if (this.ownWatch.length === 0 && activeId) {
      const stores = this.options.storesFor(activeId);
      if (stores) this.ownWatch = this.options.watch?.(stores, () => this.describeAll()) ?? [];
    }
    return [...this.items.values()];
  }

  private treeFor(panelId: string): P | undefined {
    if (panelId === this.options.session.active?.id) return this.options.own;
    let entry = this.others.get(panelId);
    if (!entry) {
      const stores = this.options.storesFor(panelId);
      if (!stores) return undefined;
      const tree = this.options.create(stores);
      const subscriptions = [
        tree.onDidChangeTreeData((element) => this.options.fire(element ?? this.items.get(panelId))),
        ...(this.options.watch?.(stores, () => { const item = this.items.get(panelId); if (item) this.describe(item); }) ?? []),
      ];
      entry = { tree, subscriptions };
      this.others.set(panelId, entry);
    }
    return entry.tree;
  }

  private describeAll(): void {
    for (const item of this.items.values()) this.describe(item);
  }

  /** Updates a panel item's description; redraws it when it changed. */
  private describe(item: PanelItem): void {
    item.panel = this.options.session.panel(item.panelId) ?? item.panel;
    const stores = this.options.storesFor(item.panelId);
    const state = this.options.session.stateOf(item.panelId);
    if (item.showState(state, stores && this.options.summary(stores))) this.options.fire(item);
  }

  private startOver(): void {
    this.dropOthers();
    for (const subscription of this.ownWatch) subscription.dispose();
    this.ownWatch = [];
    this.items.clear();
    this.options.fire(undefined);
  }

  private dropOthers(): void {
    for (const { tree, subscriptions } of this.others.values()) {
      for (const subscription of subscriptions) subscription.dispose();
      tree.dispose();
    }
    this.others.clear();
  }
}
