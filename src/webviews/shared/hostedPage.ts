/**
 * The one way a page of the extension talks to its webview. The page's script sends `ready` each time it
 * starts: when the tab first shows, and again when a hidden tab is shown (pages are not kept alive while
 * hidden). On the first `ready` the page starts (loads, connects); on every later one it is sent its words
 * and then what it holds, so it shows what it showed. Type-only `vscode` import: unit-tested in plain Node.
 */
import type * as vscode from 'vscode';
import type { Message } from './messages';
import type { WebviewPage, WebviewPageSpec } from './webviewHost';

/** What opens pages (the WebviewHost; a fake in the unit tests). */
export interface PageOpener {
  open<ToWebview extends Message, FromWebview extends Message>(spec: WebviewPageSpec<FromWebview>): WebviewPage<ToWebview, FromWebview>;
}

/**
 * A scripted page opened through the host. Subclasses give their `words()` (sent on every `ready`), answer
 * their own messages in `onMessage`, post what the page shows with `show` (held and sent again when the page
 * starts over), and may start work on the first `ready` (`start`) or re-send more than the last message
 * (`resend`).
 */
export abstract class HostedPage<ToWebview extends Message, FromWebview extends Message & { type: string }> implements vscode.Disposable {
  readonly page: WebviewPage<ToWebview, FromWebview>;
  private held: ToWebview | undefined;
  private started = false;
  protected readonly subscriptions: vscode.Disposable[] = [];
  protected disposed = false;

  constructor(host: PageOpener, spec: WebviewPageSpec<FromWebview>) {
    this.page = host.open<ToWebview, FromWebview>(spec);
    this.subscriptions.push(
      this.page.onDidReceive((message) => void this.receive(message)),
      this.page.onDidDispose(() => this.dispose()),
    );
  }

  get probe() {
    return this.page.probe;
  }

  get onDidDispose(): vscode.Event<void> {
    return this.page.onDidDispose;
  }

  /** Whether the page's script said `ready` at least once (the page was started). */
  protected get hasStarted(): boolean {
    return this.started;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stop();
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.page.dispose();
  }

  /** The page's words (labels, hints), sent on every `ready` before anything else. */
  protected abstract words(): ToWebview;

  /** The page's own messages (every message but `ready`). */
  protected abstract onMessage(message: Exclude<FromWebview, { type: 'ready' }>): void | Promise<void>;

  /** Called on the first `ready`: start loading or following. */
  protected start(): void {
    // A page with nothing to load shows what it holds.
    void this.resend();
  }

  /** Called on every later `ready`: send again what the page holds. */
  protected async resend(): Promise<void> {
    if (this.held) await this.page.post(this.held);
  }

  /** Called once on dispose, before the page closes: stop what runs. */
  protected stop(): void {}

  /**
   * Posts a message that stands for what the page shows, held to be sent again when the page starts over
   * (or `held`, when what is sent again differs, e.g. without a one-time notice).
   */
  protected show(message: ToWebview, held: ToWebview = message): void {
    if (this.disposed) return;
    this.held = held;
    void this.page.post(message);
  }

  /** What the page shows now (the last `show`). */
  protected get shown(): ToWebview | undefined {
    return this.held;
  }

  private async receive(message: FromWebview): Promise<void> {
    if (message.type !== 'ready') {
      await this.onMessage(message as Exclude<FromWebview, { type: 'ready' }>);
      return;
    }
    await this.page.post(this.words());
    if (this.started) {
      await this.resend();
      return;
    }
    this.started = true;
    this.start();
  }
}
