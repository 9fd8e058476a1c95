import * as vscode from 'vscode';
import type { NodeFailure } from '../api/nodeFailure';
import type { PanelNode } from '../api/types';
import type { PanelSession } from '../connection/panelSession';

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
 * The active panel's nodes, by id. The Nodes view shows them; actions (apply, edit, refresh one) put the
 * node they read or were answered with through `update`, and views showing it hear `onDidChangeNode`.
 * A change of membership or order (create, delete, reorder) replaces the list and fires `onDidChangeList`.
 * Forgotten when the panel, its token state or nodes:read changes.
 */
export class NodesStore implements vscode.Disposable {
  private loaded: PanelNode[] | undefined;
  private readonly byId = new Map<string, PanelNode>();
  private readonly problems = new Map<string, NodeProblem>();
  /** Reads of one node (`refresh`) under way, by id: a second refresh of it shares the first. */
  private readonly reading = new Map<string, Promise<PanelNode | undefined>>();
  /** Counts resets, so a read that began before one does not put the previous panel's node here. */
  private generation = 0;
  private readonly nodeChanged = new vscode.EventEmitter<string>();
  private readonly listChanged = new vscode.EventEmitter<void>();
  private readonly subscription: vscode.Disposable;

  /** A node changed (its id); `get` has the new copy, `problem` its last problem. */
  readonly onDidChangeNode = this.nodeChanged.event;
  /** Nodes were added, removed or reordered: `nodes` has the new list. */
  readonly onDidChangeList = this.listChanged.event;

  constructor(private readonly session: PanelSession) {
    this.subscription = session.onDidChangePanel(['nodes.list'], () => this.reset());
  }

  /** The last list read, in the panel's order; undefined before one. */
  get nodes(): readonly PanelNode[] | undefined {
    return this.loaded;
  }

  get(id: string): PanelNode | undefined {
    return this.byId.get(id);
  }

  /** Reads `GET /nodes`; items that are not node objects are left out. */
  async load(token?: vscode.CancellationToken): Promise<readonly PanelNode[]> {
    const list = await this.session.call((api, signal) => api.nodes.list({ signal }), token);
    const items = nodesOf(list);
    if (token?.isCancellationRequested) return items;
    this.take(items);
    return items;
  }

  /**
   * Re-reads one node (`GET /nodes/{id}`) and takes it. A refresh without a token shares a read of that
   * node already under way, so many changes touching one node (a bulk action, an import) read it once.
   */
  refresh(id: string, token?: vscode.CancellationToken): Promise<PanelNode | undefined> {
    if (token) return this.read(id, token);
    const under = this.reading.get(id);
    if (under) return under;
    const read = this.read(id).finally(() => {
      if (this.reading.get(id) === read) this.reading.delete(id);
    });
    this.reading.set(id, read);
    return read;
  }

  private async read(id: string, token?: vscode.CancellationToken): Promise<PanelNode | undefined> {
    const generation = this.generation;
    const node = await this.session.call((api, signal) => api.nodes.get(id, { signal }), token);
    if (token?.isCancellationRequested || !isNode(node) || generation !== this.generation) return undefined;
    this.update(node);
    return node;
  }

  /** Takes a newer copy of a node (read or answered by an action). */
  update(node: PanelNode): void {
    if (!isNode(node)) return;
    this.byId.set(node.id, node);
    if (this.loaded) this.loaded = this.loaded.map((candidate) => (candidate.id === node.id ? node : candidate));
    this.nodeChanged.fire(node.id);
  }

  /** Takes a whole list the panel answered with (e.g. `PUT /nodes/order`), in its order. */
  replaceAll(answer: unknown): void {
    this.take(nodesOf(answer));
    this.listChanged.fire();
  }

  /** A node the panel created joins the end of the list. */
  add(node: PanelNode): void {
    if (!isNode(node)) return;
    this.byId.set(node.id, node);
    this.loaded = [...(this.loaded ?? []).filter((candidate) => candidate.id !== node.id), node];
    this.listChanged.fire();
  }

  /** A node deleted on the panel leaves the list. */
  remove(id: string): void {
    this.byId.delete(id);
    this.problems.delete(id);
    if (this.loaded) this.loaded = this.loaded.filter((candidate) => candidate.id !== id);
    this.listChanged.fire();
  }

  /** The last problem of an action on the node (cleared by the next success), if any. */
  problem(id: string): NodeProblem | undefined {
    return this.problems.get(id);
  }

  setProblem(id: string, problem: NodeProblem): void {
    this.problems.set(id, problem);
    this.nodeChanged.fire(id);
  }

  clearProblem(id: string): void {
    if (this.problems.delete(id)) this.nodeChanged.fire(id);
  }

  reset(): void {
    this.generation++;
    this.reading.clear();
    this.loaded = undefined;
    this.byId.clear();
    this.problems.clear();
  }

  dispose(): void {
    this.subscription.dispose();
    this.nodeChanged.dispose();
    this.listChanged.dispose();
  }

  private take(items: PanelNode[]): void {
    this.loaded = items;
    this.byId.clear();
    for (const node of items) if (!this.byId.has(node.id)) this.byId.set(node.id, node);
  }
}

/** The nodes of a `{items, total}` answer, leaving out what is not a node object. */
function nodesOf(list: unknown): PanelNode[] {
  const items = typeof list === 'object' && list !== null ? (list as { items?: unknown }).items : undefined;
  return Array.isArray(items) ? items.filter(isNode) : [];
}
