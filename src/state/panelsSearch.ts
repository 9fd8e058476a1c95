import { LatestLoad } from './latestLoad';

/**
 * One search over every connected panel as the user types (Go to User…, Go to Node…): each typed text
 * waits `debounceMs` for the next keystroke, then reads every panel at once; a newer text cancels the reads
 * of the older one (`LatestLoad`), so a slow panel never shows results for text the user has replaced.
 * Each panel's answer is published as it comes (a fast panel does not wait for a slow one), and a panel
 * that fails is one answer with its error, never an exception. No `vscode` import (unit-tested).
 */

/** How long Go to User's typed text waits for the next keystroke before the panels are asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Users Go to User shows per panel (the panel's first page for the text). */
export const USERS_PER_PANEL = 20;

export interface SearchPanel {
  readonly id: string;
  readonly name: string;
}

export type PanelAnswer<R> =
  | { readonly panel: SearchPanel; readonly kind: 'loading' }
  | { readonly panel: SearchPanel; readonly kind: 'found'; readonly items: readonly R[] }
  | { readonly panel: SearchPanel; readonly kind: 'failed'; readonly error: unknown };

export interface SearchTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PanelsSearchOptions<R> {
  /** The panels to search (read for each search: a panel connected meanwhile is searched too). */
  readonly panels: () => readonly SearchPanel[] | Promise<readonly SearchPanel[]>;
  /** One panel's items for the text; `signal` aborts when a newer text supersedes it. */
  readonly read: (panel: SearchPanel, text: string, signal: AbortSignal) => Promise<readonly R[]>;
  /** How long a typed text waits for the next keystroke before it is searched (the first search does not wait). */
  readonly debounceMs: number;
  readonly timers?: SearchTimers;
}

/** What a search shows: each panel's answer in the panels' order, and whether answers are still coming. */
export interface SearchState<R> {
  readonly text: string;
  readonly answers: readonly PanelAnswer<R>[];
  readonly busy: boolean;
}

const REAL_TIMERS: SearchTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PanelsSearch<R> {
  private readonly load = new LatestLoad<void>();
  private readonly timers: SearchTimers;
  private readonly listeners = new Set<(state: SearchState<R>) => void>();
  private timer: unknown;
  private searched = false;
  private current: SearchState<R> = { text: '', answers: [], busy: false };

  constructor(private readonly options: PanelsSearchOptions<R>) {
    this.timers = options.timers ?? REAL_TIMERS;
  }

  get state(): SearchState<R> {
    return this.current;
  }

  /** Calls `listener` with every new state; returns a function that stops it. */
  onDidChange(listener: (state: SearchState<R>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user typed `text`: searched after the debounce (at once the first time); an older search is cancelled. */
  type(text: string): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    const delay = this.searched ? this.options.debounceMs : 0;
    this.searched = true;
    if (delay <= 0) {
      this.run(text);
      return;
    }
    // While waiting, what is shown stays, marked busy: the typed text is about to be searched.
    this.publish({ ...this.current, busy: true });
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.run(text);
    }, delay);
  }

  /** Stops waiting and cancels the reads in flight. */
  dispose(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.load.cancel();
    this.listeners.clear();
  }

  private run(text: string): void {
    void this.load.start(async (signal) => {
      const panels = await this.options.panels();
      if (!this.load.isLatest(signal)) return;
      const answers: PanelAnswer<R>[] = panels.map((panel) => ({ panel, kind: 'loading' }));
      this.publish({ text, answers: [...answers], busy: panels.length > 0 });
      await Promise.all(panels.map(async (panel, index) => {
        let answer: PanelAnswer<R>;
        try {
          answer = { panel, kind: 'found', items: await this.options.read(panel, text, signal) };
        } catch (error) {
          answer = { panel, kind: 'failed', error };
        }
        if (!this.load.isLatest(signal)) return; // superseded: its answers are never shown
        answers[index] = answer;
        // Busy while a panel is still reading, or while a newer text waits for its debounce.
        this.publish({ text, answers: [...answers], busy: this.timer !== undefined || answers.some((candidate) => candidate.kind === 'loading') });
      }));
    }).catch(() => undefined);
  }

  private publish(state: SearchState<R>): void {
    this.current = state;
    for (const listener of [...this.listeners]) listener(state);
  }
}
