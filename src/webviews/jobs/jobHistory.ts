import * as vscode from 'vscode';
import { scopeOf } from '../../api/catalog';
import { isScopeDenied } from '../../api/errors';
import type { ApplyJob, PanelNode } from '../../api/types';
import type { PanelStoresLookup } from '../../state/panelStores';
import { describeError } from '../../text/describeError';
import { nodeLabel } from '../../text/nodeText';
import type { NodeOnPanel } from '../logs/logViewer';
import { PageRegistry } from '../shared/pageRegistry';
import { PanelDataPage } from '../shared/panelDataPage';
import type { PageOpener } from '../shared/hostedPage';
import type { WebviewHost } from '../shared/webviewHost';
import { jobRows } from './jobRows';
import { parseJobsMessage, type FromJobsWebview, type JobRow, type JobWords, type ToJobsWebview } from './protocol';
import { plural } from '../../text/plural';

export interface JobHistoryOptions {
  /** The job to select once the list is loaded (its id; e.g. the failed job of an apply). */
  readonly selectJob?: string;
  /** How many jobs to ask for (1 to 100); default 20, the panel's own default. */
  readonly limit?: number;
}

/**
 * A node's apply jobs (`GET /nodes/{id}/jobs`) in a webview table, read through the node-details store of
 * the panel the node came from: status, start, end, duration and error, with the selected job's raw log.
 * Whoever reads the node's jobs (the apply watcher, the panels watcher, the Nodes view) and finds them
 * changed, the page reads its list again, so it follows an apply landing without a refresh.
 */
export class JobHistory extends PanelDataPage<ToJobsWebview, FromJobsWebview, ApplyJob[] | undefined> {
  private limit: number;
  private selected: string | undefined;

  /** Reads of this page under way: a change of the node's jobs meanwhile is this page's own. */
  private ownReads = 0;

  constructor(host: PageOpener, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>, readonly target: NodeOnPanel, options: JobHistoryOptions) {
    super(host, {
      viewType: 'panelOps.jobHistory',
      title: vscode.l10n.t('Jobs: {0}', nodeLabel(target.node, vscode.l10n.t)),
      bundle: 'jobs',
      parse: parseJobsMessage,
    });
    this.limit = clampLimit(options.limit);
    this.selected = options.selectJob;
    const details = panels.get(target.panelId)?.nodeDetails;
    if (details) this.subscriptions.push(details.onDidChange((change) => {
      if (change.kind !== 'item' || change.id.nodeId !== target.node.id || change.id.detail !== 'jobs' || change.id.loaded) return;
      if (this.ownReads > 0) return; // this page's own read
      void this.refresh();
    }));
  }

  get selectedJob(): string | undefined {
    return this.selected;
  }

  /** Shows the tab again, selecting a job when asked. */
  reveal(options: JobHistoryOptions): void {
    this.page.panel.reveal();
    if (options.limit !== undefined) this.limit = clampLimit(options.limit);
    if (options.selectJob !== undefined || options.limit !== undefined) {
      this.selected = options.selectJob ?? this.selected;
      void this.refresh();
    }
  }

  protected async read(signal: AbortSignal, progress: (message: ToJobsWebview) => void): Promise<ApplyJob[] | undefined> {
    progress({ type: 'loading', limit: this.limit });
    const { panelId, node } = this.target;
    const panel = this.panels.require(panelId);
    // Job history is a sensitive read (spec 5.8): a token of the node's panel believed without the scope is told so, not sent.
    if (!panel.scopes.can('nodes.jobs')) return undefined;
    const details = panel.nodeDetails;
    this.ownReads += 1;
    try {
      return [...await details.readJobs(node.id, this.limit, signal)];
    } finally {
      this.ownReads -= 1;
    }
  }

  /** The jobs read, or undefined when the token lacks the scope. */
  protected present(jobs: ApplyJob[] | undefined): ToJobsWebview {
    if (!jobs) return { type: 'problem', message: missingScope(), limit: this.limit };
    const rows = jobRows(jobs, Date.now(), vscode.l10n.t);
    if (!rows.some((row) => row.key === this.selected)) this.selected = defaultSelection(rows);
    return { type: 'jobs', rows, limit: this.limit, selected: this.selected, note: this.note(rows) };
  }

  protected failure(error: unknown): ToJobsWebview {
    const message = isScopeDenied(error) ? `${missingScope()} ${describeError(error)}` : describeError(error);
    return { type: 'problem', message, limit: this.limit };
  }

  private note(rows: readonly JobRow[]): string {
    return rows.length >= this.limit
      ? plural(this.limit, { one: 'The latest {0} job; choose a larger limit for more.', other: 'The latest {0} jobs; choose a larger limit for more.' }, vscode.l10n.t)
      : plural(rows.length, { one: '{0} job.', other: '{0} jobs.' }, vscode.l10n.t);
  }

  protected words(): ToJobsWebview {
    return { type: 'words', words: jobWords() };
  }

  /** The list as the user left it: the job selected last. */
  protected override async resend(): Promise<void> {
    const last = this.shown;
    if (last) await this.page.post(last.type === 'jobs' ? { ...last, selected: this.selected } : last);
  }

  protected onMessage(message: Exclude<FromJobsWebview, { type: 'ready' }>): void {
    switch (message.type) {
      case 'refresh':
        void this.refresh();
        return;
      case 'setLimit':
        this.limit = clampLimit(message.limit);
        void this.refresh();
        return;
      case 'select':
        this.selected = message.key;
        return;
    }
  }
}

function missingScope(): string {
  return vscode.l10n.t('The job history holds raw logs, so the panel shows it only to tokens with {0}; this token was created without it.', scopeOf('nodes.jobs'));
}

/** Without a job asked for, the newest failed one (what an operator opens the history for), else none. */
function defaultSelection(rows: readonly JobRow[]): string | undefined {
  return rows.find((row) => row.statusClass === 'failed' || row.statusClass === 'rolled_back')?.key;
}

function clampLimit(limit: number | undefined): number {
  return limit !== undefined && Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 20;
}

function jobWords(): JobWords {
  return {
    refresh: vscode.l10n.t('Refresh'),
    limit: vscode.l10n.t('Jobs to show'),
    allStatuses: vscode.l10n.t('All statuses'),
    status: vscode.l10n.t('Status'),
    started: vscode.l10n.t('Started'),
    finished: vscode.l10n.t('Finished'),
    duration: vscode.l10n.t('Duration'),
    error: vscode.l10n.t('Error'),
    log: vscode.l10n.t('Log'),
    noJobs: vscode.l10n.t('No apply jobs match.'),
    noLog: vscode.l10n.t('The panel sent no log for this job.'),
    selectHint: vscode.l10n.t('Select a job to see its log and error.'),
    statusNames: {
      queued: vscode.l10n.t('queued'),
      running: vscode.l10n.t('running'),
      ok: vscode.l10n.t('ok'),
      failed: vscode.l10n.t('failed'),
      rolled_back: vscode.l10n.t('rolled back'),
      unknown: vscode.l10n.t('unknown'),
    },
  };
}

/** The open job histories, one per node of a panel. */
export class JobHistories implements vscode.Disposable {
  private readonly open = new PageRegistry<JobHistory>();

  constructor(private readonly host: WebviewHost, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>) {}

  /** Opens (or reveals) the job history of a node of the given panel; `selectJob` selects that job. */
  show(target: NodeOnPanel, options: JobHistoryOptions = {}): JobHistory {
    return this.open.show(`${target.panelId}\n${target.node.id}`, () => new JobHistory(this.host, this.panels, target, options), (history) => history.reveal(options));
  }

  /** For other features (the apply-and-watch opens the failed job): a node's history on a panel, `selectJob` selected. */
  showJobHistory(panelId: string, node: PanelNode, options: JobHistoryOptions = {}): JobHistory {
    return this.show({ panelId, node }, options);
  }

  get histories(): readonly JobHistory[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
