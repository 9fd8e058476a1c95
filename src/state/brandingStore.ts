import type { PanelRef } from '../connection/panelSession';
import type { StoreSession } from './storeSession';
import { ALL_CHANGED, ChangeEmitter, LIST_CHANGED, type StoreChange, type Subscription } from './changeEmitter';
import { brandingProfiles, type BrandingProfile } from './brandingModel';
import { LatestLoad } from './latestLoad';

export type BrandingSnapshot =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loaded'; readonly panelId: string; readonly profiles: readonly BrandingProfile[]; readonly live: boolean; readonly unreadable: number }
  | { readonly kind: 'failed'; readonly panelId: string; readonly error: unknown };

/**
 * One panel's branding profiles: stored (`live=0`) or, when asked, as the online node reports them
 * (`live=1`). Mutations put the panel's answer in here (an activation also marks the others inactive), and
 * the view follows through `onDidChange`. A change of panel or a refresh cancels the load in flight. No
 * `vscode` import (the live/stored context key is set by the commands that switch it).
 */
export class BrandingStore {
  private state: BrandingSnapshot = { kind: 'idle' };
  private liveMode = false;
  /** The mode of what was last told through `onDidChange` (a switch is told even when the answer reads the same). */
  private toldLive = false;
  private readonly loading = new LatestLoad<void>();
  private readonly changed = new ChangeEmitter<StoreChange>();
  /**
   * What changed: one profile's fields, the list's members and order unchanged (`item`, its id: `profile`
   * has the new copy), the list (profiles added, removed or reordered), or everything (`all`: forgotten, the
   * first read, live/stored switched, a failure). A read or a put that changes nothing fires nothing.
   */
  readonly onDidChange = this.changed.event;
  private readonly subscription: Subscription;

  constructor(private readonly session: StoreSession & { readonly panel: PanelRef | undefined }) {
    this.subscription = session.onDidChangePanel(['branding.profiles.list'], () => this.reset());
  }

  /** What is held now: nothing yet, the profiles last read (of which panel, stored or live), or why the read failed. */
  get held(): BrandingSnapshot {
    return this.state;
  }

  /** Whether the list shows what the node reports (`live=1`) instead of the stored profiles. */
  get live(): boolean {
    return this.liveMode;
  }

  setLive(live: boolean): Promise<void> {
    this.liveMode = live;
    return this.refresh();
  }

  /** What is held, else (nothing held yet) reads the profiles, joining a read in flight. */
  load(): Promise<void> {
    if (this.state.kind !== 'idle') return Promise.resolve();
    return this.read();
  }

  /** Reads the profiles again now, cancelling a read in flight; what changed fires. */
  refresh(): Promise<void> {
    this.loading.cancel();
    return this.read();
  }

  private read(): Promise<void> {
    const panel = this.session.panel;
    if (!panel) return Promise.resolve();
    const live = this.liveMode;
    return this.loading.join(async (signal) => {
      let next: BrandingSnapshot;
      try {
        const answer = await this.session.call((api, callSignal) => api.branding.profiles.list({ live }, { signal: callSignal }), signal);
        const list = brandingProfiles(answer, live);
        next = { kind: 'loaded', panelId: panel.id, profiles: list.profiles, live: list.live, unreadable: list.unreadable };
      } catch (error) {
        next = { kind: 'failed', panelId: panel.id, error };
      }
      if (signal.aborted) return;
      const before = this.state;
      this.state = next;
      if (live !== this.toldLive) {
        this.toldLive = live;
        this.changed.fire(ALL_CHANGED);
      } else {
        this.fireChanges(before, next);
      }
    });
  }

  /** A profile the panel answered with (created, updated, activated). */
  put(panelId: string, profile: BrandingProfile): void {
    const state = this.state;
    if (state.kind !== 'loaded' || state.panelId !== panelId) return;
    const others = profile.active ? state.profiles.map((other) => (other.active && other.id !== profile.id ? { ...other, active: false } : other)) : state.profiles;
    const exists = others.some((other) => other.id === profile.id);
    const profiles = exists ? others.map((other) => (other.id === profile.id ? profile : other)) : [...others, profile];
    const next: BrandingSnapshot = { ...state, profiles };
    this.state = next;
    this.fireChanges(state, next);
  }

  remove(panelId: string, id: string): void {
    const state = this.state;
    if (state.kind !== 'loaded' || state.panelId !== panelId || !state.profiles.some((profile) => profile.id === id)) return;
    this.state = { ...state, profiles: state.profiles.filter((profile) => profile.id !== id) };
    this.changed.fire(LIST_CHANGED);
  }

  /** The profile held with this id, if any. */
  get(id: string): BrandingProfile | undefined {
    const state = this.state;
    return state.kind === 'loaded' ? state.profiles.find((profile) => profile.id === id) : undefined;
  }

  dispose(): void {
    this.loading.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }

  /**
   * Fires what changed from `before` to `after`: nothing when they are the same; each changed profile when
   * the same panel's profiles are listed in the same order (stored or live as before); the list when
   * members or order changed; everything otherwise.
   */
  private fireChanges(before: BrandingSnapshot, after: BrandingSnapshot): void {
    if (textOf(before) === textOf(after)) return;
    if (before.kind !== 'loaded' || after.kind !== 'loaded' || before.panelId !== after.panelId || before.live !== after.live) {
      this.changed.fire(ALL_CHANGED);
      return;
    }
    const sameOrder = before.unreadable === after.unreadable && before.profiles.length === after.profiles.length
      && after.profiles.every((profile, index) => profile.id === before.profiles[index].id);
    if (!sameOrder) {
      this.changed.fire(LIST_CHANGED);
      return;
    }
    after.profiles.forEach((profile, index) => {
      if (textOf(profile) !== textOf(before.profiles[index])) this.changed.fire({ kind: 'item', id: profile.id });
    });
  }

  private reset(): void {
    this.loading.cancel();
    this.state = { kind: 'idle' };
    this.changed.fire(ALL_CHANGED);
  }
}

/** What is held as text, to tell whether a read changed it (a failure by its message). */
function textOf(value: BrandingSnapshot | BrandingProfile): string {
  return JSON.stringify(value, (key, part: unknown) => (key === 'error' ? String(part) : typeof part === 'bigint' ? part.toString() : part)) ?? '';
}
