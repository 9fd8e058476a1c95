/**
 * The base of every page that shows data it reads from a panel (job history, QR codes, audit log, dashboard,
 * node metrics). Type-only `vscode` import: unit-tested in plain Node.
 */
import { LatestLoad } from '../../state/latestLoad';
import { HostedPage, type PageOpener } from './hostedPage';
import type { Message } from './messages';
import type { WebviewPageSpec } from './webviewHost';

/**
 * A hosted page that reads from a panel: the first read starts when the page says `ready`, `refresh()` (the
 * page's Refresh, a command opening it again) starts another, and a newer read or the page's closing aborts
 * the one before (LatestLoad). A read that was superseded never reaches the page: `progress`, `present` and
 * `failure` run only for the latest read of an open page. A failed read is shown in the page (`failure`).
 * What was shown last is sent again when the page starts over.
 */
export abstract class PanelDataPage<ToWebview extends Message, FromWebview extends Message & { type: string }, Data> extends HostedPage<ToWebview, FromWebview> {
  /** Settles once the latest read (the first one: once the page said `ready` and it was read) has been shown. */
  loaded: Promise<void>;
  private readonly loading = new LatestLoad<void>();
  private firstLoad: ((load: Promise<void>) => void) | undefined;

  constructor(host: PageOpener, spec: WebviewPageSpec<FromWebview>) {
    super(host, spec);
    this.loaded = new Promise((resolve) => (this.firstLoad = resolve));
  }

  /** Cancels the read in flight and reads again. */
  refresh(): Promise<void> {
    return this.track(this.startLoad());
  }

  /**
   * Reads what the page shows. `progress` shows an interim message (e.g. "Loading…") while this read is the
   * latest. Answers the data for `present`; throws what `failure` turns into the page's problem.
   */
  protected abstract read(signal: AbortSignal, progress: (message: ToWebview) => void): Promise<Data>;

  /** What the page shows for the data read (only ever called for the latest read). */
  protected abstract present(data: Data): ToWebview;

  /** What the page shows for a failed read (only ever called for the latest read). */
  protected abstract failure(error: unknown): ToWebview;

  protected override start(): void {
    // Opened again (or refreshed) before its script ran: that read is under way, or shown.
    if (this.firstLoad) void this.refresh();
    else void this.resend();
  }

  protected override stop(): void {
    this.loading.dispose();
    this.firstLoad?.(Promise.resolve());
  }

  /** Starts a read through the one LatestLoad, cancelling the one in flight. */
  protected startLoad(): Promise<void> {
    return this.loading.start((signal) => this.readAndShow(signal));
  }

  /** What `loaded` waits for: `refresh()` (the first one too, on the first `ready`) says it here. */
  protected track(load: Promise<void>): Promise<void> {
    this.loaded = load;
    this.firstLoad?.(load);
    this.firstLoad = undefined;
    return load;
  }

  private async readAndShow(signal: AbortSignal): Promise<void> {
    const latest = () => !this.disposed && this.loading.isLatest(signal);
    let message: ToWebview;
    try {
      const data = await this.read(signal, (interim) => {
        if (latest()) this.show(interim);
      });
      if (!latest()) return;
      message = this.present(data);
    } catch (error) {
      if (!latest()) return;
      message = this.failure(error);
    }
    this.show(message);
  }
}
