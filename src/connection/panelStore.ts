import * as vscode from 'vscode';
import { parsePanelRecords, type PanelRecord } from './panelRecords';

const RECORDS_KEY = 'panelOps.panels';
const ACTIVE_KEY = 'panelOps.activePanel';
const TOKEN_KEY_PREFIX = 'panelOps.token:';

function tokenKey(url: string): string {
  return `${TOKEN_KEY_PREFIX}${url}`;
}

/**
 * Connected panels: their URLs, names and scopes in global state, one token per panel in SecretStorage
 * (never synced, never in global state). A panel counts as connected only while its secret exists, so
 * another window's sign-out (seen through `secrets.onDidChange`) is enough to forget it here too.
 */
export class PanelStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<{ url?: string }>();
  /** Fires after this window saved or removed a panel, and when another window changed a panel's token. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly globalState: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
  ) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key.startsWith(TOKEN_KEY_PREFIX)) this.changed.fire({ url: event.key.slice(TOKEN_KEY_PREFIX.length) });
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

  /** Remembers the panel, then stores its token (so a window that sees the secret change finds the record). */
  async save(record: PanelRecord, token: string): Promise<void> {
    const others = this.records().filter((existing) => existing.url !== record.url);
    await this.globalState.update(RECORDS_KEY, [...others, record]);
    await this.secrets.store(tokenKey(record.url), token);
    this.changed.fire({ url: record.url });
  }

  /** Updates what is remembered about a panel without touching its token. */
  async update(record: PanelRecord): Promise<void> {
    const records = this.records().map((existing) => (existing.url === record.url ? record : existing));
    await this.globalState.update(RECORDS_KEY, records);
    this.changed.fire({ url: record.url });
  }

  /** Deletes the token and forgets the panel. */
  async remove(url: string): Promise<void> {
    await this.secrets.delete(tokenKey(url));
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
  }
}
