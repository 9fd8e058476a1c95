import * as vscode from 'vscode';
import { plainLabel } from '../../text/plainText';
import { policyViolationOf, type Message, type MessageParser } from './messages';
import { newNonce } from './nonce';
import { pageShell } from './pageShell';
import type { ScriptFreeDocument } from './scriptFreeDocument';

/** What a webview of the extension is: its type, title, browser bundle and the parser of its messages. */
export interface WebviewPageSpec<FromWebview extends Message> {
  /** `panelOps.<name>`; also what VS Code would restore it by (no webview registers a serializer). */
  readonly viewType: string;
  /** The tab title; may come from the panel (a node name): it is made one plain line. */
  readonly title: string;
  /**
   * The bundle under `dist/webview/`: `<bundle>.js` (an ES module, importing the shared chunks beside it)
   * and `<bundle>.css`. Without one the page runs no script.
   */
  readonly bundle?: string;
  readonly parse: MessageParser<FromWebview>;
}

/**
 * What the integration tests see of a webview (they run in the extension host and cannot read its DOM): the
 * HTML set, the messages posted to it (recorded in test mode only), and a way to deliver a message as if the
 * webview had sent it (it goes through the same parser).
 */
export interface WebviewProbe<ToWebview extends Message> {
  readonly html: string;
  readonly posted: readonly ToWebview[];
  deliver(raw: unknown): void;
}

/** A page that runs no script: HTML from the panel (a subscription page, a site) or an image before upload. */
export interface ScriptFreePageSpec {
  readonly viewType: string;
  /** The tab title; may come from the panel: it is made one plain line. */
  readonly title: string;
  /** The whole page behind the script-free policy (scriptFreeDocument, or the site preview's page). */
  readonly document: ScriptFreeDocument;
  /** Beside the editor without taking focus (previews), else in the active column. */
  readonly beside?: boolean;
  /** An earlier page of this kind, shown again with the new document when it is still open. */
  readonly reuse?: vscode.WebviewPanel;
}

/** Messages kept for the probe: enough for a test, bounded for a long-running log viewer. */
const RECORDED_MESSAGES = 2000;

/**
 * One webview panel: created with scripts enabled only when it has a bundle, resources only from
 * `dist/webview/`, the static page shell (its Content-Security-Policy allows only scripts carrying a fresh
 * nonce, see pageShell.ts), and typed messages both ways.
 */
export class WebviewPage<ToWebview extends Message, FromWebview extends Message> implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  private readonly received = new vscode.EventEmitter<FromWebview>();
  /** Messages from the webview that its parser accepted. */
  readonly onDidReceive = this.received.event;
  private readonly recorded: ToWebview[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];
  private disposed = false;
  readonly probe: WebviewProbe<ToWebview>;

  constructor(
    private readonly spec: WebviewPageSpec<FromWebview>,
    extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly record: boolean,
    private readonly violations: string[],
  ) {
    const root = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel(spec.viewType, plainLabel(spec.title, 100), vscode.ViewColumn.Active, {
      enableScripts: spec.bundle !== undefined,
      enableCommandUris: false,
      enableFindWidget: true,
      localResourceRoots: [root],
    });
    const webview = this.panel.webview;
    const asset = (name: string) => webview.asWebviewUri(vscode.Uri.joinPath(root, name)).toString();
    const html = pageShell({
      cspSource: webview.cspSource,
      nonce: newNonce(),
      title: spec.title,
      scripts: spec.bundle ? { policyReport: asset('policyReport.js'), module: asset(`${spec.bundle}.js`) } : undefined,
      styleUris: spec.bundle ? [asset(`${spec.bundle}.css`)] : [],
      language: vscode.env.language,
    });
    webview.html = html;
    this.probe = { html, posted: this.recorded, deliver: (raw) => this.accept(raw) };
    this.subscriptions.push(
      webview.onDidReceiveMessage((raw: unknown) => this.accept(raw)),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  get onDidDispose(): vscode.Event<void> {
    return this.panel.onDidDispose;
  }

  /** Posts a message; resolves false when the webview is not there to receive it (hidden or closed). */
  post(message: ToWebview): Thenable<boolean> {
    if (this.record) {
      this.recorded.push(message);
      if (this.recorded.length > RECORDED_MESSAGES) this.recorded.splice(0, this.recorded.length - RECORDED_MESSAGES);
    }
    return this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const subscription of this.subscriptions.splice(0)) subscription.dispose();
    this.received.dispose();
    this.panel.dispose();
  }

  private accept(raw: unknown): void {
    const violation = policyViolationOf(raw);
    if (violation) {
      const text = `${this.spec.viewType}: the page's Content-Security-Policy blocked ${violation.blocked || '?'} (${violation.directive}${violation.source ? `, from ${violation.source}` : ''})`;
      this.log.error(text);
      if (this.violations.length < RECORDED_MESSAGES) this.violations.push(text);
      return;
    }
    const message = this.spec.parse(raw);
    if (message) this.received.fire(message);
    else this.log.warn(`${this.spec.viewType}: ignored a message the webview is not expected to send`);
  }
}

/**
 * Opens every webview of the extension (the only place that creates one): scripted pages with `open`, pages
 * of the panel's HTML with `openScriptFree`. Knows the extension's folder, the log, and whether tests watch.
 */
export class WebviewHost {
  /** The policy violations the pages reported (each also logged as an error); the VS Code suite fails on any. */
  readonly policyViolations: string[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    /** Test mode: keep the messages posted to each webview for the probe. */
    private readonly recordMessages: boolean,
  ) {}

  open<ToWebview extends Message, FromWebview extends Message>(spec: WebviewPageSpec<FromWebview>): WebviewPage<ToWebview, FromWebview> {
    return new WebviewPage<ToWebview, FromWebview>(spec, this.extensionUri, this.log, this.recordMessages, this.policyViolations);
  }

  /**
   * A webview that runs no script: scripts, forms and command links disabled, no local resources, and a
   * document that starts with the script-free policy of the same builder (see scriptFreeDocument.ts).
   */
  openScriptFree(spec: ScriptFreePageSpec): vscode.WebviewPanel {
    const panel = this.scriptFreePanel(spec);
    panel.webview.html = spec.document;
    return panel;
  }

  private scriptFreePanel(spec: ScriptFreePageSpec): vscode.WebviewPanel {
    const title = plainLabel(spec.title, 100);
    try {
      if (spec.reuse) {
        spec.reuse.title = title;
        return spec.reuse;
      }
    } catch {
      // disposed meanwhile: open a new one
    }
    return vscode.window.createWebviewPanel(
      spec.viewType,
      title,
      spec.beside ? { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true } : vscode.ViewColumn.Active,
      { enableScripts: false, enableForms: false, enableCommandUris: false, localResourceRoots: [] },
    );
  }
}
