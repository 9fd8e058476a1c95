import type { ApplyJob } from '../api/types';
import { jobKey, type PanelEvent } from './panelEvents';

/**
 * The applies this window watches or has told itself (Apply Configuration watches its job and tells how it
 * ended): the panels watcher skips their failed and rolled-back events, so an apply started here is told
 * once, not a second time a minute later. A node is covered while its apply is watched (the job is not
 * known until it appears); once the watch told how the job ended, that job is covered. An apply the watch
 * did not see end (timed out, cancelled, unreadable) is not covered: the panels watcher tells its end.
 * No `vscode` import.
 */
export class AppliesTold {
  /** `panel\nnode` → how many applies on it are watched now. */
  private readonly watching = new Map<string, number>();
  /** `panel\nnode\njobKey` of jobs whose end this window has told. */
  private readonly told = new Set<string>();

  /** An apply on the node is watched from now until the returned function is called. */
  watch(panelId: string, nodeId: string): () => void {
    const key = nodeKey(panelId, nodeId);
    this.watching.set(key, (this.watching.get(key) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.watching.get(key) ?? 1) - 1;
      if (left > 0) this.watching.set(key, left);
      else this.watching.delete(key);
    };
  }

  /** The window told how this job of the node ended. */
  tell(panelId: string, nodeId: string, job: ApplyJob): void {
    this.told.add(`${nodeKey(panelId, nodeId)}\n${jobKey(job)}`);
  }

  /** Whether the event is about an apply this window watches or has told (so the panels watcher skips it). */
  covers(event: PanelEvent): boolean {
    if (event.kind !== 'applyFailed' && event.kind !== 'applyRolledBack') return false;
    const nodeId = event.node?.id;
    if (typeof nodeId !== 'string') return false;
    if (this.watching.has(nodeKey(event.panelId, nodeId))) return true;
    return event.job !== undefined && this.told.has(`${nodeKey(event.panelId, nodeId)}\n${jobKey(event.job)}`);
  }
}

function nodeKey(panelId: string, nodeId: string): string {
  return `${panelId}\n${nodeId}`;
}
