import * as vscode from 'vscode';
import { isScopeDenied, isTokenRejected } from '../api/errors';
import { parseAlerts, unresolvedCount, withResolved, type Alert, type AlertList } from './alertsModel';
import { NotConnectedError, TokenRejectedError } from '../connection/panelSession';
import type { StoreSession } from './storeSession';
import type { PollOutcome } from './poller';
import { LatestLoad } from './latestLoad';
import { ALL_CHANGED, type StoreChange } from './changeEmitter';

export type AlertsSnapshot =
  | { readonly kind: 'empty' }
  | { readonly kind: 'loaded'; readonly list: AlertList; readonly unresolved: number; readonly at: number }
  | { readonly kind: 'failed'; readonly error: unknown; readonly previous?: AlertList };

/**
 * One panel's alerts, shared by the Alerts view, its badge and the status bar. One request at a time: a
 * refresh asked for while one runs joins it. Cleared when the panel's token state or scope belief changes,
 * which also cancels the load in flight.
 */
export class AlertsStore implements vscode.Disposable {
  private current: AlertsSnapshot = { kind: 'empty' };
  private readonly loads = new LatestLoad<PollOutcome>();
  private readonly changed = new vscode.EventEmitter<StoreChange>();
  /** What changed (the alerts are one list: `all`); a read that changes nothing fires nothing. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['alerts.list'], () => {
      this.loads.cancel();
      this.current = { kind: 'empty' };
      this.changed.fire(ALL_CHANGED);
    });
  }

  get snapshot(): AlertsSnapshot {
    return this.current;
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
    const list = withResolved(this.current.list, (alert) => alert.id !== undefined && resolved.has(String(alert.id)), at);
    this.current = { kind: 'loaded', list, unresolved: unresolvedCount(list), at: this.current.at };
    this.changed.fire(ALL_CHANGED);
  }

  /** What is held, else reads it (joining a read in flight); says whether polling should go on, as `refresh` does. */
  load(): Promise<PollOutcome> {
    return this.current.kind === 'empty' ? this.refresh() : Promise.resolve('ok');
  }

  /** Loads the alerts; says whether polling should go on ('stop' after a 401, a 403 or a sign-out). */
  refresh(): Promise<PollOutcome> {
    return this.loads.join((signal) => this.read(signal));
  }

  dispose(): void {
    this.loads.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async read(signal: AbortSignal): Promise<PollOutcome> {
    try {
      const response = await this.session.call((api, callSignal) => api.alerts.list({ signal: callSignal }), signal);
      if (signal.aborted) return 'ok';
      const list = parseAlerts(response);
      const same = this.current.kind === 'loaded' && textOf(this.current.list) === textOf(list);
      this.current = { kind: 'loaded', list, unresolved: unresolvedCount(list), at: Date.now() };
      if (!same) this.changed.fire(ALL_CHANGED);
      return 'ok';
    } catch (error) {
      if (signal.aborted) return 'ok';
      const previous = this.current.kind === 'loaded' ? this.current.list : this.current.kind === 'failed' ? this.current.previous : undefined;
      const same = this.current.kind === 'failed' && String(this.current.error) === String(error);
      this.current = { kind: 'failed', error, previous };
      if (!same) this.changed.fire(ALL_CHANGED);
      const final = error instanceof NotConnectedError || error instanceof TokenRejectedError || isTokenRejected(error) || isScopeDenied(error);
      return final ? 'stop' : 'failed';
    }
  }
}

/** A list as text, to tell whether a read changed it (int64 ids written as their digits). */
function textOf(value: unknown): string {
  return JSON.stringify(value, (_key, part: unknown) => (typeof part === 'bigint' ? part.toString() : part)) ?? '';
}
