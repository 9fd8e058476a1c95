import * as vscode from 'vscode';
import type { PanelRecord } from './panelRecords';
import type { SavedPanels } from './savedPanels';

export const AUTH_PROVIDER_ID = 'panelOps';

/**
 * Shows every connected panel in VS Code's Accounts menu, backed by the same SecretStorage as the rest
 * of the extension: signing out there deletes the panel's token. Creating a session runs the connect flow.
 */
export class PanelAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known = new Map<string, vscode.AuthenticationSession>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly store: SavedPanels,
    private readonly connect: () => Promise<PanelRecord | undefined>,
    private readonly signOut: (url: string) => Promise<void>,
  ) {
    this.subscription = store.onDidChange(() => void this.announceChanges());
    void this.announceChanges();
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const sessions = await this.currentSessions();
    return [...sessions.values()];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const record = await this.connect();
    if (!record) throw new Error(vscode.l10n.t('Connecting to the panel was cancelled.'));
    const session = (await this.currentSessions()).get(record.url);
    if (!session) throw new Error(vscode.l10n.t('The panel {0} is not connected.', record.url));
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    await this.signOut(sessionId);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private async currentSessions(): Promise<Map<string, vscode.AuthenticationSession>> {
    const sessions = new Map<string, vscode.AuthenticationSession>();
    for (const record of this.store.records()) {
      const token = await this.store.token(record.url);
      if (token === undefined) continue;
      sessions.set(record.url, {
        id: record.url,
        accessToken: token,
        account: { id: record.url, label: `${record.name} (${new URL(record.url).host})` },
        scopes: [...record.scopes],
      });
    }
    return sessions;
  }

  private async announceChanges(): Promise<void> {
    const previous = this.known;
    const current = await this.currentSessions();
    this.known = current;
    const added = [...current.values()].filter((session) => !previous.has(session.id));
    const removed = [...previous.values()].filter((session) => !current.has(session.id));
    const changed = [...current.values()].filter((session) => {
      const before = previous.get(session.id);
      return before !== undefined && (before.accessToken !== session.accessToken || before.account.label !== session.account.label);
    });
    if (added.length + removed.length + changed.length > 0) this.changed.fire({ added, removed, changed });
  }
}
