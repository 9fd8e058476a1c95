import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import { inPool } from './inPool';
import { syncKind } from './profileSync';
import { keyIdOf, type KeysStore } from './keysStore';
import type { NodesStore } from './nodesStore';

/** At most this many users are read again after one node applied its configuration. */
const MAX_REREADS = 50;

/**
 * Keeps each user's per-node `profile_sync` true once a node has applied: when the nodes store takes a
 * copy of a node that is no longer dirty, the users shown as not yet synced on it are read again (a few
 * at a time), so their node children turn from "pending" to "synced" (or "failed") without a refresh.
 */
export class BindingSyncFollower implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;
  private readonly inFlight = new Set<string>();

  constructor(private readonly session: PanelSession, private readonly keys: KeysStore, private readonly nodes: NodesStore) {
    this.subscription = nodes.onDidChangeNode((nodeId) => void this.follow(nodeId));
  }

  private async follow(nodeId: string): Promise<void> {
    if (this.nodes.get(nodeId)?.dirty !== false) return; // still pending (or unknown): nothing has changed for the users yet
    const waiting = this.keys.boundTo(nodeId)
      .filter((key) => key.nodes?.some((binding) => binding.node_id === nodeId && syncKind(binding.profile_sync) !== 'synced'))
      .filter((key) => !this.inFlight.has(key.id))
      .slice(0, MAX_REREADS);
    await inPool(waiting, 3, async (key) => {
      this.inFlight.add(key.id);
      try {
        const id = key.id;
        const fresh = await this.session.call((api, signal) => api.keys.get(id, { signal }));
        if (keyIdOf(fresh) === keyIdOf(key)) this.keys.update(fresh);
      } catch {
        // The user may be gone or the panel unreachable: the next refresh shows what holds.
      } finally {
        this.inFlight.delete(key.id);
      }
    });
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
