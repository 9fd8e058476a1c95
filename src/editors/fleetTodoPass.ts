import * as vscode from 'vscode';
import type { User } from '../api/types';
import { isMuted, type FindingKind } from '../state/fleetFindings';
import { readPass, type PassWants } from '../state/fleetTodoPass';
import { liveUserOf, type CertificateHolding, type PassHoldings } from '../state/passFindings';
import type { PanelStoresLookup } from '../state/panelStores';
import { todoSettings, type TodoSettings } from './fleetTodoSettings';

/** How often the passes' schedule is looked at (no request: a pass runs only when due). */
const CHECK_MS = 60_000;
const USER_KINDS: readonly FindingKind[] = ['userSharing', 'userOnlineExpired'];

/** The window's focus, as the passes consult it. */
export interface FocusSource {
  readonly focused: boolean;
  onDidChange(listener: (focused: boolean) => void): vscode.Disposable;
}

const WINDOW_FOCUS: FocusSource = {
  get focused() { return vscode.window.state.focused; },
  onDidChange: (listener) => vscode.window.onDidChangeWindowState((state) => listener(state.focused)),
};

/** What a pass needs of a panel besides its stores: the self-signed certificate trusted for it (PEM). */
export type TrustedCertificateOf = (panelId: string) => string | undefined;

/**
 * The fleet to-do's own reads (issue 35): per connected panel, one bounded pass (state/fleetTodoPass.ts) at
 * most every `panelOps.todo.livePassMinutes` (15; 0 turns it off), never while the window is unfocused (a
 * pass that falls due then runs when focus returns), and only while the panel is not muted and has a kind
 * on that the pass serves and its token may read: the users' `live` figures (keys.list), the fleet updates
 * (nodes:write), the certificate (an https panel). What a pass read is kept here for the findings only, not
 * put in the users store: that store holds the lists the views show and fires their redraws, and a pass
 * keeps the few users whose figures can make a finding, compacted (no secret, no links). A user the store
 * reads anew (a disable's answer) replaces the pass's copy, so the finding follows the store. Cancelled on
 * sign-out.
 */
export class FleetTodoPasses implements vscode.Disposable {
  private readonly held = new Map<string, PassHoldings>();
  private readonly started = new Map<string, number>();
  private readonly running = new Map<string, AbortController>();
  /** Panels whose pass fell due while the window was unfocused. */
  private readonly waiting = new Set<string>();
  private focusOverride: boolean | undefined;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly subscriptions: vscode.Disposable[];
  private readonly read = new vscode.EventEmitter<string>();
  /** A pass read a panel (its id): its findings are computed again. */
  readonly onDidRead = this.read.event;

  constructor(
    private readonly panels: Pick<PanelStoresLookup, 'get'>,
    /** The panels the to-do follows. */
    private readonly followed: () => Iterable<string>,
    private readonly trustedCertificateOf: TrustedCertificateOf = () => undefined,
    private readonly focus: FocusSource = WINDOW_FOCUS,
  ) {
    this.subscriptions = [
      focus.onDidChange(() => {
        if (this.focusOverride === undefined) this.check();
      }),
    ];
    this.timer = setInterval(() => this.check(), CHECK_MS);
    this.timer.unref?.();
  }

  /** What the last pass read of a panel; undefined before its first. */
  holdings(panelId: string): PassHoldings | undefined {
    return this.held.get(panelId);
  }

  /** Whether a panel's pass is due but waits for the window's focus. */
  waitsForFocus(panelId: string): boolean {
    return this.waiting.has(panelId);
  }

  /** Whether a panel's pass is reading now. */
  isRunning(panelId: string): boolean {
    return this.running.has(panelId);
  }

  /** Starts the passes that are due and allowed now. */
  check(settings: TodoSettings = todoSettings()): void {
    for (const panelId of this.followed()) this.maybeRun(panelId, settings);
  }

  /** The users store read a user anew: its copy replaces the pass's (figures kept when it has none). */
  takeUser(panelId: string, user: User | undefined): void {
    const holdings = this.held.get(panelId);
    const index = user ? holdings?.users.findIndex((candidate) => candidate.id === user.id) ?? -1 : -1;
    if (!holdings || !user || index < 0) return;
    const users = [...holdings.users];
    const kept = liveUserOf(user) ?? liveUserOf({ ...user, live: users[index].live });
    if (kept) users[index] = kept;
    else users.splice(index, 1);
    this.held.set(panelId, { ...holdings, users });
  }

  /** A panel signed out: its pass is cancelled and what it read forgotten. */
  forget(panelId: string): void {
    this.running.get(panelId)?.abort();
    this.running.delete(panelId);
    this.held.delete(panelId);
    this.started.delete(panelId);
    this.waiting.delete(panelId);
  }

  /** Test seam: the window focus the passes believe instead of VS Code's (undefined: VS Code's again). */
  setWindowFocused(focused: boolean | undefined): void {
    this.focusOverride = focused;
    this.check();
  }

  /** Test seam: the panel's pass is due now, as if `livePassMinutes` had passed since the last. */
  makeDue(panelId: string): void {
    this.started.delete(panelId);
    this.check();
  }

  dispose(): void {
    clearInterval(this.timer);
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.read.dispose();
  }

  private get focused(): boolean {
    return this.focusOverride ?? this.focus.focused;
  }

  private maybeRun(panelId: string, settings: TodoSettings): void {
    const panel = this.panels.get(panelId);
    if (!panel || this.running.has(panelId)) return;
    const wants = this.wantsOf(panel, settings);
    const last = this.started.get(panelId);
    const due = settings.livePassMinutes > 0 && (last === undefined || Date.now() - last >= settings.livePassMinutes * 60_000);
    if (!wants || !due) {
      this.waiting.delete(panelId);
      return;
    }
    if (!this.focused) {
      this.waiting.add(panelId);
      return;
    }
    this.waiting.delete(panelId);
    this.started.set(panelId, Date.now());
    const controller = new AbortController();
    this.running.set(panelId, controller);
    void readPass(panel.call, wants, this.held.get(panelId), controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        this.held.set(panelId, result.holdings);
        this.read.fire(panelId);
      },
      () => undefined, // cancelled: the panel was signed out
    ).finally(() => {
      if (this.running.get(panelId) === controller) this.running.delete(panelId);
    });
  }

  /** What a pass of this panel reads now; undefined when nothing (muted, every kind off, or not allowed). */
  private wantsOf(panel: NonNullable<ReturnType<PanelStoresLookup['get']>>, settings: TodoSettings): PassWants | undefined {
    if (isMuted(settings.muted, panel.id, panel.name)) return undefined;
    const on = (kind: FindingKind) => !settings.off.has(kind);
    const users = USER_KINDS.some(on) && panel.scopes.can('keys.list');
    const fleetUpdates = on('fleetUpdateLong') && panel.scopes.can('fleet.updates.list');
    const https = new URL(panel.id).protocol === 'https:';
    const certificate = on('certificateExpiring') && https ? () => this.certificateOf(panel.id) : undefined;
    return users || fleetUpdates || certificate ? { users, fleetUpdates, ...(certificate ? { certificate } : {}) } : undefined;
  }

  /** The certificate the panel presents (a TLS handshake, nothing sent), and the one trusted for it. */
  private async certificateOf(panelId: string): Promise<CertificateHolding | undefined> {
    const { presentedCertificate, certificateFacts } = await import('../api/presentedCertificate');
    const presented = await presentedCertificate(new URL(panelId).origin);
    const trusted = this.trustedCertificateOf(panelId);
    const trustedSha256 = trusted ? certificateFacts(trusted).sha256 : undefined;
    return { validTo: presented.validTo, sha256: presented.sha256, ...(trustedSha256 ? { trustedSha256 } : {}) };
  }
}
