import * as vscode from 'vscode';
import type { ViewSession } from './panelStores';
import { ALL_CHANGED, type StoreChange } from './changeEmitter';
import { brandingProfiles, type BrandingProfile } from './brandingModel';
import { LatestLoad } from './latestLoad';

export type BrandingSnapshot =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loaded'; readonly panelId: string; readonly profiles: readonly BrandingProfile[]; readonly live: boolean; readonly unreadable: number }
  | { readonly kind: 'failed'; readonly panelId: string; readonly error: unknown };

/**
 * One panel's branding profiles: stored (`live=0`) or, when asked, as the online node reports them
 * (`live=1`). Mutations put the panel's answer in here (an activation also marks the others inactive), and
 * the view follows through `onDidChange`. A change of panel or a refresh cancels the load in flight.
 */
export class BrandingStore implements vscode.Disposable {
  private state: BrandingSnapshot = { kind: 'idle' };
  private liveMode = false;
  private readonly loading = new LatestLoad<void>();
  private readonly changed = new vscode.EventEmitter<StoreChange>();
  /** What changed (the profiles are one list: `all`). */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: ViewSession) {
    this.subscription = session.onDidChangePanel(['branding.profiles.list'], () => this.reset());
  }

  get snapshot(): BrandingSnapshot {
    return this.state;
  }

  /** Whether the list shows what the node reports (`live=1`) instead of the stored profiles. */
  get live(): boolean {
    return this.liveMode;
  }

  setLive(live: boolean): Promise<void> {
    this.liveMode = live;
    void vscode.commands.executeCommand('setContext', 'panelOps.branding.live', live);
    return this.refresh();
  }

  /** Loads now (joining a load in flight). */
  load(): Promise<void> {
    const panel = this.session.active;
    if (!panel) return Promise.resolve();
    const live = this.liveMode;
    return this.loading.join(async (signal) => {
      let next: BrandingSnapshot;
      try {
        const answer = await this.session.callOn(panel.id, (api, callSignal) => api.branding.profiles.list({ live }, { signal: callSignal }), signal);
        const list = brandingProfiles(answer, live);
        next = { kind: 'loaded', panelId: panel.id, profiles: list.profiles, live: list.live, unreadable: list.unreadable };
      } catch (error) {
        next = { kind: 'failed', panelId: panel.id, error };
      }
      if (signal.aborted) return;
      this.state = next;
      this.changed.fire(ALL_CHANGED);
    });
  }

  refresh(): Promise<void> {
    this.loading.cancel();
    return this.load();
  }

  /** A profile the panel answered with (created, updated, activated). */
  put(panelId: string, profile: BrandingProfile): void {
    const state = this.state;
    if (state.kind !== 'loaded' || state.panelId !== panelId) return;
    const others = profile.active ? state.profiles.map((other) => (other.active && other.id !== profile.id ? { ...other, active: false } : other)) : state.profiles;
    const exists = others.some((other) => other.id === profile.id);
    const profiles = exists ? others.map((other) => (other.id === profile.id ? profile : other)) : [...others, profile];
    this.state = { ...state, profiles };
    this.changed.fire(ALL_CHANGED);
  }

  remove(panelId: string, id: string): void {
    const state = this.state;
    if (state.kind !== 'loaded' || state.panelId !== panelId) return;
    this.state = { ...state, profiles: state.profiles.filter((profile) => profile.id !== id) };
    this.changed.fire(ALL_CHANGED);
  }

  profile(panelId: string, id: string): BrandingProfile | undefined {
    const state = this.state;
    return state.kind === 'loaded' && state.panelId === panelId ? state.profiles.find((profile) => profile.id === id) : undefined;
  }

  dispose(): void {
    this.loading.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }

  private reset(): void {
    this.loading.cancel();
    this.state = { kind: 'idle' };
    this.changed.fire(ALL_CHANGED);
  }
}
