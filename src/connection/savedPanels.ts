import * as vscode from 'vscode';
import { gatewayRecordOf, gatewaySecretOf, gatewaySetupOf, type GatewaySetup } from './gatewaySetup';
import { parsePanelRecords, type PanelRecord } from './panelRecords';

const RECORDS_KEY = 'panelOps.panels';
const ACTIVE_KEY = 'panelOps.activePanel';
const TOKEN_KEY_PREFIX = 'panelOps.token:';
const GATEWAY_KEY_PREFIX = 'panelOps.gateway:';

function tokenKey(url: string): string {
  return `${TOKEN_KEY_PREFIX}${url}`;
}

function gatewayKey(url: string): string {
  return `${GATEWAY_KEY_PREFIX}${url}`;
}

/**
 * Connected panels: their URLs, names and scopes in global state, one token per panel in SecretStorage
 * (never synced, never in global state). A panel counts as connected only while its secret exists, so
 * another window's sign-out (seen through `secrets.onDidChange`) is enough to forget it here too. An access
 * gateway's secrets (header values, the certificate's passphrase) are a second secret of the panel.
 */
export class SavedPanels implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<{ url?: string }>();
  /** Fires after this window saved or removed a panel, and when another window changed a panel's token. */
  readonly onDidChange = this.changed.event;
  private readonly gatewayChanged = new vscode.EventEmitter<string>();
  /** Fires with the panel's URL when its access gateway changed, in this window or another. */
  readonly onDidChangeGateway = this.gatewayChanged.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key.startsWith(TOKEN_KEY_PREFIX)) this.changed.fire({ url: event.key.slice(TOKEN_KEY_PREFIX.length) });
      if (event.key.startsWith(GATEWAY_KEY_PREFIX)) this.gatewayChanged.fire(event.key.slice(GATEWAY_KEY_PREFIX.length));
    });
  }

  /** Every remembered panel (some may have lost their token in another window). */
  records(): PanelRecord[] {
    return parsePanelRecords(this.globalState.get(RECORDS_KEY));
  }

  record(url: string): PanelRecord | undefined {
    return this.records().find((record) => record.url === url);
  }

  /** Panels that have a token. */
  async connected(): Promise<PanelRecord[]> {
    const records = this.records();
    const present = await Promise.all(records.map(async (record) => (await this.token(record.url)) !== undefined));
    return records.filter((_, index) => present[index]);
  }

  token(url: string): Thenable<string | undefined> {
    return this.secrets.get(tokenKey(url));
  }

  /**
   * Remembers the panel, then stores its gateway's secrets and its token (so a window that sees the token
   * change finds the record and the gateway). `gateway` undefined keeps the gateway as it is.
   */
  async save(record: PanelRecord, token: string, gateway?: GatewaySetup): Promise<void> {
    const others = this.records().filter((existing) => existing.url !== record.url);
    await this.globalState.update(RECORDS_KEY, [...others, gateway ? withGateway(record, gateway) : record]);
    if (gateway) await this.storeGatewaySecret(record.url, gateway);
    await this.secrets.store(tokenKey(record.url), token);
    this.changed.fire({ url: record.url });
  }

  /** The access gateway of a panel (secrets included), or undefined when none is set. */
  async gateway(url: string): Promise<GatewaySetup | undefined> {
    const gateway = this.record(url)?.accessGateway;
    return gateway && gatewaySetupOf(gateway, await this.secrets.get(gatewayKey(url)));
  }

  /** Replaces a connected panel's access gateway (no gateway: removes it), its secrets included. */
  async saveGateway(url: string, gateway: GatewaySetup): Promise<void> {
    const record = this.record(url);
    if (!record) return;
    await this.update(withGateway(record, gateway));
    await this.storeGatewaySecret(url, gateway);
    this.gatewayChanged.fire(url);
  }

  private async storeGatewaySecret(url: string, gateway: GatewaySetup): Promise<void> {
    const secret = gatewaySecretOf(gateway);
    if (secret === undefined) await this.secrets.delete(gatewayKey(url));
    else await this.secrets.store(gatewayKey(url), secret);
  }

  /** Updates what is remembered about a panel without touching its token. */
  async update(record: PanelRecord): Promise<void> {
    const records = this.records().map((existing) => (existing.url === record.url ? record : existing));
    await this.globalState.update(RECORDS_KEY, records);
    this.changed.fire({ url: record.url });
  }

  /** Deletes the token and the gateway's secrets, and forgets the panel. */
  async remove(url: string): Promise<void> {
    await this.secrets.delete(tokenKey(url));
    await this.secrets.delete(gatewayKey(url));
    await this.globalState.update(RECORDS_KEY, this.records().filter((record) => record.url !== url));
    if (this.activeUrl() === url) await this.globalState.update(ACTIVE_KEY, undefined);
    this.changed.fire({ url });
  }

  /** The panel last made active in any window (the starting choice of a new window). */
  activeUrl(): string | undefined {
    const value = this.globalState.get(ACTIVE_KEY);
    return typeof value === 'string' ? value : undefined;
  }

  setActiveUrl(url: string | undefined): Thenable<void> {
    return this.globalState.update(ACTIVE_KEY, url);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
    this.gatewayChanged.dispose();
  }
}

function withGateway(record: PanelRecord, gateway: GatewaySetup): PanelRecord {
  const { accessGateway: _previous, ...rest } = record;
  const part = gatewayRecordOf(gateway);
  return part ? { ...rest, accessGateway: part } : rest;
}
