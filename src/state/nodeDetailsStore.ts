import type { ApplyJob, JsonObject } from '../api/types';
import { ALL_CHANGED, ChangeEmitter, type StoreChange, type Subscription } from './changeEmitter';
import { LatestLoad } from './latestLoad';
import type { StoreSession } from './storeSession';

/** The details of a node read on demand: its health, its recent apply jobs and its site binding. */
export interface NodeDetailValues {
  readonly health: JsonObject;
  readonly jobs: readonly ApplyJob[];
  readonly site: unknown;
}

export type NodeDetailKind = keyof NodeDetailValues;

/** What is held for one detail of one node: the panel's answer, or why it could not be read. */
export type NodeDetail<K extends NodeDetailKind> =
  | { readonly kind: 'loaded'; readonly value: NodeDetailValues[K] }
  | { readonly kind: 'failed'; readonly error: unknown };

/** Which detail of which node changed. */
export interface NodeDetailChange {
  readonly nodeId: string;
  readonly detail: NodeDetailKind;
  /**
   * A first read of what nothing held (`load`): its caller has the answer already, so a view that loaded it
   * skips this change; a reader of everything held (the fleet to-do) follows it.
   */
  readonly loaded?: true;
}

/** How many recent jobs are read and kept per node. */
export const RECENT_JOBS = 10;

const READS: { readonly [K in NodeDetailKind]: (nodeId: string) => Parameters<StoreSession['call']>[0] } = {
  health: (nodeId) => (api, signal) => api.nodes.health(nodeId, { signal }),
  jobs: (nodeId) => async (api, signal) => {
    const jobs = await api.nodes.jobs(nodeId, { limit: RECENT_JOBS }, { signal });
    return jobs.filter((job) => typeof job === 'object' && job !== null).slice(0, RECENT_JOBS);
  },
  site: (nodeId) => (api, signal) => api.nodes.site.get(nodeId, { signal }),
};

/**
 * One panel's node details (health, recent jobs, site binding), by node id, each read when first
 * asked for (`GET /nodes/{id}/health`, `/jobs`, `/site`). A read of one detail is shared while it runs; a
 * `forget` of it cancels it, so its late answer never lands. What an action answers with goes through
 * `put`; views showing the node hear `onDidChangeDetail`. Forgotten (reads cancelled) when the panel, its
 * token state or a scope belief about these routes changes. No `vscode` import.
 */
export class NodeDetailsStore {
  private readonly held = new Map<string, NodeDetail<NodeDetailKind>>();
  private readonly loads = new Map<string, LatestLoad<NodeDetail<NodeDetailKind> | undefined>>();
  private readonly changed = new ChangeEmitter<StoreChange<NodeDetailChange>>();
  private readonly subscription: Subscription;

  /**
   * What changed: one detail of one node (`item`: it was put, forgotten by `forget`, or a read of the jobs
   * found them changed; `detail` has what is held now; `loaded`: a load of what nothing held, whose caller
   * has the answer), or every node's details (`all`: forgotten).
   */
  readonly onDidChange = this.changed.event;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['nodes.list', 'nodes.health', 'nodes.jobs', 'nodes.site.get'], () => this.reset());
  }

  /** What is held for a detail of a node; undefined before it was read (or since it was refreshed). */
  get<K extends NodeDetailKind>(nodeId: string, detail: K): NodeDetail<K> | undefined {
    return this.held.get(keyOf(nodeId, detail)) as NodeDetail<K> | undefined;
  }

  /**
   * What is held for a detail, else reads it (sharing a read in flight). Undefined when the read was
   * cancelled by `forget` or a reset (or by `signal`).
   */
  load<K extends NodeDetailKind>(nodeId: string, detail: K, signal?: AbortSignal): Promise<NodeDetail<K> | undefined> {
    const key = keyOf(nodeId, detail);
    const held = this.held.get(key);
    if (held) return Promise.resolve(held as NodeDetail<K>);
    let load = this.loads.get(key);
    if (!load) {
      load = new LatestLoad();
      this.loads.set(key, load);
    }
    const reads = load;
    return reads.join(async (reading) => {
      let next: NodeDetail<NodeDetailKind>;
      try {
        next = { kind: 'loaded', value: await this.session.call(READS[detail](nodeId), reading) as NodeDetailValues[K] };
      } catch (error) {
        next = { kind: 'failed', error };
      }
      if (reading.aborted) return undefined;
      this.held.set(key, next);
      if (this.loads.get(key) === reads) this.loads.delete(key);
      this.changed.fire({ kind: 'item', id: { nodeId, detail, loaded: true } });
      return next;
    }, signal) as Promise<NodeDetail<K> | undefined>;
  }

  /**
   * Reads a node's latest `limit` jobs (`GET /nodes/{id}/jobs`): the one reader of jobs, for the Nodes view,
   * Job History, the apply watcher, the panels watcher and the chat tools. The recent ones are held as the
   * node's jobs; when they differ from what was held, the change fires, so every view and page showing the
   * node's jobs follows whoever read them.
   */
  async readJobs(nodeId: string, limit: number, signal?: AbortSignal): Promise<readonly ApplyJob[]> {
    const jobs = await this.session.call(async (api, callSignal) => {
      const answer = await api.nodes.jobs(nodeId, { limit }, { signal: callSignal });
      return answer.filter((job) => typeof job === 'object' && job !== null);
    }, signal);
    if (signal?.aborted) return jobs;
    const key = keyOf(nodeId, 'jobs');
    const recent = jobs.slice(0, RECENT_JOBS);
    const held = this.held.get(key);
    if (held?.kind === 'loaded' && textOf(held.value) === textOf(recent)) return jobs;
    this.loads.get(key)?.cancel();
    this.loads.delete(key);
    this.held.set(key, { kind: 'loaded', value: recent });
    this.changed.fire({ kind: 'item', id: { nodeId, detail: 'jobs' } });
    return jobs;
  }

  /** Takes a detail an action answered with (e.g. the site after setting it); fires it when it differs from what is held. */
  put<K extends NodeDetailKind>(nodeId: string, detail: K, value: NodeDetailValues[K]): void {
    const key = keyOf(nodeId, detail);
    this.loads.get(key)?.cancel();
    this.loads.delete(key);
    const held = this.held.get(key);
    this.held.set(key, { kind: 'loaded', value });
    if (held?.kind === 'loaded' && textOf(held.value) === textOf(value)) return;
    this.changed.fire({ kind: 'item', id: { nodeId, detail } });
  }

  /** Forgets one detail of a node (or all three), cancelling its read; the next `load` asks the panel again. */
  forget(nodeId: string, details: readonly NodeDetailKind[] = ['health', 'jobs', 'site']): void {
    for (const detail of details) {
      const key = keyOf(nodeId, detail);
      this.loads.get(key)?.cancel();
      this.loads.delete(key);
      this.held.delete(key);
      this.changed.fire({ kind: 'item', id: { nodeId, detail } });
    }
  }

  /** Forgets every node's details and cancels every read in flight. */
  reset(): void {
    this.cancelAll();
    this.held.clear();
    this.changed.fire(ALL_CHANGED);
  }

  dispose(): void {
    this.cancelAll();
    this.subscription.dispose();
    this.changed.dispose();
  }

  private cancelAll(): void {
    for (const load of this.loads.values()) load.cancel();
    this.loads.clear();
  }
}

function keyOf(nodeId: string, detail: NodeDetailKind): string {
  return `${detail}\n${nodeId}`;
}

/** A value as text, to tell whether a read changed it (int64 values written as their digits). */
function textOf(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) => (typeof part === 'bigint' ? part.toString() : part)) ?? '';
}
