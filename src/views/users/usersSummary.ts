import * as vscode from 'vscode';
import type { ViewSession } from '../../state/panelStores';
import type { KeysStore } from '../../state/keysStore';
import { LatestLoad } from '../../state/latestLoad';
import { keysSummaryOf } from '../../state/keyAnswers';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';

/** How long after a change to a user the figures are read again (several changes, one request). */
const REREAD_DELAY_MS = 1500;

/** "40 users · 6 online · 9 devices" from a `/keys/summary` answer read defensively (keysSummaryOf); '' when it says nothing usable. */
export function summaryText(answer: unknown): string {
  const { total, online, devices } = keysSummaryOf(answer);
  const parts: string[] = [];
  if (total !== undefined) parts.push(plural(total, { one: '{0} user', other: '{0} users' }, vscode.l10n.t));
  if (online !== undefined) parts.push(vscode.l10n.t('{0} online', numberText(online)));
  if (devices !== undefined) parts.push(plural(devices, { one: '{0} device', other: '{0} devices' }, vscode.l10n.t));
  return parts.join(' · ');
}

/**
 * The panel-wide figures of `GET /keys/summary` for the Users view's description: read whenever the view
 * has loaded its groups unfiltered (first show, refresh, another panel, a filter cleared) and shortly after
 * users change, not while a filter is active (the description then shows the filter instead);
 * forgotten when the view starts over; nothing while users:read is missing.
 */
export class UsersSummary implements vscode.Disposable {
  private current = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly loading = new LatestLoad<void>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  /** `filtered`: whether a filter narrows the view, which then hides the figures (they are not read). */
  constructor(private readonly session: ViewSession, store: KeysStore, groupsLoaded: vscode.Event<void>, private readonly filtered: () => boolean) {
    this.subscriptions = [
      groupsLoaded(() => this.read()),
      store.onDidReset(() => this.forget()),
      store.onDidChangeList(() => this.readSoon()),
    ];
  }

  get text(): string {
    return this.current;
  }

  private readSoon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.read(), REREAD_DELAY_MS);
  }

  private forget(): void {
    if (this.timer) clearTimeout(this.timer);
    this.loading.cancel();
    this.show('');
  }

  private read(): void {
    if (!this.session.capabilities.can('keys.summary') || this.filtered()) {
      this.loading.cancel();
      return;
    }
    void this.loading.start(async (signal) => {
      try {
        const answer = await this.session.call((api, callSignal) => api.keys.summary({ signal: callSignal }), signal);
        if (!signal.aborted) this.show(summaryText(answer));
      } catch {
        // the figures are extra: a failed read leaves them out
      }
    });
  }

  private show(text: string): void {
    if (text === this.current) return;
    this.current = text;
    this.changed.fire();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.loading.cancel();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
