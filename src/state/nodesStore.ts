import { isCancelled, isScopeDenied, isTokenRejected } from '../api/errors';
import type { NodeFailure } from '../api/nodeFailure';
import type { PanelNode } from '../api/types';
import { ChangeEmitter, LIST_CHANGED, type StoreChange, type Subscription } from './changeEmitter';
import { LatestLoad } from './latestLoad';
import type { StoreSession } from './storeSession';

/** A node object the panel sent: an object with a string id (everything else is read defensively). */
export function isNode(value: unknown): value is PanelNode {
  return typeof value === 'object' && value !== null && typeof (value as PanelNode).id === 'string';
}

/**
 * The last thing that went wrong when acting on a node, shown on its item until an action on it succeeds:
 * `offline` for a 503 (the panel cannot reach the node), `failedOnNode` for a 502 (the node could not
 * carry out the operation); decided by `nodeFailureOf` (api/nodeFailure.ts).
 */
export interface NodeProblem {
  readonly kind: NodeFailure;
  /** What was being done, e.g. "restart". */
  readonly operation: string;
  /** The panel's words (untrusted; made plain where shown). */
  readonly message: string;
}

/**
 * One panel's nodes, by id. The Nodes view shows them; actions (apply, edit, refresh one) put the
 * node they read or were answered with through `update`, and views showing it hear `onDidChange`.
 * A change of membership or order (create, delete, reorder) replaces the list and fires `onDidChange` (the list).
 * Forgotten (reads in flight cancelled, their late answers dropped) when the panel, its token state or
 * nodes:read changes. No `vscode` import.
 */
export class NodesStore {
  private loaded: PanelNode[] | undefined;
  private readonly byId = new Map<string, PanelNode>();
  /** Counts the copies taken by `update`; `takenAt` says when each node's last one was taken. */
  private changes = 0;
  private readonly takenAt = new Map<string, number>();
  private readonly problems = new Map<string, NodeProblem>();
  /** Since when the list could not be read (the first failed read of a run of them); undefined once one succeeds. */
  private failingSince: number | undefined;
  /** The read of the list: a newer one or a reset cancels it. */
  private readonly listing = new LatestLoad<readonly PanelNode[]>();
  /** Reads of one node (`refresh`) under way, by id: a second refresh of it shares the first. */
  private readonly reading = new Map<string, LatestLoad<PanelNode | undefined>>();
  private readonly changed = new ChangeEmitter<StoreChange>();
  private readonly subscription: Subscription;

  /**
   * What changed: one node (`item`, its id: `get` has the new copy, `problem` its last problem), or the
   * list (nodes added, removed or reordered, or the first list read: `held` has it). A read of the list
   * that changes nothing fires nothing; one that changes one node fires that node only.
   */
  readonly onDidChange = this.changed.event;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['nodes.list'], () => this.reset());
  }

  /** What is held now: the last list read, in the panel's order; undefined before one. */
  get held(): readonly PanelNode[] | undefined {
    return this.loaded;
  }

  get(id: string): PanelNode | undefined {
    return this.byId.get(id);
  }

  /**
   * Since when (ms since the epoch) the list could not be read: the panel did not answer, or answered with
   * an error; what `held` has is then the last list read. Undefined while the last read succeeded. A rejected
   * token or a missing scope is not this (the session and the views say those). A change fires the list.
   */
  get unreadableSince(): number | undefined {
    return this.failingSince;
  }

  /**
   * The list: what is held, else (nothing held yet) a read of `GET /nodes`, joining a read of it under way;
   * items that are not node objects are left out. `signal` cancels this caller's wait.
   */
  load(signal?: AbortSignal): Promise<readonly PanelNode[]> {
    if (this.loaded) return Promise.resolve(this.loaded);
    return this.listing.join((reading) => this.readList(reading), signal);
  }

  /**
   * The poller's read of `GET /nodes` (state/panelsWatch.ts): shares a read of the list under way instead of
   * cancelling it; what changed fires `onDidChange` (a node, or the list for a new membership or order),
   * so the Nodes view follows node status without a read of its own.
   */
  poll(signal?: AbortSignal): Promise<readonly PanelNode[]> {
    return this.listing.join((reading) => this.readList(reading), signal);
  }

  private async readList(reading: AbortSignal): Promise<readonly PanelNode[]> {
    const startedAt = this.changes;
    let list: unknown;
    try {
      list = await this.session.call((api, callSignal) => api.nodes.list({ signal: callSignal }), reading);
    } catch (error) {
      if (!reading.aborted && this.failingSince === undefined && !isCancelled(error) && !isTokenRejected(error) && !isScopeDenied(error)) {
        this.failingSince = Date.now();
        this.changed.fire(LIST_CHANGED);
      }
      throw error;
    }
    // A node taken while the list was on its way (an apply that landed) is newer than the list's copy.
    const items = nodesOf(list).map((node) => this.newerThan(node, startedAt));
    if (reading.aborted) return items;
    const wasFailing = this.failingSince !== undefined;
    this.failingSince = undefined;
    const before = this.loaded;
    const previous = new Map(this.byId);
    this.take(items);
    if (wasFailing || !before || before.length !== items.length || before.some((node, index) => node.id !== items[index].id)) {
      this.changed.fire(LIST_CHANGED);
      return items;
    }
    for (const node of items) if (textOf(previous.get(node.id)) !== textOf(node)) this.changed.fire({ kind: 'item', id: node.id });
    return items;
  }

  /**
   * Reads again now. Without an id: the list (`GET /nodes`), cancelling a read of it in flight, whose answer
   * is dropped. With an id: that node (`GET /nodes/{id}`), taken; a refresh of it shares a read of that node
   * already under way, so many changes touching one node (a bulk action, an import) read it once; undefined
   * when the answer is no node, or a reset dropped it. A read that changes nothing fires nothing.
   */
  refresh(id: string, signal?: AbortSignal): Promise<PanelNode | undefined>;
  refresh(id?: undefined, signal?: AbortSignal): Promise<readonly PanelNode[]>;
  refresh(id?: string, signal?: AbortSignal): Promise<PanelNode | undefined | readonly PanelNode[]> {
    if (id === undefined) return this.listing.start((reading) => this.readList(reading), signal);
    let reads = this.reading.get(id);
    if (!reads) {
      reads = new LatestLoad();
      this.reading.set(id, reads);
    }
    const read = reads.join((reading) => this.read(id, reading), signal);
    const done = () => { if (this.reading.get(id) === reads && !reads.busy) this.reading.delete(id); };
    void read.then(done, done);
    return read;
  }

  private async read(id: string, signal: AbortSignal): Promise<PanelNode | undefined> {
    const startedAt = this.changes;
    const node = await this.session.call((api, callSignal) => api.nodes.get(id, { signal: callSignal }), signal);
    if (signal.aborted || !isNode(node)) return undefined;
    const newest = this.newerThan(node, startedAt);
    if (newest === node) this.update(node);
    return newest;
  }

  /** `node`, or the store's copy of it when that was taken after `startedAt` (a read sent before it). */
  private newerThan(node: PanelNode, startedAt: number): PanelNode {
    const takenAt = this.takenAt.get(node.id);
    const current = this.byId.get(node.id);
    return takenAt !== undefined && takenAt > startedAt && current ? current : node;
  }

  /** Takes a newer copy of a node (read or answered by an action); fires that node when the copy differs. */
  update(node: PanelNode): void {
    if (!isNode(node)) return;
    const before = this.byId.get(node.id);
    this.takenAt.set(node.id, ++this.changes);
    this.byId.set(node.id, node);
    if (this.loaded) this.loaded = this.loaded.map((candidate) => (candidate.id === node.id ? node : candidate));
    if (textOf(before) !== textOf(node)) this.changed.fire({ kind: 'item', id: node.id });
  }

  /** Takes a whole list the panel answered with (e.g. `PUT /nodes/order`), in its order. */
  replaceAll(answer: unknown): void {
    this.take(nodesOf(answer));
    this.changed.fire(LIST_CHANGED);
  }

  /** A node the panel created joins the end of the list. */
  add(node: PanelNode): void {
    if (!isNode(node)) return;
    this.byId.set(node.id, node);
    this.loaded = [...(this.loaded ?? []).filter((candidate) => candidate.id !== node.id), node];
    this.changed.fire(LIST_CHANGED);
  }

  /** A node deleted on the panel leaves the list. */
  remove(id: string): void {
    this.byId.delete(id);
    this.problems.delete(id);
    if (this.loaded) this.loaded = this.loaded.filter((candidate) => candidate.id !== id);
    this.changed.fire(LIST_CHANGED);
  }

  /** The last problem of an action on the node (cleared by the next success), if any. */
  problem(id: string): NodeProblem | undefined {
    return this.problems.get(id);
  }

  setProblem(id: string, problem: NodeProblem): void {
    this.problems.set(id, problem);
    this.changed.fire({ kind: 'item', id });
  }

  clearProblem(id: string): void {
    if (this.problems.delete(id)) this.changed.fire({ kind: 'item', id });
  }

  /** Forgets every node and cancels every read in flight (their answers never land). */
  reset(): void {
    this.listing.cancel();
    for (const reads of this.reading.values()) reads.cancel();
    this.reading.clear();
    this.loaded = undefined;
    this.byId.clear();
    this.takenAt.clear();
    this.problems.clear();
    this.failingSince = undefined;
  }

  dispose(): void {
    this.listing.cancel();
    for (const reads of this.reading.values()) reads.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }

  private take(items: PanelNode[]): void {
    this.loaded = items;
    this.byId.clear();
    for (const node of items) if (!this.byId.has(node.id)) this.byId.set(node.id, node);
  }
}

/** A node as text, to tell whether a read changed it (int64 values written as their digits). */
function textOf(node: PanelNode | undefined): string {
  return JSON.stringify(node, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)) ?? '';
}

/** The nodes of a `{items, total}` answer, leaving out what is not a node object. */
function nodesOf(list: unknown): PanelNode[] {
  const items = typeof list === 'object' && list !== null ? (list as { items?: unknown }).items : undefined;
  return Array.isArray(items) ? items.filter(isNode) : [];
}
