import * as vscode from 'vscode';
import type { PanelNode } from '../api/types';
import type { PanelSession } from '../connection/panelSession';

/** A node object the panel sent: an object with a string id (everything else is read defensively). */
export function isNode(value: unknown): value is PanelNode {
  return typeof value === 'object' && value !== null && typeof (value as PanelNode).id === 'string';
}

/**
 * The active panel's nodes, by id. The Nodes view shows them; actions (apply, edit, refresh one) put the
 * node they read or were answered with through `update`, and views showing it hear `onDidChangeNode`.
 * Forgotten when the panel, its token state or nodes:read changes.
 */
export class NodesStore implements vscode.Disposable {
  private loaded: PanelNode[] | undefined;
  private readonly byId = new Map<string, PanelNode>();
  private readonly nodeChanged = new vscode.EventEmitter<string>();
  private readonly subscription: vscode.Disposable;

  /** A node changed (its id); `get` has the new copy. */
  readonly onDidChangeNode = this.nodeChanged.event;

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
    const items = Array.isArray(list?.items) ? list.items.filter(isNode) : [];
    if (token?.isCancellationRequested) return items;
    this.loaded = items;
    this.byId.clear();
    for (const node of items) if (!this.byId.has(node.id)) this.byId.set(node.id, node);
    return items;
  }

  /** Re-reads one node (`GET /nodes/{id}`) and takes it. */
  async refresh(id: string, token?: vscode.CancellationToken): Promise<PanelNode | undefined> {
    const node = await this.session.call((api, signal) => api.nodes.get(id, { signal }), token);
    if (token?.isCancellationRequested || !isNode(node)) return undefined;
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

  reset(): void {
    this.loaded = undefined;
    this.byId.clear();
  }

  dispose(): void {
    this.subscription.dispose();
    this.nodeChanged.dispose();
  }
}
