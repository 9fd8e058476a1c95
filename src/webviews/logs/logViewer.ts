import * as vscode from 'vscode';
import { scopeOf } from '../../api/catalog';
import { PanelNetworkError } from '../../api/errors';
import { nodeFailureOf } from '../../api/nodeFailure';
import type { PanelNode } from '../../api/types';
import { NotConnectedError, type PanelSession } from '../../connection/panelSession';
import type { ReadOnlyDocuments } from '../../editors/readOnlyDocuments';
import type { PanelStoresLookup } from '../../state/panelStores';
import { describeError } from '../../text/describeError';
import { nodeLabel } from '../../text/nodeText';
import { HostedPage, type PageOpener } from '../shared/hostedPage';
import type { WebviewHost } from '../shared/webviewHost';
import { LogFollower, type FollowEnd } from './logFollower';
import { parseLogsMessage, type FromLogsWebview, type LogWords, type StreamState, type ToLogsWebview } from './protocol';

export const MAX_LINES_SETTING = 'logs.maxLines';

/** The node a log viewer follows, on the panel it came from. */
export interface NodeOnPanel {
  readonly panelId: string;
  readonly node: PanelNode;
}

/**
 * A node's log in a webview tab titled with the node's name: follows `GET /nodes/{id}/logs` on the panel
 * the node came from, reads only while the tab is visible, and stops the stream when the tab closes.
 */
export class LogViewer extends HostedPage<ToLogsWebview, FromLogsWebview> {
  private readonly follower: LogFollower;
  private streamState: StreamState = 'connecting';

  constructor(
    host: PageOpener,
    /** Word of sign-outs (which panels are connected). */
    session: Pick<PanelSession, 'onDidChange'>,
    private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>,
    private readonly documents: ReadOnlyDocuments,
    readonly target: NodeOnPanel,
    maxLines: number,
  ) {
    super(host, {
      viewType: 'panelOps.logs',
      title: vscode.l10n.t('Logs: {0}', nodeLabel(target.node, vscode.l10n.t)),
      bundle: 'logs',
      parse: parseLogsMessage,
    });
    this.follower = new LogFollower({
      maxLines,
      open: (signal) => this.openStream(signal),
      sink: {
        append: (lines, dropped) => this.page.post({ type: 'append', lines, dropped }),
        reset: (lines, dropped) => this.page.post({ type: 'reset', lines, dropped, ...this.viewSettings() }),
        connected: () => this.setState('live'),
        stopped: (end) => this.onStopped(end),
      },
    });
    this.subscriptions.push(
      this.page.panel.onDidChangeViewState(({ webviewPanel }) => this.follower.setFlowing(webviewPanel.visible)),
      // Signing out of the panel ends its stream too: the token that opened it is gone.
      session.onDidChange(() => {
        if (panels.get(target.panelId) || this.disposed || this.streamState === 'failed') return;
        this.follower.stop();
        this.setState('failed', new NotConnectedError(target.panelId).message);
      }),
    );
  }

  /** Lines read from the stream since the viewer opened. */
  get received(): number {
    return this.follower.received;
  }

  /** The buffer as text (what Open as Document shows). */
  text(): string {
    return this.follower.text();
  }

  /** The stream is followed once the page is there to show it. */
  protected override start(): void {
    this.connect();
  }

  /** The stream's state, then the buffer. */
  protected override async resend(): Promise<void> {
    await super.resend();
    this.follower.replay();
  }

  protected override stop(): void {
    this.follower.stop();
  }

  protected words(): ToLogsWebview {
    return { type: 'words', words: logWords() };
  }

  private connect(): void {
    this.setState('connecting');
    void this.follower.connect();
  }

  private async openStream(signal: AbortSignal) {
    const panel = this.panels.require(this.target.panelId);
    // Node logs are a sensitive read (spec 5.8): a token of the node's panel believed without the scope is told so, not sent.
    if (!panel.scopes.can('nodes.logs')) {
      throw new Error(vscode.l10n.t('Node logs are shown only to tokens with {0}; this token was created without it.', scopeOf('nodes.logs')));
    }
    return panel.call((api, callSignal) => api.nodes.logs(this.target.node.id, { signal: callSignal }), signal);
  }

  protected async onMessage(message: Exclude<FromLogsWebview, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'pause':
      case 'resume':
        this.follower.setPaused(message.type === 'pause');
        return;
      case 'filter':
        this.follower.setFilter(message.text);
        return;
      case 'clear':
        this.follower.clear();
        return;
      case 'reconnect':
        this.connect();
        return;
      case 'openAsDocument':
        await this.documents.show(vscode.l10n.t('{0} — log', nodeLabel(this.target.node, vscode.l10n.t)), this.follower.text(), 'log');
        return;
    }
  }

  private onStopped(end: FollowEnd): void {
    if (this.disposed) return;
    if (end.kind === 'ended') this.setState('ended');
    else if (nodeFailureOf(end.error) === 'offline') this.setState('offline');
    else if (end.error instanceof PanelNetworkError) this.setState('dropped', describeError(end.error));
    else this.setState('failed', describeError(end.error));
  }

  private setState(state: StreamState, reason?: string): void {
    this.streamState = state;
    this.show(this.stateOf(state, reason));
  }

  private stateOf(state: StreamState, reason = ''): ToLogsWebview & { type: 'state' } {
    const name = nodeLabel(this.target.node, vscode.l10n.t);
    const messages: Record<StreamState, string> = {
      connecting: vscode.l10n.t('Connecting to the log stream of {0}…', name),
      live: vscode.l10n.t('Following the log of {0}.', name),
      ended: vscode.l10n.t('The panel ended the log stream.'),
      dropped: vscode.l10n.t('The log stream was dropped: {0}', reason),
      offline: vscode.l10n.t('{0} is offline: the panel cannot reach it (HTTP 503).', name),
      failed: vscode.l10n.t('The log stream stopped: {0}', reason),
    };
    const canReconnect = state !== 'connecting' && state !== 'live';
    return { type: 'state', state, message: messages[state], canReconnect };
  }

  private viewSettings() {
    return { maxLines: this.follower.maxLines, paused: this.follower.isPaused, filter: this.follower.filter };
  }
}

function logWords(): LogWords {
  return {
    pause: vscode.l10n.t('Pause'),
    resume: vscode.l10n.t('Resume'),
    wrap: vscode.l10n.t('Wrap lines'),
    filter: vscode.l10n.t('Filter lines'),
    openAsDocument: vscode.l10n.t('Open as Document'),
    reconnect: vscode.l10n.t('Reconnect'),
    clear: vscode.l10n.t('Clear'),
    droppedMarker: vscode.l10n.t('{0} earlier lines dropped (buffer limit panelOps.logs.maxLines)'),
    pausedMarker: vscode.l10n.t('Paused: new lines are kept and shown on Resume'),
    noLines: vscode.l10n.t('No lines yet.'),
  };
}

/** The open log viewers; `showLogs` opens one per command. */
export class LogViewers implements vscode.Disposable {
  private readonly open = new Set<LogViewer>();

  constructor(
    private readonly host: WebviewHost,
    private readonly session: Pick<PanelSession, 'onDidChange'>,
    private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>,
    private readonly documents: ReadOnlyDocuments,
  ) {}

  show(target: NodeOnPanel): LogViewer {
    const maxLines = vscode.workspace.getConfiguration('panelOps').get<number>(MAX_LINES_SETTING, 10_000);
    const viewer = new LogViewer(this.host, this.session, this.panels, this.documents, target, Math.min(1_000_000, Math.max(100, Math.floor(maxLines) || 10_000)));
    this.open.add(viewer);
    viewer.page.onDidDispose(() => this.open.delete(viewer));
    return viewer;
  }

  /** Open viewers, oldest first (for the integration tests). */
  get viewers(): readonly LogViewer[] {
    return [...this.open];
  }

  dispose(): void {
    for (const viewer of this.open) viewer.dispose();
    this.open.clear();
  }
}
