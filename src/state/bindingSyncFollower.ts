import * as vscode from 'vscode';
import type { ViewSession } from './panelStores';
import { inPool } from './inPool';
import { syncKind } from './profileSync';
import { userIdOf, type UsersStore } from './usersStore';
import type { NodesStore } from './nodesStore';

/** At most this many users are read again after one node applied its configuration. */
const MAX_REREADS = 50;

/**
 * Keeps each user's per-node `profile_sync` true once a node has applied, also when it applied outside
 * an Apply run here (another operator, a fleet update): when the nodes store takes a copy of a node that
 * turned clean, the users shown as not yet synced on it are read again (a few at a time, from the panel
 * the node and its users belong to), so their node children turn from "pending" to "synced" (or "failed") without a
 * refresh. Only the turn from dirty to clean counts: further copies of a clean node (polls, problems)
 * read nobody again, so users that never show "synced" are not read on every event. A node seen clean
 * for the first time counts as turned, since a list read gives the store its nodes without an event.
 */
export class BindingSyncFollower implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private readonly inFlight = new Set<string>();
  /** The `dirty` of the last copy of each node seen (of this follower's panel). */
  private readonly wasDirty = new Map<string, boolean | undefined>();

  constructor(private readonly session: ViewSession, private readonly users: UsersStore, private readonly nodes: NodesStore) {
    this.subscriptions = [
      nodes.onDidChange((change) => { if (change.kind === 'item') void this.follow(change.id); }),
      session.onDidChangePanel(['nodes.list'], () => this.wasDirty.clear()),
    ];
  }

  private async follow(nodeId: string): Promise<void> {
    const dirty = this.nodes.get(nodeId)?.dirty;
    const before = this.wasDirty.has(nodeId) ? this.wasDirty.get(nodeId) : true;
    this.wasDirty.set(nodeId, dirty);
    if (dirty !== false || before === false) return; // still pending (or unknown), or clean already: nothing new for the users
    if (!this.session.panel) return; // signed out
    const waiting = this.users.boundTo(nodeId)
      .filter((user) => user.nodes?.some((binding) => binding.node_id === nodeId && syncKind(binding.profile_sync) !== 'synced'))
      .filter((user) => !this.inFlight.has(user.id))
      .slice(0, MAX_REREADS);
    await inPool(waiting, 3, async (user) => {
      this.inFlight.add(user.id);
      try {
        const id = user.id;
        const fresh = await this.session.call((api, signal) => api.keys.get(id, { signal }));
        if (userIdOf(fresh) === userIdOf(user)) this.users.update(fresh, 'followed');
      } catch {
        // The user may be gone or the panel unreachable: the next refresh shows what holds.
      } finally {
        this.inFlight.delete(user.id);
      }
    });
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
