import { isScopeDenied } from '../api/errors';
import { isFinal } from './finalError';
import { parseAlerts, unresolvedCount, withResolved, type Alert, type AlertList } from './alertsModel';
import type { StoreSession } from './storeSession';
import type { PollOutcome } from './poller';
import { LatestLoad } from './latestLoad';
import { ALL_CHANGED, ChangeEmitter, LIST_CHANGED, type StoreChange, type Subscription } from './changeEmitter';

export type AlertsSnapshot =
  | { readonly kind: 'empty' }
  | { readonly kind: 'loaded'; readonly list: AlertList; readonly unresolved: number; readonly at: number }
  | { readonly kind: 'failed'; readonly error: unknown; readonly previous?: AlertList };

/**
 * One panel's alerts, shared by the Alerts view, its badge and the status bar. One request at a time: a
 * refresh asked for while one runs joins it. Cleared when the panel's token state or scope belief changes,
 * which also cancels the load in flight. No `vscode` import.
 */
export class AlertsStore {
  private current: AlertsSnapshot = { kind: 'empty' };
  private readonly loads = new LatestLoad<PollOutcome>();
  private readonly changed = new ChangeEmitter<StoreChange>();
  /**
   * What changed: one alert's fields, its place unchanged (`item`, its id as `alertKey` writes it: `alert`
   * has the new copy), the list (alerts added, removed or reordered, e.g. one resolved moves down), or
   * everything (`all`: forgotten, first read, a failure). A read or a mark that changes nothing fires nothing.
   */
  readonly onDidChange = this.changed.event;
  private readonly subscription: Subscription;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['alerts.list'], () => {
      this.loads.cancel();
      this.current = { kind: 'empty' };
      this.changed.fire(ALL_CHANGED);
    });
  }

  /** What is held now: nothing yet, the last list read, or why the last read failed. */
  get held(): AlertsSnapshot {
    return this.current;
  }

  /** The alert held with this key (`alertKey`), if any. */
  get(key: string): Alert | undefined {
    return this.listHeld()?.alerts.find((alert) => alertKey(alert) === key);
  }

  /** Unresolved alerts of the last successful load; undefined before one. */
  get unresolved(): number | undefined {
    if (this.current.kind === 'loaded') return this.current.unresolved;
    if (this.current.kind === 'failed' && this.current.previous) return unresolvedCount(this.current.previous);
    return undefined;
  }

  /**
   * Marks alerts resolved after the panel said so, so the views, the badge and the status bar follow at
   * once, without waiting for the next poll. Ids compare as the panel's exact digits.
   */
  markResolved(ids: readonly Alert['id'][], at = new Date().toISOString()): void {
    if (this.current.kind !== 'loaded') return;
    const resolved = new Set(ids.map((id) => String(id)));
    const before = this.current.list;
    const list = withResolved(before, (alert) => alert.id !== undefined && resolved.has(String(alert.id)), at);
    this.current = { kind: 'loaded', list, unresolved: unresolvedCount(list), at: this.current.at };
    this.fireChanges(before, list);
  }

  /** What is held, else reads it (joining a read in flight); says whether polling should go on, as `refresh` does. */
  load(): Promise<PollOutcome> {
    return this.current.kind === 'empty' ? this.refresh() : Promise.resolve('ok');
  }

  /** Reads the alerts again now (joining a read in flight); says whether polling should go on ('stop' after a 401, a 403 or a sign-out). */
  refresh(): Promise<PollOutcome> {
    return this.loads.join((signal) => this.read(signal));
  }

  dispose(): void {
    this.loads.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }

  private listHeld(): AlertList | undefined {
    return this.current.kind === 'loaded' ? this.current.list : this.current.kind === 'failed' ? this.current.previous : undefined;
  }

  /**
   * Fires what changed from `before` to `after`: nothing when they are the same; each changed alert when the
   * alerts and their order are the same (every alert has a distinct id); else the list.
   */
  private fireChanges(before: AlertList, after: AlertList): void {
    if (textOf(before) === textOf(after)) return;
    const keysBefore = before.alerts.map(alertKey);
    const keysAfter = after.alerts.map(alertKey);
    const sameOrder = before.unreadable === after.unreadable && keysBefore.length === keysAfter.length
      && keysAfter.every((key, index) => key !== undefined && key === keysBefore[index]) && new Set(keysAfter).size === keysAfter.length;
    if (!sameOrder) {
      this.changed.fire(LIST_CHANGED);
      return;
    }
    after.alerts.forEach((alert, index) => {
      if (textOf(alert) !== textOf(before.alerts[index])) this.changed.fire({ kind: 'item', id: keysAfter[index] as string });
    });
  }

  private async read(signal: AbortSignal): Promise<PollOutcome> {
    try {
      const response = await this.session.call((api, callSignal) => api.alerts.list({ signal: callSignal }), signal);
      if (signal.aborted) return 'ok';
      const list = parseAlerts(response);
      const before = this.current.kind === 'loaded' ? this.current.list : undefined;
      this.current = { kind: 'loaded', list, unresolved: unresolvedCount(list), at: Date.now() };
      if (before) this.fireChanges(before, list);
      else this.changed.fire(ALL_CHANGED);
      return 'ok';
    } catch (error) {
      if (signal.aborted) return 'ok';
      const previous = this.current.kind === 'loaded' ? this.current.list : this.current.kind === 'failed' ? this.current.previous : undefined;
      const same = this.current.kind === 'failed' && String(this.current.error) === String(error);
      this.current = { kind: 'failed', error, previous };
      if (!same) this.changed.fire(ALL_CHANGED);
      return isFinal(error) || isScopeDenied(error) ? 'stop' : 'failed';
    }
  }
}

/** The key of an alert in the store's changes and `get()`: the panel's id as its digits; undefined without one. */
export function alertKey(alert: Alert): string | undefined {
  return alert.id === undefined ? undefined : String(alert.id);
}

/** A list as text, to tell whether a read changed it (int64 ids written as their digits). */
function textOf(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) => (typeof part === 'bigint' ? part.toString() : part)) ?? '';
}
