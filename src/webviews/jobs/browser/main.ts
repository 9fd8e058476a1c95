/**
 * The job history page: a sortable table of a node's apply jobs, a status filter, a limit and a refresh,
 * and the selected job's error and raw log below. Everything from the panel is inserted as text.
 */
import '../../shared/browser/base.css';
import '../../shared/browser/ansi.css';
import './jobs.css';
import { button, singleSelect } from '../../shared/browser/controls';
import { byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import { styledLineElement } from '../../shared/browser/styledLine';
import { JOB_LIMITS, type FromJobsWebview, type JobRow, type JobStatusClass, type JobWords, type ToJobsWebview } from '../protocol';

type Column = 'status' | 'started' | 'finished' | 'duration' | 'error';

interface UiState {
  sort: Column;
  descending: boolean;
  status: JobStatusClass | '';
}

/** Text glyphs for the statuses (the page loads no icon font); colour and title say the rest. */
const STATUS_GLYPHS: Record<JobStatusClass, string> = { queued: '◷', running: '↻', ok: '✓', failed: '✕', rolled_back: '↶', unknown: '?' };
const STATUSES: readonly JobStatusClass[] = ['queued', 'running', 'ok', 'failed', 'rolled_back'];

const root = byId('root');
const toolbar = el('div', { className: 'toolbar' });
const status = el('div', { className: 'status-line', attributes: { role: 'status' } });
const table = el('table', { className: 'jobs' });
const tableBox = el('div', { className: 'table-box' }, table);
const details = el('section', { className: 'details' });
root.append(toolbar, status, tableBox, details);

let words: JobWords | undefined;
let rows: JobRow[] = [];
let selected: string | undefined;
let limit = 20;
const link = connectToExtension<ToJobsWebview, FromJobsWebview, UiState>(onMessage);
const ui: UiState = { sort: 'started', descending: true, status: '', ...link.uiState };

function onMessage(message: ToJobsWebview): void {
  switch (message.type) {
    case 'words':
      words = message.words;
      buildToolbar();
      render();
      return;
    case 'loading':
      limit = message.limit;
      status.textContent = '…';
      status.classList.remove('problem');
      return;
    case 'jobs':
      limit = message.limit;
      rows = message.rows;
      selected = message.selected;
      status.textContent = message.note;
      status.classList.remove('problem');
      buildToolbar();
      render();
      return;
    case 'problem':
      limit = message.limit;
      rows = [];
      selected = undefined;
      status.textContent = message.message;
      status.classList.add('problem');
      render();
      return;
  }
}

function buildToolbar(): void {
  if (!words) return;
  clear(toolbar);
  const statusFilter = singleSelect(
    [{ value: '', label: words.allStatuses }, ...STATUSES.map((value) => ({ value, label: words!.statusNames[value] }))],
    ui.status,
    (value) => {
      ui.status = value as UiState['status'];
      save();
      render();
    },
  );
  statusFilter.id = 'status-filter';
  const limitChoice = singleSelect(JOB_LIMITS.map((value) => ({ value: String(value), label: String(value) })), String(limit), (value) => {
    link.post({ type: 'setLimit', limit: Number(value) });
  });
  limitChoice.id = 'limit';
  toolbar.append(
    statusFilter,
    el('label', { className: 'muted', text: words.limit }),
    limitChoice,
    el('span', { className: 'spacer' }),
    button(words.refresh, () => link.post({ type: 'refresh' }), { id: 'refresh' }),
  );
}

function save(): void {
  link.saveUiState(ui);
}

function sortKey(row: JobRow, column: Column): number | string {
  switch (column) {
    case 'status': return row.statusClass;
    case 'started': return row.startedAt ?? -Infinity;
    case 'finished': return row.finishedAt ?? Infinity;
    case 'duration': return row.durationMs ?? -1;
    case 'error': return row.error;
  }
}

function visibleRows(): JobRow[] {
  const shown = rows.filter((row) => !ui.status || row.statusClass === ui.status);
  const direction = ui.descending ? -1 : 1;
  return shown.sort((a, b) => {
    const x = sortKey(a, ui.sort);
    const y = sortKey(b, ui.sort);
    return (x < y ? -1 : x > y ? 1 : 0) * direction;
  });
}

function render(): void {
  if (!words) return;
  const text = words;
  clear(table);
  const headers: [Column, string][] = [['status', text.status], ['started', text.started], ['finished', text.finished], ['duration', text.duration], ['error', text.error]];
  const headRow = el('tr');
  for (const [column, label] of headers) {
    const sorted = ui.sort === column;
    const header = el('th', { attributes: { scope: 'col', 'aria-sort': sorted ? (ui.descending ? 'descending' : 'ascending') : 'none' } },
      el('button', { className: 'sort', text: `${label}${sorted ? (ui.descending ? ' ▼' : ' ▲') : ''}` }));
    header.addEventListener('click', () => {
      ui.descending = ui.sort === column ? !ui.descending : column === 'started' || column === 'finished' || column === 'duration';
      ui.sort = column;
      save();
      render();
    });
    headRow.appendChild(header);
  }
  table.appendChild(el('thead', {}, headRow));
  const body = el('tbody');
  const shown = visibleRows();
  for (const row of shown) {
    const tr = el('tr', { className: row.key === selected ? 'selected' : '', attributes: { tabindex: '0', 'aria-selected': String(row.key === selected) } },
      el('td', { className: 'data' },
        el('span', { className: `status-icon ${row.statusClass}`, text: STATUS_GLYPHS[row.statusClass], title: row.status, attributes: { 'aria-hidden': 'true' } }),
        ` ${row.status}`),
      el('td', { className: 'time', text: row.started }),
      el('td', { className: 'time', text: row.finished }),
      el('td', { text: row.duration }),
      el('td', { className: 'data error-cell', text: row.error, title: row.error }),
    );
    const choose = () => {
      selected = row.key;
      link.post({ type: 'select', key: row.key });
      render();
    };
    tr.addEventListener('click', choose);
    tr.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') choose();
    });
    body.appendChild(tr);
  }
  if (shown.length === 0) body.appendChild(el('tr', {}, el('td', { className: 'muted', text: text.noJobs, attributes: { colspan: '5' } })));
  table.appendChild(body);
  renderDetails(text);
}

function renderDetails(text: JobWords): void {
  clear(details);
  const row = rows.find((candidate) => candidate.key === selected);
  if (!row) {
    details.appendChild(el('p', { className: 'muted', text: text.selectHint }));
    return;
  }
  details.append(el('h2', {},
    el('span', { className: `status-icon ${row.statusClass}`, text: STATUS_GLYPHS[row.statusClass] }),
    el('span', { className: 'data', text: ` ${row.status} · ${row.started}` })));
  if (row.error) details.appendChild(el('div', { className: 'notice problem data', text: `${text.error}: ${row.error}` }));
  details.appendChild(el('h3', { text: text.log }));
  const log = el('div', { className: 'job-log mono', dir: 'ltr' });
  for (const line of row.log) log.appendChild(styledLineElement(line));
  if (row.log.length === 0) log.appendChild(el('div', { className: 'muted', text: text.noLog }));
  details.appendChild(log);
}
