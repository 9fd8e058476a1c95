import * as vscode from 'vscode';
import { routeById, type RouteId } from '../../api/catalog';
import type { PanelApi } from '../../api/index';
import type { PanelSession } from '../../connection/panelSession';
import { Poller, type PollOutcome } from '../../state/poller';
import { LatestLoad } from '../../state/latestLoad';
import { describeError } from '../../text/describeError';
import type { WebviewHost, WebviewPage } from '../shared/webviewHost';
import { parseFiguresMessage, type FigureSection, type FromFiguresWebview, type ToFiguresWebview } from './protocol';
import { readShape } from './shapeReading';
import { dateTimeText } from '../../text/displayLanguage';

/** One answer a figures page shows: the route it reads and how to read it. */
export interface SectionSource {
  readonly id: string;
  readonly title: string;
  readonly routeId: RouteId;
  readonly read: (api: PanelApi, signal: AbortSignal) => Promise<unknown>;
}

export interface FiguresViewSpec {
  readonly viewType: string;
  readonly title: string;
  readonly heading: string;
  readonly panelId: string;
  readonly sections: readonly SectionSource[];
}

export const REFRESH_SETTING = 'panelOps.dashboard.refreshSeconds';

function refreshMs(): number {
  const seconds = vscode.workspace.getConfiguration().get<number>(REFRESH_SETTING, 30);
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(5, seconds) * 1000 : 0;
}

/**
 * A page of figures and charts read from panel answers of unspecified shape (the dashboard, a node's
 * metrics). Sections load in parallel, each on its own: a refused or failed read says why in its section.
 * It refreshes on its own only while the page is visible and the window focused (one refresh when it
 * comes back), and on the page's Refresh button.
 */
export class FiguresView implements vscode.Disposable {
  readonly page: WebviewPage<ToFiguresWebview, FromFiguresWebview>;
  private last: ToFiguresWebview | undefined;
  private readonly loading = new LatestLoad<PollOutcome>();
  private readonly poller: Poller;
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;
  /** The last load found the panel gone (signed out): the poller stopped until it is activated again. */
  private panelGone = false;
  /** The load in flight (tests wait for it). */
  loaded: Promise<void> = Promise.resolve();
  /** How many loads ran (tests see whether it refreshed). */
  loads = 0;

  constructor(host: WebviewHost, private readonly session: PanelSession, readonly spec: FiguresViewSpec) {
    this.page = host.open<ToFiguresWebview, FromFiguresWebview>({
      viewType: spec.viewType,
      title: spec.title,
      bundle: 'figures',
      parse: parseFiguresMessage,
    });
    this.poller = new Poller({
      run: () => this.load(),
      scheduler: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
      intervalMs: refreshMs(),
      focused: this.watching(),
    });
    this.subscriptions.push(
      this.page.onDidReceive((message) => this.onMessage(message)),
      this.page.onDidDispose(() => this.dispose()),
      this.page.panel.onDidChangeViewState(() => this.poller.setFocused(this.watching())),
      vscode.window.onDidChangeWindowState(() => this.poller.setFocused(this.watching())),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(REFRESH_SETTING)) this.poller.setInterval(refreshMs());
      }),
    );
    // The first read happens whether or not the window has focus; later ones only while watched.
    void this.poller.activate();
    this.loaded = this.poller.pollNow();
  }

  get probe() {
    return this.page.probe;
  }

  /** Reads every section again now; after the panel was signed out, polling starts again too. */
  refresh(): Promise<void> {
    if (this.panelGone) {
      this.panelGone = false;
      void this.poller.activate();
    }
    this.loaded = this.poller.pollNow();
    return this.loaded;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loading.dispose();
    this.poller.deactivate();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.page.dispose();
  }

  /** Refreshing on its own happens only while someone can see the page. */
  private watching(): boolean {
    return this.page.panel.visible && vscode.window.state.focused;
  }

  /** Cancels the read in flight and reads every section. */
  private load(): Promise<PollOutcome> {
    return this.loading.start((signal) => this.read(signal));
  }

  private async read(signal: AbortSignal): Promise<PollOutcome> {
    this.loads += 1;
    if (!this.last) this.show({ type: 'loading', message: vscode.l10n.t('Reading {0}…', this.spec.heading) });
    const sections = await Promise.all(this.spec.sections.map((section) => this.readSection(section, signal)));
    if (signal.aborted || this.disposed) return 'ok';
    this.show({
      type: 'sections',
      heading: this.spec.heading,
      updated: dateTimeText(new Date(), { timeStyle: 'medium' }),
      sections,
    });
    this.panelGone = !this.session.panel(this.spec.panelId);
    if (this.panelGone) return 'stop';
    return sections.every((section) => section.problem) ? 'failed' : 'ok';
  }

  private async readSection(section: SectionSource, signal: AbortSignal): Promise<FigureSection> {
    const route = routeById(section.routeId);
    const base = { id: section.id, title: section.title, source: `${route.method} ${route.path}` };
    const onActive = this.session.active?.id === this.spec.panelId;
    if (onActive && !this.session.capabilities.can(section.routeId)) {
      return { ...base, problem: vscode.l10n.t('This token cannot read it: it {0}.', this.session.capabilities.explain(section.routeId)) };
    }
    try {
      const answer = await this.session.callOn(this.spec.panelId, section.read, signal);
      return { ...base, reading: readShape(answer) };
    } catch (error) {
      return { ...base, problem: describeError(error) };
    }
  }

  private onMessage(message: FromFiguresWebview): void {
    switch (message.type) {
      case 'ready':
        void this.page.post({ type: 'words', words: {
          refresh: vscode.l10n.t('Refresh'),
          updated: vscode.l10n.t('Updated'),
          noData: vscode.l10n.t('The answer holds nothing to show.'),
          truncated: vscode.l10n.t('The answer is larger than the page shows.'),
          table: vscode.l10n.t('Table'),
          details: vscode.l10n.t('Other fields'),
          chartOf: vscode.l10n.t('Chart of'),
        } });
        if (this.last) void this.page.post(this.last);
        return;
      case 'refresh':
        void this.refresh();
        return;
    }
  }

  private show(message: ToFiguresWebview): void {
    this.last = message;
    void this.page.post(message);
  }
}

/** A figures page opened again (a registry's reuse): shown, and read again. */
export function revealAndRefresh(view: FiguresView): void {
  view.page.panel.reveal();
  void view.refresh();
}
