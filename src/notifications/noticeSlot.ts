/**
 * At most one event notice on screen. VS Code cannot close a notification with buttons (only the operator
 * can, or a progress notification, which has no buttons but Cancel), so a new report never replaces the
 * shown notice: its events wait, and when the shown notice leaves the screen every report that arrived
 * meanwhile is told in one notice (`folded`). Meanwhile they are in the Panel Ops log (the caller logs each
 * event as it arrives) and the views show the state. Each event is in exactly one notice: told once.
 *
 * A notice leaves the screen when it is answered or dismissed. One that VS Code hides by itself (anything
 * but an error with buttons: its toast goes to the notification centre after at most 20 s, its buttons
 * still answer there) frees the screen after `hideAfterMs`. No `vscode` import: the showing and the
 * timer are injected.
 */
import type { PanelsReport } from '../state/panelsWatch';

/** VS Code hides a toast that is not sticky after 15 s (info) to 20 s (error); see notificationsToasts.ts. */
export const TOAST_HIDES_AFTER_MS = 20_000;

export interface ShownNotice {
  /** Settles when the notice left the screen: answered or dismissed (the action chosen may still run). */
  readonly closed: Promise<unknown>;
  /** Stays until the operator answers or dismisses it (VS Code: an error with buttons). */
  readonly sticky: boolean;
}

export interface NoticeSlotOptions {
  /** Shows one notice for the reports (several: `folded`). */
  readonly show: (reports: readonly PanelsReport[], folded: boolean) => ShownNotice;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  readonly hideAfterMs?: number;
}

export class NoticeSlot {
  private readonly waiting: PanelsReport[] = [];
  private shown = false;
  private disposed = false;

  constructor(private readonly options: NoticeSlotOptions) {}

  /** Whether a notice is on screen now. */
  get onScreen(): boolean {
    return this.shown;
  }

  /** Reports waiting for the shown notice to leave the screen. */
  get held(): readonly PanelsReport[] {
    return this.waiting;
  }

  /** Tells the report now, or with the others once the shown notice has left the screen. */
  add(report: PanelsReport): void {
    if (this.disposed || report.events.length === 0) return;
    this.waiting.push(report);
    if (!this.shown) this.next();
  }

  dispose(): void {
    this.disposed = true;
    this.waiting.length = 0;
  }

  private next(): void {
    if (this.disposed || this.waiting.length === 0) return;
    const reports = this.waiting.splice(0);
    this.shown = true;
    let timer: unknown;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      if (timer !== undefined) this.options.clearTimeout(timer);
      this.shown = false;
      this.next();
    };
    let notice: ShownNotice;
    try {
      notice = this.options.show(reports, reports.length > 1);
    } catch (error) {
      free();
      throw error;
    }
    if (!notice.sticky) timer = this.options.setTimeout(free, this.options.hideAfterMs ?? TOAST_HIDES_AFTER_MS);
    notice.closed.then(free, free);
  }
}

/** The reports as one: every event, `away` only when each report was the catch-up after focus returned. */
export function foldReports(reports: readonly PanelsReport[]): PanelsReport {
  return { events: reports.flatMap((report) => report.events), away: reports.length > 0 && reports.every((report) => report.away) };
}
