import * as vscode from 'vscode';
import { SCOPES } from '../../api/catalog';
import { auditEntries, auditPerPage, auditTotal } from '../../api/audit';
import { scalarOf } from '../../api/silentValues';
import type { AuditQuery, JsonObject } from '../../api/types';
import { PanelHttpError } from '../../api/errors';
import type { PanelRef } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { UserInput } from '../../prompts/userInput';
import { describeError } from '../../text/describeError';
import { tellFailure } from '../../runner/actionRunner';
import { plainLabel } from '../../text/plainText';
import { PageRegistry } from '../shared/pageRegistry';
import type { PageOpener } from '../shared/hostedPage';
import { PanelDataPage } from '../shared/panelDataPage';
import type { WebviewHost } from '../shared/webviewHost';
import { auditCsv, auditJson } from './auditExport';
import { AUDIT_PAGE_SIZES, auditQuery, isMonitoringCaller, rangeNote, type FilterProblem, type RangeNote } from './auditQuery';
import { actionSuggestions, auditColumns, auditRows, entriesOfToken, tokenIdOf, type AuditEntry } from './auditTable';
import { parseAuditMessage, type AuditFilterValues, type AuditState, type FromAuditWebview, type ToAuditWebview } from './protocol';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';

/** A read of the audit log: the panel's answer to a query, or the filters' problems (nothing was sent). */
type AuditRead = { readonly query: AuditQuery; readonly answer: JsonObject } | { readonly problems: readonly FilterProblem[] };

const EMPTY_FILTERS: AuditFilterValues = { action: '', user: '', from: '', to: '', perPage: 50 };

/**
 * The audit log of one panel as a table: filters for action prefix, administrator and time range, pages
 * of up to 200 entries, the `api_token_id` column with "only this token's changes", and export of the
 * shown entries. The extension reads the pages and keeps the state; the page only shows it.
 */
export class AuditLogView extends PanelDataPage<ToAuditWebview, FromAuditWebview, AuditRead> {
  private filters: AuditFilterValues = EMPTY_FILTERS;
  private pageNumber = 1;
  private entries: AuditEntry[] = [];
  private tokenFilter: string | undefined;
  /** Every action the panel has returned to this page, with how often (for the filter's suggestions). */
  private readonly actionsSeen: string[] = [];
  private state: AuditState;

  constructor(host: PageOpener, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>, readonly panel: PanelRef, private readonly input: UserInput) {
    super(host, {
      viewType: 'panelOps.auditLog',
      title: vscode.l10n.t('Audit Log: {0}', plainLabel(panel.name, 60)),
      bundle: 'audit',
      parse: parseAuditMessage,
    });
    this.state = { filters: this.filters, page: 1, summary: '', columns: [], rows: [], fieldProblems: {}, loading: true, actionSuggestions: [] };
  }

  /** What the table shows now (the entries of the page, less those of other tokens while the quick filter is on). */
  get shownEntries(): AuditEntry[] {
    return entriesOfToken(this.entries, this.tokenFilter);
  }

  protected async read(signal: AbortSignal, progress: (message: ToAuditWebview) => void): Promise<AuditRead> {
    const checked = auditQuery(this.filters, this.pageNumber, this.filters.perPage);
    if (!checked.query) return { problems: checked.problems };
    const query = checked.query;
    progress(this.stateWith({ loading: true, fieldProblems: {}, problem: undefined }));
    const answer = await this.panels.require(this.panel.id).call((api, callSignal) => api.audit.list(query, { signal: callSignal }), signal);
    return { query, answer };
  }

  protected present(read: AuditRead): ToAuditWebview {
    if (!('query' in read)) return this.stateWith({ loading: false, fieldProblems: fieldProblemsOf(read.problems), problem: undefined });
    const { query, answer } = read;
    this.entries = auditEntries(answer);
    for (const entry of this.entries) {
      // The action as text however the panel gives it (`"nodes.apply"`, `{value: "nodes.apply", source}`).
      const action = scalarOf(entry.action ?? entry.operation);
      if (typeof action === 'string' && this.actionsSeen.length < 10_000) this.actionsSeen.push(action);
    }
    if (this.tokenFilter !== undefined && !this.entries.some((entry) => tokenIdOf(entry) === this.tokenFilter)) this.tokenFilter = undefined;
    // The page's shape is not shown (spec 4.1): a bare array, or null, has no total.
    const total = auditTotal(answer);
    const perPage = auditPerPage(answer) ?? query.per_page ?? 50;
    const note = rangeNote(query, answer, this.monitoringCaller());
    return this.stateWith({
      loading: false,
      pageCount: total === undefined ? undefined : Math.max(1, Math.ceil(total / perPage)),
      summary: total === undefined
        ? vscode.l10n.t('{0} entries on page {1}', numberText(this.entries.length), numberText(this.pageNumber))
        : vscode.l10n.t('{0} entries match; page {1} of {2}', numberText(total), numberText(this.pageNumber), numberText(Math.max(1, Math.ceil(total / perPage)))),
      rangeNote: note && describeRangeNote(note),
    });
  }

  protected failure(error: unknown): ToAuditWebview {
    this.entries = [];
    const fields = error instanceof PanelHttpError && error.status === 422 ? error.fields ?? {} : {};
    return this.stateWith({ loading: false, problem: vscode.l10n.t('Could not read the audit log: {0}', describeError(error)), fieldProblems: { ...fields }, summary: '', pageCount: undefined, rangeNote: undefined });
  }

  /** Known from the scopes this panel's token was created with; otherwise (none known) read from the answer. */
  private monitoringCaller(): boolean | undefined {
    const panel = this.panels.get(this.panel.id);
    if (!panel) return undefined;
    const scopes = SCOPES.filter((scope) => panel.scopes.hasScope(scope));
    return scopes.length > 0 ? isMonitoringCaller(scopes) : undefined;
  }

  /** The page's state with `changes`, the filters, the page and the rows of the entries shown. */
  private stateWith(changes: Partial<AuditState>): ToAuditWebview {
    const shown = this.shownEntries;
    const columns = auditColumns(this.entries);
    this.state = {
      ...this.state,
      ...changes,
      filters: this.filters,
      page: this.pageNumber,
      columns,
      rows: auditRows(shown, columns),
      tokenFilter: this.tokenFilter,
      actionSuggestions: actionSuggestions(this.actionsSeen),
    };
    return { type: 'state', state: this.state };
  }

  protected words(): ToAuditWebview {
    return { type: 'words', words: auditWords(), pageSizes: AUDIT_PAGE_SIZES };
  }

  protected async onMessage(message: Exclude<FromAuditWebview, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'refresh':
        void this.refresh();
        return;
      case 'query':
        this.filters = message.filters;
        this.pageNumber = 1;
        void this.refresh();
        return;
      case 'page':
        this.pageNumber = message.page;
        void this.refresh();
        return;
      case 'onlyToken':
        this.tokenFilter = message.tokenId;
        this.show(this.stateWith({}));
        return;
      case 'export':
        await this.export(message.format);
        return;
    }
  }

  private async export(format: 'csv' | 'json'): Promise<void> {
    const entries = this.shownEntries;
    if (entries.length === 0) {
      void this.input.notify('info', vscode.l10n.t('The audit log shows no entries to export.'));
      return;
    }
    const uri = await this.input.saveFile({
      title: vscode.l10n.t('Export {0} Audit Entries', numberText(entries.length)),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    });
    if (!uri) return;
    const text = format === 'csv' ? auditCsv(entries, auditColumns(entries)) : auditJson(entries);
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    } catch (error) {
      tellFailure({ input: this.input }, vscode.l10n.t('Could not write {0}', uri.fsPath || uri.toString()), error);
      return;
    }
    const open = vscode.l10n.t('Open');
    void this.input.notify('info', vscode.l10n.t('Exported {0} audit entries to {1}.', numberText(entries.length), uri.fsPath || uri.toString()), open).then(async (chosen) => {
      if (chosen === open) await vscode.window.showTextDocument(uri, { preview: false });
    });
  }
}

function fieldProblemsOf(problems: readonly FilterProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  const notTime = vscode.l10n.t('Not an RFC 3339 time, e.g. 2026-11-20T08:00:00Z (a date alone means its midnight UTC).');
  if (problems.includes('from')) out.from = notTime;
  if (problems.includes('to')) out.to = notTime;
  if (problems.includes('range')) out.to = vscode.l10n.t('"To" is before "From".');
  return out;
}

/** The sentence under the filters for a monitoring-scope caller (spec 4.1). */
export function describeRangeNote(note: RangeNote): string {
  const parts = [vscode.l10n.t('This token reads the audit log as a monitoring caller, so the panel limits the time range.')];
  if (note.fromDefaulted && note.toDefaulted) parts.push(vscode.l10n.t('With no "From" and "To" it shows the last 24 hours.'));
  else if (note.fromDefaulted) parts.push(vscode.l10n.t('With no "From" it starts 24 hours before "To".'));
  else if (note.toDefaulted) parts.push(vscode.l10n.t('With no "To" it ends now.'));
  if (note.capped) parts.push(plural(31, { one: 'A range can span at most {0} day, so the panel moved "From" later.', other: 'A range can span at most {0} days, so the panel moved "From" later.' }, vscode.l10n.t));
  if (note.appliedFrom || note.appliedTo) {
    parts.push(vscode.l10n.t('Shown: {0} to {1}.', plainLabel(note.appliedFrom ?? '…', 40), plainLabel(note.appliedTo ?? '…', 40)));
  }
  return parts.join(' ');
}

function auditWords() {
  return {
    action: vscode.l10n.t('Action prefix'),
    actionPlaceholder: vscode.l10n.t('e.g. {0}'),
    suggestions: vscode.l10n.t('Actions seen:'),
    user: vscode.l10n.t('Administrator'),
    from: vscode.l10n.t('From'),
    to: vscode.l10n.t('To'),
    timePlaceholder: vscode.l10n.t('RFC 3339, e.g. 2026-11-20T08:00:00Z'),
    perPage: vscode.l10n.t('Per page'),
    apply: vscode.l10n.t('Apply'),
    clear: vscode.l10n.t('Clear'),
    previous: vscode.l10n.t('Previous'),
    next: vscode.l10n.t('Next'),
    exportCsv: vscode.l10n.t('Export CSV'),
    exportJson: vscode.l10n.t('Export JSON'),
    onlyToken: vscode.l10n.t('Only this token\'s changes'),
    allTokens: vscode.l10n.t('Show all tokens'),
    browserSession: vscode.l10n.t('browser session'),
    noEntries: vscode.l10n.t('No entries match.'),
  };
}

/** One audit log per connected panel; opening it again reveals it. */
export class AuditLogs implements vscode.Disposable {
  private readonly open = new PageRegistry<AuditLogView>();

  constructor(private readonly host: WebviewHost, private readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>, private readonly input: UserInput) {}

  show(panel: PanelRef): AuditLogView {
    return this.open.show(panel.id, () => new AuditLogView(this.host, this.panels, panel, this.input));
  }

  get views(): readonly AuditLogView[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
