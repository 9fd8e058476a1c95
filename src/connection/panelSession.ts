import * as vscode from 'vscode';
import { isScopeDenied, isTokenRejected, PanelApiError, PanelCancelledError, PanelCertificateChangedError, PanelNetworkError, PanelTimeoutError } from '../api/errors';
import { scopeOf, type RouteId, type Scope } from '../api/catalog';
import type { PanelApi } from '../api/index';
import { explainRoute, type PanelCapabilities, type SessionState } from './capabilities';
import { ScopeBelief } from './scopeBelief';
import { whenChanged } from './whenChanged';
import type { GatewaySetup } from './gatewaySetup';
import type { PanelRecord } from './panelRecords';
import type { SavedPanels } from './savedPanels';
import { parseProtection, type ChatAccess, type PanelColor, type ProtectionLevel } from './protectionLevel';

export type { PanelCapabilities, SessionState } from './capabilities';

/**
 * A connected panel as the rest of the extension refers to it. Tree items, documents and webviews keep
 * its `id` and call through `PanelSession.callOn(id, …)`, so they stay on the panel they came from when
 * the user switches to another one.
 */
export interface PanelRef {
  /** Stable identifier: the panel's origin. */
  readonly id: string;
  readonly name: string;
  /** The panel's origin, e.g. https://panel.example.com. */
  readonly url: string;
  /** The panel's route names when its record keeps them (see `engineName` in clientOptions.ts). */
  readonly engineName?: string;
  readonly messengerName?: string;
  /** How carefully Panel Ops treats the panel: open, protected (type its name) or read-only. */
  readonly protection: ProtectionLevel;
  /** The theme colour the operator marked the panel with, if any. */
  readonly color?: PanelColor;
  /** What the chat tools may do on the panel. */
  readonly chatTools: ChatAccess;
}

/** What the operator chooses about a panel after connecting (kept with its record). */
export type PanelChoices = Partial<Pick<PanelRecord, 'protection' | 'color' | 'chatTools'>>;

/** The panel the views show. */


/** Thrown by `PanelSession.call` while no panel is connected, and by `callOn` for a panel signed out since. */
export class NotConnectedError extends Error {
  constructor(panelName?: string) {
    super(panelName
      ? vscode.l10n.t('The panel "{0}" is no longer connected; connect to it again.', panelName)
      : vscode.l10n.t('No panel is connected.'));
    this.name = 'NotConnectedError';
  }
}

/** Thrown by `PanelSession.call` after the panel rejected the token, until the user reconnects. */
export class TokenRejectedError extends Error {
  constructor(panelName: string) {
    super(vscode.l10n.t('The panel "{0}" rejected the token: it is invalid, expired or revoked. Reconnect with a new token.', panelName));
    this.name = 'TokenRejectedError';
  }
}

/** Builds the API client of a panel (sends nothing; the HTTP stack loads on the first request). */
export type ApiFactory = (url: string) => PanelApi;

/** An API call: the client of the panel and a signal that aborts on cancellation. */
export type PanelCall<T> = (api: PanelApi, signal: AbortSignal) => Promise<T>;

/** What cancels a call (VS Code's tokens become one in the action runner, src/runner/actionRunner.ts). */
export type Cancellation = AbortSignal;

/**
 * The connected panels, the active one (whose data the views show), and every call to any of them. Each
 * panel has its own client, built on first use. On 401 the session stops using that panel's token (later
 * calls throw `TokenRejectedError` without a request) and, for the active panel, fires `onDidRejectToken`
 * once; on 403 it records the route's scope as denied in that panel's scope belief. Every connected panel,
 * active or not, has one belief (`hasScopeOn`, `wasDeniedOn`, `forgetDenialsOn`); `capabilities` is a
 * view of the active panel's.
 */
export class PanelSession implements vscode.Disposable {
  private current: PanelRef | undefined;
  private readonly clients = new Map<string, PanelApi>();
  /** Panels whose token was rejected (401) since they were last shown or connected. */
  private readonly rejected = new Set<string>();
  /** The panels whose calls end without an answer, since when (`unansweredSince`). */
  private readonly unanswered = new Map<string, number>();
  /** What each connected panel's token is believed allowed, by panel id. */
  private readonly beliefs = new Map<string, ScopeBelief>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly tokenRejected = new vscode.EventEmitter<PanelRef>();
  private readonly subscriptions: vscode.Disposable[] = [];

  /** Connect, switch, sign-out, token rejected, a panel's scope belief changed. */
  readonly onDidChange = this.changed.event;
  /** The panel rejected the active token (fires once per rejection, not once per failing call). */
  readonly onDidRejectToken = this.tokenRejected.event;

  /**
   * The active panel's scope belief (nothing is allowed while no panel is active): what the context keys
   * of `when` clauses and a view of the active panel read. The same belief as `hasScopeOn(active.id, …)`.
   */
  readonly capabilities: PanelCapabilities = {
    can: (routeId) => this.current !== undefined && this.hasScopeOn(this.current.id, scopeOf(routeId)),
    hasScope: (scope) => this.current !== undefined && this.hasScopeOn(this.current.id, scope),
    wasDenied: (routeId) => this.current !== undefined && this.wasDeniedOn(this.current.id, routeId),
    forgetDenials: (routeId) => { if (this.current) this.forgetDenialsOn(this.current.id, routeId); },
    explain: explainRoute,
  };

  constructor(
    private readonly store: SavedPanels,
    private readonly createApi: ApiFactory,
  ) {
    this.subscriptions.push(
      store.onDidChange(({ url }) => void this.followStore(url)),
      // A client reads its gateway once: a changed gateway (here or in another window) needs a new client.
      store.onDidChangeGateway((url) => this.closeClient(url)),
    );
  }

  get state(): SessionState {
    if (!this.current) return 'disconnected';
    return this.rejected.has(this.current.id) ? 'tokenRejected' : 'connected';
  }

  /**
   * Fires when what a view shows must start over: another active panel (or none), a change of token state,
   * or a change in the belief about the scope of one of `routes`. Capability changes about other scopes
   * (e.g. a 403 in another view) do not fire it.
   */
  onDidChangePanel(routes: readonly RouteId[], listener: () => void): vscode.Disposable {
    const scopes = [...new Set(routes.map(scopeOf))];
    return whenChanged(this.changed.event, () => [this.current?.id ?? '', this.state, ...scopes.map((scope) => this.capabilities.hasScope(scope))].join('|'), listener);
  }

  /** A connected panel's own state, active or not: 'disconnected' once it is signed out. */
  stateOf(panelId: string): SessionState {
    if (!this.store.record(panelId)) return 'disconnected';
    return this.rejected.has(panelId) ? 'tokenRejected' : 'connected';
  }

  /**
   * Whether that panel's token is believed to hold the scope: the scopes it was connected with minus its
   * own 403 answers (never another panel's); nothing while its token is rejected or it is signed out.
   */
  hasScopeOn(panelId: string, scope: Scope): boolean {
    return this.stateOf(panelId) === 'connected' && this.beliefOf(panelId).hasScope(scope);
  }

  /** Whether that panel answered 403 for the route's scope since its last refresh. */
  wasDeniedOn(panelId: string, routeId: RouteId): boolean {
    return this.beliefOf(panelId).wasDenied(scopeOf(routeId));
  }

  /** Forgets that panel's 403 answers for the route's scope, or all of them (a refresh). */
  forgetDenialsOn(panelId: string, routeId?: RouteId): void {
    if (this.beliefOf(panelId).forgetDenials(routeId && scopeOf(routeId))) this.changed.fire();
  }

  get active(): PanelRef | undefined {
    return this.current;
  }

  /** A connected panel by id (its origin), undefined once it is signed out. */
  panel(id: string): PanelRef | undefined {
    const record = this.store.record(id);
    return record && refOf(record);
  }

  /** A connected panel's protection level (open once it is signed out: nothing can be sent to it then anyway). */
  protectionOf(panelId: string): ProtectionLevel {
    return parseProtection(this.store.record(panelId)?.protection);
  }

  /**
   * Changes what the operator chose about a connected panel (protection, colour, chat tools): kept with its
   * record; every view, the status bar and the context keys follow (onDidChange). Nothing is sent.
   */
  async setPanelChoices(panelId: string, choices: PanelChoices): Promise<PanelRef | undefined> {
    const record = this.store.record(panelId);
    if (!record) return undefined;
    const next: PanelRecord = { ...record, ...choices };
    // An open level, no colour, or chat tools that read and change are stored as absent (the defaults).
    const stored = Object.fromEntries(Object.entries(next).filter(([name, value]) => !(
      value === undefined || (name === 'protection' && value === 'open') || (name === 'chatTools' && value === 'readWrite')))) as unknown as PanelRecord;
    await this.store.update(stored);
    if (this.current?.id === panelId) this.current = refOf(stored);
    this.changed.fire();
    return refOf(stored);
  }

  /** The panels connected in this window (no request), in the order they were connected. */
  connectedPanels(): PanelRef[] {
    return this.store.records().map(refOf);
  }

  /** Picks the panel to show at startup from storage; sends no request. */
  async initialize(): Promise<void> {
    const connected = await this.store.connected();
    const preferred = connected.find((record) => record.url === this.store.activeUrl()) ?? connected[0];
    this.show(preferred);
  }

  /** Runs an API call for the active panel (see the class comment for 401 and 403). */
  call<T>(fn: PanelCall<T>, cancel?: Cancellation): Promise<T> {
    const panel = this.current;
    if (!panel) return Promise.reject(new NotConnectedError());
    return this.callOn(panel.id, fn, cancel);
  }

  /**
   * Runs an API call for the given connected panel, active or not: what an editor, webview or tree item
   * opened from that panel uses, so switching panels never sends its request elsewhere.
   */
  async callOn<T>(panelId: string, fn: PanelCall<T>, cancel?: Cancellation): Promise<T> {
    const record = this.store.record(panelId);
    if (!record) throw new NotConnectedError(panelId);
    if (this.rejected.has(panelId)) throw new TokenRejectedError(record.name);
    try {
      const answer = await fn(this.clientOf(record.url), cancel ?? new AbortController().signal);
      this.answered(panelId, true);
      return answer;
    } catch (error) {
      this.learnFrom(panelId, error);
      throw error;
    }
  }

  /**
   * Since when (ms since the epoch) the panel has not answered: its calls end without an answer (the
   * connection failed or timed out) since then. Undefined once a call is answered. Every view's panel item
   * says so; a change fires `onDidChange`.
   */
  unansweredSince(panelId: string): number | undefined {
    return this.unanswered.get(panelId);
  }

  private answered(panelId: string, answered: boolean): void {
    if (answered === !this.unanswered.has(panelId)) return;
    if (answered) this.unanswered.delete(panelId);
    else this.unanswered.set(panelId, Date.now());
    this.changed.fire();
  }

  /** Stores a verified panel, token and access gateway and makes the panel active. */
  async connect(record: PanelRecord, token: string, gateway?: GatewaySetup): Promise<void> {
    await this.store.save(record, token, gateway);
    await this.store.setActiveUrl(record.url);
    this.closeClient(record.url);
    this.show(record);
  }

  /** Makes another connected panel active. */
  async switchTo(url: string): Promise<void> {
    const record = (await this.store.connected()).find((candidate) => candidate.url === url);
    if (!record) throw new Error(vscode.l10n.t('The panel {0} is not connected.', url));
    await this.store.setActiveUrl(url);
    this.show(record);
  }

  /** Deletes the panel's token and forgets it (the active panel when no URL is given). */
  async signOut(url = this.current?.url): Promise<void> {
    if (!url) return;
    await this.store.remove(url);
    this.closeClient(url);
    if (this.current?.url === url) this.show((await this.store.connected())[0]);
  }

  /**
   * Re-reads which panels are connected (no request): adopts a panel connected elsewhere while none is
   * active, and leaves one signed out elsewhere. For hosts whose SecretStorage does not report other
   * windows' changes (seen in code-server), called when the window gains focus.
   */
  async resync(): Promise<void> {
    const before = this.current;
    const connected = await this.store.connected();
    if (this.current !== before) return; // changed meanwhile
    if (!before) {
      if (connected.length > 0) this.show(connected[0]);
    } else if (!connected.some((record) => record.url === before.url)) {
      this.show(connected[0]);
    }
  }

  /** Rebuilds every panel's client after a setting they depend on changed (proxy, CA, timeouts...). */
  rebuildClient(): void {
    for (const url of [...this.clients.keys()]) this.closeClient(url);
    const record = this.current && this.store.record(this.current.url);
    if (record) this.show(record);
  }

  dispose(): void {
    for (const url of [...this.clients.keys()]) this.closeClient(url);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.tokenRejected.dispose();
  }

  private clientOf(url: string): PanelApi {
    let api = this.clients.get(url);
    if (!api) {
      api = this.createApi(url);
      this.clients.set(url, api);
    }
    return api;
  }

  private closeClient(url: string): void {
    this.beliefs.delete(url);
    this.unanswered.delete(url);
    const api = this.clients.get(url);
    this.clients.delete(url);
    void api?.close();
  }

  private learnFrom(panelId: string, error: unknown): void {
    const isActive = this.current?.id === panelId;
    if ((error instanceof PanelNetworkError && !(error instanceof PanelCertificateChangedError)) || error instanceof PanelTimeoutError) this.answered(panelId, false);
    else if (error instanceof PanelApiError && !(error instanceof PanelCancelledError)) this.answered(panelId, true);
    if (isTokenRejected(error)) {
      if (this.rejected.has(panelId)) return;
      this.rejected.add(panelId);
      this.changed.fire(); // that panel's items and, for the active one, the context keys say so (stateOf, state)
      if (isActive && this.current) this.tokenRejected.fire(this.current);
    } else if (isScopeDenied(error) && error instanceof PanelApiError && error.requiredScope) {
      // Each panel's 403 changes that panel's belief only.
      if (this.beliefOf(panelId).deny(error.requiredScope)) this.changed.fire();
    }
  }

  private beliefOf(panelId: string): ScopeBelief {
    let belief = this.beliefs.get(panelId);
    if (!belief) {
      belief = new ScopeBelief(this.store.record(panelId)?.scopes ?? []);
      this.beliefs.set(panelId, belief);
    }
    return belief;
  }

  /** Makes the panel active (none when undefined); each panel keeps its own scope belief. */
  private show(record: PanelRecord | undefined): void {
    if (record) this.rejected.delete(record.url);
    this.current = record && refOf(record);
    this.changed.fire();
  }

  /** Follows changes made by this window's store calls and by other windows (through SecretStorage). */
  private async followStore(url: string | undefined): Promise<void> {
    if (url && !this.store.record(url)) this.closeClient(url);
    if (this.current && url === this.current.url) {
      const [token, connected] = await Promise.all([this.store.token(url), this.store.connected()]);
      if (this.current?.url !== url) return; // something else changed the active panel meanwhile
      const record = this.store.record(url);
      if (token === undefined || !record) this.show(connected[0]);
      else if (this.state === 'tokenRejected' || record.name !== this.current.name) {
        this.beliefs.delete(url); // a new token (saved in another window) starts from the scopes it was connected with
        this.show(record);
      }
    } else if (!this.current) {
      const connected = await this.store.connected();
      if (!this.current && connected.length > 0) this.show(connected[0]);
    }
  }
}

function refOf(record: PanelRecord): PanelRef {
  return {
    id: record.url, url: record.url, name: record.name, engineName: record.engineName, messengerName: record.messengerName,
    protection: parseProtection(record.protection), chatTools: record.chatTools ?? 'readWrite', ...(record.color ? { color: record.color } : {}),
  };
}
