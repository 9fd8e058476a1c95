import type * as vscode from 'vscode';
import { LatestLoad } from '../../state/latestLoad';
import type { Message } from './messages';
import type { WebviewHost, WebviewPage, WebviewPageSpec } from './webviewHost';

/**
 * A webview that shows data it loads from a panel: `refresh()` cancels the load in flight and starts
 * another, and what was shown last is posted again when the page (re)loads (pages are not kept alive while
 * hidden). Subclasses load in `load(signal)`, show with `show(message)`, and answer the page's other
 * messages in `onMessage`; they call `refresh()` at the end of their constructor.
 */
export abstract class PanelDataPage<ToWebview extends Message, FromWebview extends Message> implements vscode.Disposable {
  readonly page: WebviewPage<ToWebview, FromWebview>;
  /** Settles once the load in flight (if any) has been shown. */
  loaded: Promise<void> = Promise.resolve();
  private last: ToWebview | undefined;
  private readonly loading = new LatestLoad<void>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(host: WebviewHost, spec: WebviewPageSpec<FromWebview>) {
    this.page = host.open<ToWebview, FromWebview>(spec);
    this.subscriptions.push(
      this.page.onDidReceive((message) => void this.onMessage(message)),
      this.page.onDidDispose(() => this.dispose()),
    );
  }

  get probe() {
    return this.page.probe;
  }

  refresh(): void {
    this.loaded = this.loading.start((signal) => this.load(signal));
  }

  dispose(): void {
    this.loading.dispose();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.page.dispose();
  }

  /** Loads and shows; a cancelled load shows nothing. */
  protected abstract load(signal: AbortSignal): Promise<void>;

  /** The page's messages; `ready` is answered with its words by the subclass, then `showAgain()`. */
  protected abstract onMessage(message: FromWebview): void | Promise<void>;

  /** Posts a message that stands for what the page shows, kept to post again after a reload. */
  protected show(message: ToWebview): void {
    this.last = message;
    void this.page.post(message);
  }

  /** Posts what was shown last again (to a page that just loaded), adjusted by `update`. */
  protected async showAgain(update: (message: ToWebview) => ToWebview = (message) => message): Promise<void> {
    if (this.last) await this.page.post(update(this.last));
  }
}
