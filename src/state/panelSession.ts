import * as vscode from 'vscode';
import { isScopeDenied, isTokenRejected, PanelApiError } from '../api/errors';
import type { Scope } from '../api/catalog';
import type { PanelApi } from '../api/index';
import { Capabilities, type SessionState } from '../connection/capabilities';
import type { PanelRecord } from '../connection/panelRecords';
import type { PanelStore } from '../connection/panelStore';

export type { SessionState } from '../connection/capabilities';

/** The panel the views show. Call its API through `PanelSession.call` so 401 and 403 answers are learned from. */
export interface ActivePanel {
  /** Stable identifier: the panel's origin. */
  readonly id: string;
  readonly name: string;
  /** The panel's origin, e.g. https://panel.example.com. */
  readonly url: string;
  /** Built on first use; throws the client's configuration error (e.g. an invalid setting) when it cannot be. */
  readonly api: PanelApi;
}

/** Thrown by `PanelSession.call` while no panel is connected. */
export class NotConnectedError extends Error {
  constructor() {
    super(vscode.l10n.t('No panel is connected.'));
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

/**
 * The active panel and every call to it. On 401 the session stops using the token (later calls throw
 * `TokenRejectedError` without a request) and fires `onDidRejectToken` once; on 403 it records the
 * route's scope as denied in `capabilities`.
 */
export class PanelSession implements vscode.Disposable {
  private current: ActivePanel | undefined;
  private closeCurrentApi: () => void = () => undefined;
  private sessionState: SessionState = 'disconnected';
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly rejected = new vscode.EventEmitter<ActivePanel>();
  private readonly subscriptions: vscode.Disposable[] = [];

  /** Connect, switch, sign-out, token rejected, capabilities changed. */
  readonly onDidChange = this.changed.event;
  /** The panel rejected the active token (fires once per rejection, not once per failing call). */
  readonly onDidRejectToken = this.rejected.event;

  constructor(
    private readonly store: PanelStore,
    readonly capabilities: Capabilities,
    private readonly createApi: ApiFactory,
  ) {
    this.subscriptions.push(
      capabilities.onDidChange(() => this.changed.fire()),
      store.onDidChange(({ url }) => void this.followStore(url)),
    );
  }

  get state(): SessionState {
    return this.sessionState;
  }

  /**
   * Fires when what a view shows must start over: another active panel (or none), a change of token state,
   * or a change in the belief about one of `scopes`. Capability changes about other scopes (e.g. a 403 in
   * another view) do not fire it.
   */
  onDidChangePanel(scopes: readonly Scope[], listener: () => void): vscode.Disposable {
    const keyOf = () => [this.current?.id ?? '', this.sessionState, ...scopes.map((scope) => this.capabilities.hasScope(scope))].join('|');
    let key = keyOf();
    return this.changed.event(() => {
      const next = keyOf();
      if (next === key) return;
      key = next;
      listener();
    });
  }

  get active(): ActivePanel | undefined {
    return this.current;
  }

  /** Picks the panel to show at startup from storage; sends no request. */
  async initialize(): Promise<void> {
    const connected = await this.store.connected();
    const preferred = connected.find((record) => record.url === this.store.activeUrl()) ?? connected[0];
    this.show(preferred);
  }

  /** Runs an API call for the active panel (see the class comment for 401 and 403). */
  async call<T>(fn: (api: PanelApi, signal: AbortSignal) => Promise<T>, token?: vscode.CancellationToken): Promise<T> {
    const panel = this.current;
    if (!panel) throw new NotConnectedError();
    if (this.sessionState === 'tokenRejected') throw new TokenRejectedError(panel.name);
    const controller = new AbortController();
    const cancellation = token?.onCancellationRequested(() => controller.abort());
    if (token?.isCancellationRequested) controller.abort();
    try {
      return await fn(panel.api, controller.signal);
    } catch (error) {
      // An answer from a panel the user has switched away from says nothing about the active one.
      if (panel === this.current) this.learnFrom(error);
      throw error;
    } finally {
      cancellation?.dispose();
    }
  }

  /** Stores a verified panel and token and makes the panel active. */
  async connect(record: PanelRecord, token: string): Promise<void> {
    await this.store.save(record, token);
    await this.store.setActiveUrl(record.url);
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

  /** Rebuilds the active panel's client after a setting it depends on changed (proxy, CA, timeouts...). */
  rebuildClient(): void {
    const record = this.current && this.store.record(this.current.url);
    if (record) this.show(record);
  }

  dispose(): void {
    this.closeCurrentApi();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
    this.rejected.dispose();
  }

  private learnFrom(error: unknown): void {
    if (isTokenRejected(error)) {
      if (this.sessionState === 'tokenRejected' || !this.current) return;
      this.sessionState = 'tokenRejected';
      this.capabilities.setState('tokenRejected'); // fires onDidChange through the subscription
      this.rejected.fire(this.current);
    } else if (isScopeDenied(error) && error instanceof PanelApiError && error.requiredScope) {
      this.capabilities.deny(error.requiredScope);
    }
  }

  private show(record: PanelRecord | undefined): void {
    this.closeCurrentApi();
    this.closeCurrentApi = () => undefined;
    this.current = record && this.panelFor(record);
    this.sessionState = record ? 'connected' : 'disconnected';
    this.capabilities.reset(record?.scopes ?? [], this.sessionState); // fires onDidChange
  }

  private panelFor(record: PanelRecord): ActivePanel {
    const createApi = this.createApi;
    let api: PanelApi | undefined;
    this.closeCurrentApi = () => void api?.close();
    return {
      id: record.url,
      url: record.url,
      name: record.name,
      get api() {
        api ??= createApi(record.url);
        return api;
      },
    };
  }

  /** Follows changes made by this window's store calls and by other windows (through SecretStorage). */
  private async followStore(url: string | undefined): Promise<void> {
    if (this.current && url === this.current.url) {
      const [token, connected] = await Promise.all([this.store.token(url), this.store.connected()]);
      if (this.current?.url !== url) return; // something else changed the active panel meanwhile
      const record = this.store.record(url);
      if (token === undefined || !record) this.show(connected[0]);
      else if (this.sessionState === 'tokenRejected' || record.name !== this.current.name) this.show(record);
    } else if (!this.current) {
      const connected = await this.store.connected();
      if (!this.current && connected.length > 0) this.show(connected[0]);
    }
  }
}
