import * as vscode from 'vscode';
import type { PanelRef, PanelSession } from '../../connection/panelSession';
import type { PanelStoreSet, PanelStoresLookup } from '../../state/panelStores';
import type { AllPanelsMode } from './allPanelsMode';
import { PanelItem } from './panelItem';
import { markedForPanel } from './protectionMarks';

/**
 * What a view shows of ONE panel, root first, on that panel's stores: it knows nothing of other panels.
 * Each view (nodes, users, alerts, site templates, branding) supplies one; `PanelsTree` shows it.
 */
export interface OnePanelTree extends vscode.Disposable {
  /** An item of this panel changed (undefined: the panel's whole tree). */
  readonly onDidChangeTreeData: vscode.Event<vscode.TreeItem | undefined>;
  /** The children of an item of this panel (the panel's root when `element` is undefined). */
  children(element?: vscode.TreeItem): vscode.ProviderResult<vscode.TreeItem[]>;
  /** The parent of an item within this panel's tree (undefined at its root). */
  parent(element: vscode.TreeItem): vscode.TreeItem | undefined;
  /** Reads one item again, or the whole panel's tree. */
  refresh(element?: vscode.TreeItem): void | Promise<void>;
}

export interface PanelsTreeOptions<T extends OnePanelTree> {
  readonly session: Pick<PanelSession, 'active' | 'panel' | 'connectedPanels' | 'stateOf' | 'onDidChange'>;
  readonly panels: Pick<PanelStoresLookup, 'get'>;
  /** Whether the view shows every connected panel or the active one. */
  readonly mode: Pick<AllPanelsMode, 'enabled' | 'onDidChange'>;
  /**
   * The view's key ("nodes"): its id is `panelOps.<key>` (a reveal shows a hidden view by it), and its panel
   * items' ids start with it, so each view's panel items differ.
   */
  readonly viewKey: string;
  /** The view's tree of one panel, on that panel's stores. */
  readonly create: (stores: PanelStoreSet) => T;
  /** What the panel item says besides the name (health, alerts), from that panel's stores. */
  readonly summary?: (stores: PanelStoreSet) => string | undefined;
  /** Subscribes to what changes a panel's summary. */
  readonly watch?: (stores: PanelStoreSet, changed: () => void) => vscode.Disposable[];
}

/**
 * The one provider of a view: a tree over the connected panels. With one panel shown (one connected, or the
 * operator chose the active panel only) the view shows that panel's tree flat; with several, each is a
 * `PanelItem` at the root with its panel's tree under it. Each panel's tree is created on first display on
 * that panel's stores and kept while the panel is connected, so switching panels reads nothing again. Items
 * shown under a panel item get that item's id as a prefix, so ids stay unique across panels, and one
 * panel's failure shows under its own item only.
 */
export class PanelsTree<T extends OnePanelTree> implements vscode.TreeDataProvider<vscode.TreeItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.TreeItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly trees = new Map<string, { readonly tree: T; readonly subscriptions: vscode.Disposable[] }>();
  private readonly items = new Map<string, PanelItem>();
  /** Which panel an item belongs to. */
  private readonly panelOfItem = new WeakMap<vscode.TreeItem, string>();
  private readonly subscriptions: vscode.Disposable[];
  private shownKey: string;
  /** Redraws of the whole view asked of VS Code (a switch of panel, a change of the panel shown flat)… */
  private redrawsAsked = 0;
  /** …the last of them the view has read back (its read of the root, begun after it, answered)… */
  private redrawsRead = 0;
  /** …and the view's reads of the root not answered yet (a panel's first read goes to the panel). */
  private rootReads = 0;
  private readonly rootRead = new vscode.EventEmitter<void>();
  /** Reveals begun: a reveal tries again only while it is the latest. */
  private reveals = 0;

  constructor(protected readonly options: PanelsTreeOptions<T>) {
    this.shownKey = this.shownPanelsKey();
    this.subscriptions = [
      options.mode.onDidChange(() => this.shownChanged()),
      options.session.onDidChange(() => {
        this.dropDisconnected();
        if (this.shownPanelsKey() !== this.shownKey) {
          this.shownChanged();
          return;
        }
        for (const item of this.items.values()) this.describe(item);
      }),
    ];
  }

  /** Whether the view shows every connected panel, each under its panel item. */
  get showsAll(): boolean {
    return this.options.mode.enabled && this.options.session.active !== undefined;
  }

  /** The panels the view shows now, in order. */
  get shownPanels(): string[] {
    const { session } = this.options;
    if (this.showsAll) return session.connectedPanels().map((panel) => panel.id);
    return session.active ? [session.active.id] : [];
  }

  /** The panel an item belongs to (undefined for an item this view never showed). */
  panelOf(element: vscode.TreeItem): string | undefined {
    if (element instanceof PanelItem) return element.panelId;
    return this.panelOfItem.get(element);
  }

  /** The connected panel an item belongs to. */
  panelRefOf(element: vscode.TreeItem): PanelRef | undefined {
    const panelId = this.panelOf(element);
    return panelId === undefined ? undefined : this.options.session.panel(panelId);
  }

  /** The tree of a connected panel (created on first use), whether the view shows it now or not. */
  treeOf(panelId: string): T | undefined {
    let entry = this.trees.get(panelId);
    if (!entry) {
      const stores = this.options.panels.get(panelId);
      if (!stores) return undefined;
      const tree = this.options.create(stores);
      const subscriptions = [
        tree.onDidChangeTreeData((element) => this.forward(panelId, element)),
        ...(this.options.watch?.(stores, () => { const item = this.items.get(panelId); if (item) this.describe(item); }) ?? []),
      ];
      entry = { tree, subscriptions };
      this.trees.set(panelId, entry);
    }
    return entry.tree;
  }

  /** Whether a panel's tree was made. */
  hasTree(panelId: string): boolean {
    return this.trees.has(panelId);
  }

  /** The trees of the panels shown now. */
  shownTrees(): T[] {
    return this.shownPanels.map((panelId) => this.treeOf(panelId)).filter((tree): tree is T => tree !== undefined);
  }

  /** The panel item of a panel, once shown. */
  panelItem(panelId: string): PanelItem | undefined {
    return this.items.get(panelId);
  }

  /**
   * Reads the view down to a panel's tree, to reveal an item in it (Go to User…, Go to Node…, a deep link,
   * a notification's action) without switching the active panel: the root and, with several panels, the
   * panel item's children, so the items under it carry their ids and parents. Resolves with that panel's
   * tree, undefined when the view does not show the panel.
   */
  async openPanel(panelId: string): Promise<T | undefined> {
    if (!this.shownPanels.includes(panelId)) return undefined;
    const root = await this.readChildren();
    if (this.showsAll) {
      const item = root.find((candidate) => candidate instanceof PanelItem && candidate.panelId === panelId);
      if (!item) return undefined;
      await this.readChildren(item);
    }
    return this.treeOf(panelId);
  }

  /** Whether the view has read back every whole-view redraw this tree asked for, and no read of the root is under way. */
  private get drawn(): boolean {
    return this.redrawsRead >= this.redrawsAsked && this.rootReads === 0;
  }

  /**
   * Resolves once `view` is shown and has drawn what this tree asked it to redraw as a whole (a switch of
   * panel, the panel shown flat read for the first time): its read of the root begun after the last such
   * change answered, and no read of the root under way. After `timeoutMs` at the most.
   */
  settled(view: vscode.TreeView<vscode.TreeItem>, timeoutMs = 5000): Promise<void> {
    const isSettled = () => view.visible && this.drawn;
    if (isSettled()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const subscription of subscriptions) subscription.dispose();
        resolve();
      };
      const check = () => { if (isSettled()) done(); };
      const timer = setTimeout(done, timeoutMs);
      const subscriptions = [this.rootRead.event(check), view.onDidChangeVisibility(check)];
    });
  }

  /**
   * Shows an item of this tree selected in `view` (Go to User…, Go to Node…, a deep link, a notification's
   * action), once, after the view has drawn the redraw that a switch of panel or the panel's first read
   * asked for: otherwise that redraw can land after the reveal and drop the selection. A hidden view holds
   * such a redraw until it is shown (which the reveal would do): it is shown first, and drawn.
   */
  async reveal(view: vscode.TreeView<vscode.TreeItem>, item: vscode.TreeItem, options: { select?: boolean; focus?: boolean; expand?: boolean | number }): Promise<void> {
    // On a busy machine the workbench can still drop a reveal that lands while it redraws (VS Code 1.117
    // logs "Data tree node not found"): a selection that did not take is revealed again, twice at most,
    // unless a later reveal began, the panels shown changed or something else was selected meanwhile: a
    // late retry would take the selection from what the operator went to since.
    const reveal = ++this.reveals;
    const shown = this.shownKey;
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && (reveal !== this.reveals || shown !== this.shownKey)) return;
      if (!this.drawn) {
        if (!view.visible) await vscode.commands.executeCommand(`panelOps.${this.options.viewKey}.focus`);
        await this.settled(view);
      }
      try {
        await view.reveal(item, options);
      } catch (error) {
        if (attempt >= REVEAL_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, REVEAL_RETRY_MS));
        continue;
      }
      if (!options.select || attempt >= REVEAL_ATTEMPTS || await selectionTakes(view, item) !== 'not yet') return;
    }
  }

  getTreeItem(element: vscode.TreeItem): vscode.TreeItem {
    // Items of a read-only panel carry the suffix that hides write actions (the item's own panel).
    return markedForPanel(element, this.panelRefOf(element));
  }

  /** What the view reads (VS Code's calls): a read of the root counts as the view having drawn what it was asked to. */
  async getChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (element) return this.readChildren(element);
    const asked = this.redrawsAsked;
    this.rootReads++;
    try {
      return await this.readChildren();
    } finally {
      this.rootReads--;
      this.redrawsRead = Math.max(this.redrawsRead, asked);
      this.rootRead.fire();
    }
  }

  /** The children of an item (the root when undefined) as the view gets them, read by the extension itself (to reveal an item). */
  async readChildren(element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (!element) {
      if (this.showsAll) return this.root();
      const activeId = this.options.session.active?.id;
      return activeId === undefined ? [] : this.childrenIn(activeId, undefined);
    }
    const panelId = this.panelOf(element);
    if (panelId === undefined) return [];
    const children = await this.childrenIn(panelId, element instanceof PanelItem ? undefined : element);
    if (element instanceof PanelItem) this.describe(element);
    return children;
  }

  getParent(element: vscode.TreeItem): vscode.TreeItem | undefined {
    if (element instanceof PanelItem) return undefined;
    const panelId = this.panelOf(element);
    if (panelId === undefined) return undefined;
    return this.trees.get(panelId)?.tree.parent(element) ?? (this.showsAll ? this.items.get(panelId) : undefined);
  }

  /** Reads an item again in its panel's tree (a panel item: that panel's tree), or every panel shown. */
  async refresh(element?: vscode.TreeItem): Promise<void> {
    if (!element) {
      await Promise.all(this.shownTrees().map((tree) => Promise.resolve(tree.refresh())));
      return;
    }
    // An item not shown yet (a node's section never expanded) belongs to the panel it names, else the active one.
    const panelId = this.panelOf(element) ?? panelNamedBy(element) ?? this.options.session.active?.id;
    if (panelId !== undefined) await this.treeOf(panelId)?.refresh(element instanceof PanelItem ? undefined : element);
  }

  /** Redraws one item (an action's temporary state), or the whole view. */
  refreshItem(item?: vscode.TreeItem): void {
    if (item) this.changed.fire(item);
    else this.redrawAll();
  }

  dispose(): void {
    for (const { tree, subscriptions } of this.trees.values()) {
      for (const subscription of subscriptions) subscription.dispose();
      tree.dispose();
    }
    this.trees.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.rootRead.dispose();
  }

  private async childrenIn(panelId: string, element: vscode.TreeItem | undefined): Promise<vscode.TreeItem[]> {
    const tree = this.treeOf(panelId);
    if (!tree) return [];
    const children = (await tree.children(element)) ?? [];
    const prefix = this.showsAll ? `${this.items.get(panelId)?.id ?? panelId}/` : undefined;
    for (const child of children) {
      if (prefix && child.id !== undefined && !child.id.startsWith(prefix)) child.id = `${prefix}${child.id}`;
      this.panelOfItem.set(child, panelId);
    }
    return children;
  }

  private root(): vscode.TreeItem[] {
    const { session } = this.options;
    const activeId = session.active?.id;
    const kept = new Map(this.items);
    this.items.clear();
    for (const panel of session.connectedPanels()) {
      const previous = kept.get(panel.id);
      const item = previous && previous.active === (panel.id === activeId) ? previous : new PanelItem(panel, this.options.viewKey, panel.id === activeId);
      item.panel = panel; // its level and colour as chosen now
      this.items.set(panel.id, item);
      this.treeOf(panel.id); // its summary follows its stores from now on
      const stores = this.options.panels.get(panel.id);
      item.showState(session.stateOf(panel.id), stores && this.options.summary?.(stores));
    }
    return [...this.items.values()];
  }

  /** A panel's tree changed: redraw what the view shows of it (nothing when the panel is not shown). */
  private forward(panelId: string, element: vscode.TreeItem | undefined): void {
    if (!this.shownPanels.includes(panelId)) return;
    if (element) {
      this.changed.fire(element);
      return;
    }
    const item = this.showsAll ? this.items.get(panelId) : undefined;
    if (item) this.changed.fire(item);
    else this.redrawAll();
  }

  /** Asks the view to read everything again (counted: a reveal waits until it has). */
  private redrawAll(): void {
    this.redrawsAsked++;
    this.changed.fire(undefined);
  }

  /** Updates a panel item's description; redraws it when it changed. */
  private describe(item: PanelItem): void {
    item.panel = this.options.session.panel(item.panelId) ?? item.panel;
    const stores = this.options.panels.get(item.panelId);
    const state = this.options.session.stateOf(item.panelId);
    if (item.showState(state, stores && this.options.summary?.(stores))) this.changed.fire(item);
  }

  private shownPanelsKey(): string {
    return `${String(this.showsAll)}\n${this.options.session.active?.id ?? ''}\n${this.shownPanels.join('\n')}`;
  }

  /** Another set of panels is shown (mode, active panel, panels connected): the view is read again. */
  private shownChanged(): void {
    this.shownKey = this.shownPanelsKey();
    this.items.clear();
    this.redrawAll();
  }

  /** Drops the trees of panels signed out (their stores are gone). */
  private dropDisconnected(): void {
    for (const [panelId, { tree, subscriptions }] of [...this.trees]) {
      if (this.options.session.panel(panelId)) continue;
      for (const subscription of subscriptions) subscription.dispose();
      tree.dispose();
      this.trees.delete(panelId);
    }
  }
}

/** The panel an item says it belongs to (`panelId`, or its parent's), if it says. */
function panelNamedBy(element: vscode.TreeItem): string | undefined {
  const own = (element as { panelId?: unknown }).panelId;
  if (typeof own === 'string') return own;
  const parent = (element as { parent?: { panelId?: unknown } }).parent?.panelId;
  return typeof parent === 'string' ? parent : undefined;
}

/** How many times a reveal is tried before its failure is the caller's. */
const REVEAL_ATTEMPTS = 3;
/** The pause before a reveal the workbench refused is tried again. */
const REVEAL_RETRY_MS = 300;
/** How long a revealed item has to show selected before it is revealed again. */
const SELECTION_WAIT_MS = 1500;

/**
 * Resolves 'selected' once `item` is in the view's selection, 'other' when something else is selected
 * meanwhile (the operator, or a later reveal, chose), 'not yet' when neither within `SELECTION_WAIT_MS`.
 */
function selectionTakes(view: vscode.TreeView<vscode.TreeItem>, item: vscode.TreeItem): Promise<'selected' | 'other' | 'not yet'> {
  const selected = () => view.selection.some((candidate) => candidate === item || (item.id !== undefined && candidate.id === item.id));
  if (selected()) return Promise.resolve('selected');
  return new Promise((resolve) => {
    const done = (taken: 'selected' | 'other' | 'not yet') => {
      clearTimeout(timer);
      subscription.dispose();
      resolve(taken);
    };
    const timer = setTimeout(() => done(selected() ? 'selected' : 'not yet'), SELECTION_WAIT_MS);
    const subscription = view.onDidChangeSelection(() => {
      if (selected()) done('selected');
      else if (view.selection.length > 0) done('other');
    });
  });
}
