import type * as vscode from 'vscode';
import type { PanelStoresLookup } from '../state/panelStores';
import type { PanelSession } from '../connection/panelSession';
import type { ReadOnlyDocuments } from '../editors/readOnlyDocuments';
import type { UserInput } from '../prompts/userInput';
import { AuditLogs } from './audit/auditLog';
import { Dashboards } from './dashboard/dashboard';
import { JobHistories } from './jobs/jobHistory';
import { LogViewers } from './logs/logViewer';
import { NodeMetricsViews } from './nodeMetrics/nodeMetrics';
import { QrViews } from './qr/qrView';
import { WebviewHost } from './shared/webviewHost';

/** What the pages use. */
export interface WebviewPagesDependencies {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  /** Word of sign-outs: a log stream of a panel signed out ends. */
  readonly session: Pick<PanelSession, 'onDidChange'>;
  /** Every connected panel's stores: the pages read through them. */
  readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>;
  readonly documents: ReadOnlyDocuments;
  readonly input: UserInput;
  /** In the VS Code suite (the host then lets tests read what pages post). */
  readonly scripted: boolean;
}

/** The webview pages on their one host: created the first time a command opens a page (a lazily loaded bundle). */
export interface WebviewPages extends vscode.Disposable {
  readonly host: WebviewHost;
  readonly logViewers: LogViewers;
  readonly jobHistories: JobHistories;
  readonly qrViews: QrViews;
  readonly dashboards: Dashboards;
  readonly nodeMetrics: NodeMetricsViews;
  readonly auditLogs: AuditLogs;
}

export function createWebviewPages({ extensionUri, log, session, panels, documents, input, scripted }: WebviewPagesDependencies): WebviewPages {
  const host = new WebviewHost(extensionUri, log, scripted);
  const pages = {
    logViewers: new LogViewers(host, session, panels, documents),
    jobHistories: new JobHistories(host, panels),
    qrViews: new QrViews(host, panels),
    dashboards: new Dashboards(host, panels),
    nodeMetrics: new NodeMetricsViews(host, panels),
    auditLogs: new AuditLogs(host, panels, input),
  };
  return { host, ...pages, dispose: () => Object.values(pages).forEach((page) => page.dispose()) };
}
