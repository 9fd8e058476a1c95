import * as vscode from 'vscode';
import { routeById, type RouteId } from '../../api/catalog';
import type { PanelApi } from '../../api/index';
import type { ConnectedPanel, PanelStoresLookup } from '../../state/panelStores';
import { Poller, type PollOutcome } from '../../state/poller';
import { describeError } from '../../text/describeError';
import type { PageOpener } from '../shared/hostedPage';
import { PanelDataPage } from '../shared/panelDataPage';
import { parseFiguresMessage, type FigureSection, type FromFiguresWebview, type ToFiguresWebview } from './protocol';
import { readShape } from './shapeReading';
import { dateTimeText } from '../../text/displayLanguage';

/** One answer a figures page shows that no store holds: the route it reads and how to read it. */
export interface PanelSection {
  readonly id: string;
  readonly title: string;
  readonly routeId: RouteId;
  readonly read: (api: PanelApi, signal: AbortSignal) => Promise<unknown>;
}

/**
 * A section showing what one of the panel's stores holds (its nodes, one node): read through the store, drawn
 * from what it holds whenever the store says it changed, so the page follows whoever read the panel (the
 * panels watcher's poll, a chat tool, an action) with no request of its own.
 */
export interface HeldSection {
  readonly id: string;
  readonly title: string;
  /** The route behind the store's data (its scope, the section's source line). */
  readonly routeId: RouteId;
  /** Has the store read it when it holds nothing yet (else nothing is sent). */
  readonly ensure: (signal: AbortSignal) => Promise<void>;
  /** What the section shows of what the store holds now; undefined when it holds nothing of it. */
  readonly value: () => unknown;
  /** Word of a change of the store that may change `value`. */
  readonly onDidChange: (listener: () => void) => vscode.Disposable;
  /** What the section says when the store holds nothing of it (e.g. the node is gone). */
  readonly missing: () => string;
}

export type SectionSource = PanelSection | HeldSection;

function isHeld(section: SectionSource): section is HeldSection {
  return 'ensure' in section;
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
 * metrics), beside sections of what the panel's stores hold (`HeldSection`: the nodes, the node), which
 * redraw from the store on its change event. Sections load in parallel, each on its own: a refused or
 * failed read says why in its section.
 * It refreshes on its own only while the page is visible and the window focused (one refresh when it
 * comes back), and on the page's Refresh button.
 */
export class FiguresView extends PanelDataPage<ToFiguresWebview, FromFiguresWebview, FigureSection[]> {
  private readonly poller: Poller;
  /** The last read found the panel gone (signed out): the poller stopped until it is activated again. */
  private panelGone = false;
  /** How the last read ended, for the poller. */
  private outcome: PollOutcome = 'ok';
  /** How many loads ran (tests see whether it refreshed). */
  loads = 0;

  constructor(host: PageOpener, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>, readonly spec: FiguresViewSpec) {
    super(host, {
      viewType: spec.viewType,
      title: spec.title,
      bundle: 'figures',
      parse: parseFiguresMessage,
    });
    this.poller = new Poller({
      run: async () => {
        await this.startLoad();
        return this.outcome;
      },
      scheduler: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
      intervalMs: refreshMs(),
      focused: this.watching(),
    });
    for (const section of spec.sections) {
      if (isHeld(section)) this.subscriptions.push(section.onDidChange(() => this.redrawHeld(section)));
    }
    this.subscriptions.push(
      this.page.panel.onDidChangeViewState(() => this.poller.setFocused(this.watching())),
      vscode.window.onDidChangeWindowState(() => this.poller.setFocused(this.watching())),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(REFRESH_SETTING)) this.poller.setInterval(refreshMs());
      }),
    );
  }

  /** Reads every section again now; after the panel was signed out, polling starts again too. */
  override refresh(): Promise<void> {
    if (this.panelGone) {
      this.panelGone = false;
      void this.poller.activate();
    }
    return this.track(this.poller.pollNow());
  }

  protected override start(): void {
    // The first read happens whether or not the window has focus; later ones only while watched.
    void this.poller.activate();
    super.start();
  }

  protected override stop(): void {
    super.stop();
    this.poller.deactivate();
  }

  /** Refreshing on its own happens only while someone can see the page. */
  private watching(): boolean {
    return this.page.panel.visible && vscode.window.state.focused;
  }

  protected async read(signal: AbortSignal, progress: (message: ToFiguresWebview) => void): Promise<FigureSection[]> {
    this.loads += 1;
    if (!this.shown) progress({ type: 'loading', message: vscode.l10n.t('Reading {0}…', this.spec.heading) });
    return Promise.all(this.spec.sections.map((section) => this.readSection(section, signal)));
  }

  protected present(read: FigureSection[]): ToFiguresWebview {
    this.panelGone = !this.panels.get(this.spec.panelId);
    // A store's section shows what the store holds now, even if it changed while the other sections were read.
    const sections = read.map((section, index) => {
      const source = this.spec.sections[index];
      return isHeld(source) && !section.problem ? this.heldSection(source) : section;
    });
    this.outcome = this.panelGone ? 'stop' : sections.every((section) => section.problem) ? 'failed' : 'ok';
    return {
      type: 'sections',
      heading: this.spec.heading,
      updated: dateTimeText(new Date(), { timeStyle: 'medium' }),
      sections,
    };
  }

  /** The store of `source` changed: its section is drawn again from what the store holds, nothing is read. */
  private redrawHeld(source: HeldSection): void {
    const shown = this.shown;
    if (this.disposed || shown?.type !== 'sections') return;
    const index = shown.sections.findIndex((section) => section.id === source.id);
    if (index < 0) return;
    const now = this.heldSection(source);
    if (JSON.stringify(now) === JSON.stringify(shown.sections[index])) return;
    const sections = shown.sections.map((section, at) => (at === index ? now : section));
    this.show({ ...shown, sections, updated: dateTimeText(new Date(), { timeStyle: 'medium' }) });
  }

  private heldSection(source: HeldSection): FigureSection {
    const value = source.value();
    const base = { id: source.id, title: source.title, source: sourceOf(source.routeId) };
    return value === undefined ? { ...base, problem: source.missing() } : { ...base, reading: readShape(value) };
  }

  /** Sections say their own failures; this is for a failure outside them. */
  protected failure(error: unknown): ToFiguresWebview {
    this.outcome = 'failed';
    return { type: 'loading', message: describeError(error) };
  }

  private async readSection(section: SectionSource, signal: AbortSignal): Promise<FigureSection> {
    const base = { id: section.id, title: section.title, source: sourceOf(section.routeId) };
    let panel: ConnectedPanel;
    try {
      panel = this.panels.require(this.spec.panelId);
    } catch (error) {
      return { ...base, problem: describeError(error) };
    }
    if (!panel.scopes.can(section.routeId)) {
      return { ...base, problem: vscode.l10n.t('This token cannot read it: it {0}.', panel.scopes.explain(section.routeId)) };
    }
    try {
      if (isHeld(section)) {
        await section.ensure(signal);
        return base; // drawn by `present` from what the store holds then
      }
      const answer = await panel.call(section.read, signal);
      return { ...base, reading: readShape(answer) };
    } catch (error) {
      return { ...base, problem: describeError(error) };
    }
  }

  protected words(): ToFiguresWebview {
    return { type: 'words', words: {
      refresh: vscode.l10n.t('Refresh'),
      updated: vscode.l10n.t('Updated'),
      noData: vscode.l10n.t('The answer holds nothing to show.'),
      truncated: vscode.l10n.t('The answer is larger than the page shows.'),
      table: vscode.l10n.t('Table'),
      details: vscode.l10n.t('Other fields'),
      chartOf: vscode.l10n.t('Chart of'),
    } };
  }

  protected onMessage(message: Exclude<FromFiguresWebview, { type: 'ready' }>): void {
    switch (message.type) {
      case 'refresh':
        void this.refresh();
        return;
    }
  }
}

/** A section's source line, e.g. `GET /nodes`. */
function sourceOf(routeId: RouteId): string {
  const route = routeById(routeId);
  return `${route.method} ${route.path}`;
}

/** A figures page opened again (a registry's reuse): shown, and read again. */
export function revealAndRefresh(view: FiguresView): void {
  view.page.panel.reveal();
  void view.refresh();
}
