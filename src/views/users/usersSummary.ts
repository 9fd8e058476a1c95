import * as vscode from 'vscode';
import type { ViewSession } from '../../state/panelStores';
import type { UsersStore } from '../../state/usersStore';
import { LatestLoad } from '../../state/latestLoad';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';
import { summaryFigures, usersFigures, type UsersFigures } from './usersFigures';

/** "300 users · 6 online · 9 devices"; '' when there is nothing to say. */
export function figuresText(figures: UsersFigures): string {
  const parts: string[] = [];
  if (figures.users !== undefined) parts.push(plural(figures.users, { one: '{0} user', other: '{0} users' }, vscode.l10n.t));
  if (figures.online !== undefined) parts.push(vscode.l10n.t('{0} online', numberText(figures.online)));
  if (figures.devices !== undefined) parts.push(plural(figures.devices, { one: '{0} device', other: '{0} devices' }, vscode.l10n.t));
  return parts.join(' · ');
}

/**
 * The panel-wide figures for the Users view's description, the panel's own (see `usersFigures.ts`):
 * `GET /keys/summary` is read whenever the view has loaded its groups unfiltered (first show, refresh,
 * another panel, a filter cleared) and each time the keys store has had the panel count its lists again
 * after a change (so a burst of changes costs one more read, the store's), not while a filter is active
 * (the description then shows the filter instead); the number of users comes from the groups' totals
 * when the summary gives none. Forgotten when the view starts over.
 */
export class UsersSummary implements vscode.Disposable {
  /**
   * What the last summary read said (`{}` when it failed, said nothing usable or is not allowed: the
   * groups' totals then give the number of users); undefined until the first read has ended.
   */
  private summary: UsersFigures | undefined;
  private current = '';
  private readonly loading = new LatestLoad<void>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  /**
   * `filtered`: whether a filter narrows the view, which then hides the figures (they are not read);
   * `stateTotals`: the six groups' panel totals, unfiltered (undefined while not loaded).
   */
  constructor(
    private readonly session: ViewSession,
    store: UsersStore,
    groupsLoaded: vscode.Event<void>,
    private readonly filtered: () => boolean,
    private readonly stateTotals: () => readonly (number | undefined)[] | undefined,
  ) {
    this.subscriptions = [
      groupsLoaded(() => this.read()),
      store.onDidChange((change) => {
        if (change.kind === 'all') this.forget();
        else if (change.kind === 'list' && !change.list) this.read(); // the lists a change touched, counted again
      }),
    ];
  }

  get text(): string {
    return this.current;
  }

  /** The figures are shown from now on (this panel became the one the view shows): read them once the groups are there. */
  shown(): void {
    if (this.summary === undefined && this.stateTotals() !== undefined) this.read();
  }

  private forget(): void {
    this.loading.cancel();
    this.summary = undefined;
    this.show();
  }

  private read(): void {
    if (this.filtered()) {
      this.loading.cancel();
      return;
    }
    if (!this.session.capabilities.can('keys.summary')) {
      this.loading.cancel();
      this.summary = {};
      this.show();
      return;
    }
    void this.loading.start(async (signal) => {
      let figures: UsersFigures;
      try {
        figures = summaryFigures(await this.session.call((api, callSignal) => api.keys.summary({ signal: callSignal }), signal));
      } catch {
        figures = {}; // the summary is extra: the groups' totals still give the number of users
      }
      if (signal.aborted) return;
      this.summary = figures;
      this.show();
    });
  }

  private show(): void {
    const text = this.filtered() || !this.summary ? '' : figuresText(usersFigures(this.summary, this.stateTotals()));
    if (text === this.current) return;
    this.current = text;
    this.changed.fire();
  }

  dispose(): void {
    this.loading.cancel();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}
