/**
 * The audit log page: filters (action prefix, administrator, from/to, page size), the table of entries with
 * the token column (click a token for "only this token's changes"), a pager and export buttons. The
 * extension reads the panel and sends the whole state; every value is inserted as text.
 */
import '../../shared/browser/base.css';
import './audit.css';
import type { VscodeSingleSelect } from '@vscode-elements/elements/dist/vscode-single-select/vscode-single-select.js';
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';
import { button, singleSelect, textField } from '../../shared/browser/controls';
import { byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import { TOKEN_COLUMN } from '../auditTable';
import type { AuditFilterValues, AuditState, AuditWords, FromAuditWebview, ToAuditWebview } from '../protocol';

const root = byId('root');
const filters = el('div', { className: 'filters' });
const note = el('div', { className: 'notice', attributes: { id: 'range-note' } });
const problem = el('div', { className: 'notice problem', attributes: { role: 'alert' } });
const chip = el('div', { className: 'token-chip' });
const suggestions = el('div', { className: 'suggestions', attributes: { id: 'action-suggestions' } });
const tableBox = el('div', { className: 'table-box' });
const pager = el('div', { className: 'pager' });
note.hidden = true;
problem.hidden = true;
root.append(filters, suggestions, note, problem, chip, tableBox, pager);

let words: AuditWords | undefined;
let pageSizes: readonly number[] = [50, 100, 200];
let fields: { action: VscodeTextfield; user: VscodeTextfield; from: VscodeTextfield; to: VscodeTextfield; perPage: VscodeSingleSelect } | undefined;
const fieldProblems = new Map<string, HTMLElement>();
let current: AuditState | undefined;
const link = connectToExtension<ToAuditWebview, FromAuditWebview, Record<string, never>>(onMessage);

function onMessage(message: ToAuditWebview): void {
  if (message.type === 'words') {
    words = message.words;
    pageSizes = Array.isArray(message.pageSizes) ? message.pageSizes : pageSizes;
    buildFilters(words);
    if (current) render(current);
  } else if (message.type === 'state') {
    current = message.state;
    render(message.state);
  }
}

function filterValues(): AuditFilterValues {
  return {
    action: fields?.action.value ?? '',
    user: fields?.user.value ?? '',
    from: fields?.from.value ?? '',
    to: fields?.to.value ?? '',
    perPage: Number(fields?.perPage.value) || 50,
  };
}

function buildFilters(text: AuditWords): void {
  clear(filters);
  const apply = () => link.post({ type: 'query', filters: filterValues() });
  const field = (name: string, label: string, placeholder: string) => {
    const input = textField(placeholder, '', () => undefined);
    input.setAttribute('id', `filter-${name}`);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') apply();
    });
    const why = el('span', { className: 'field-problem data' });
    fieldProblems.set(name, why);
    filters.appendChild(el('label', {}, label, input, why));
    return input;
  };
  const action = field('action', text.action, '');
  const user = field('user', text.user, '');
  const from = field('from', text.from, text.timePlaceholder);
  const to = field('to', text.to, text.timePlaceholder);
  const perPage = singleSelect(pageSizes.map((size) => ({ value: String(size), label: String(size) })), '50', () => apply());
  filters.appendChild(el('label', {}, text.perPage, perPage));
  filters.append(
    button(text.apply, apply, { id: 'apply' }),
    button(text.clear, () => {
      for (const input of [action, user, from, to]) input.value = '';
      apply();
    }, { secondary: true }),
  );
  fields = { action, user, from, to, perPage };
}

/** Prefixes from the actions the panel returned: the field's example, and one click to filter by each. */
function renderSuggestions(prefixes: readonly string[]): void {
  clear(suggestions);
  if (!words || !fields) return;
  fields.action.placeholder = prefixes.length > 0 ? words.actionPlaceholder.replace('{0}', prefixes.slice(0, 2).join(' / ')) : '';
  if (prefixes.length === 0) return;
  const action = fields.action;
  suggestions.append(el('span', { className: 'muted', text: words.suggestions }), ...prefixes.map((prefix) => {
    const chosen = el('button', { className: 'suggestion data mono', dir: 'ltr', text: prefix, title: prefix });
    chosen.addEventListener('click', () => {
      action.value = prefix;
      link.post({ type: 'query', filters: filterValues() });
    });
    return chosen;
  }));
}

function render(state: AuditState): void {
  if (fields && document.activeElement?.tagName.toLowerCase() !== 'vscode-textfield') {
    fields.action.value = state.filters.action;
    fields.user.value = state.filters.user;
    fields.from.value = state.filters.from;
    fields.to.value = state.filters.to;
    // Setting the same value again could announce a change, which would send the query again.
    if (fields.perPage.value !== String(state.filters.perPage)) fields.perPage.value = String(state.filters.perPage);
  }
  for (const [name, element] of fieldProblems) element.textContent = state.fieldProblems?.[name] ?? '';
  renderSuggestions(Array.isArray(state.actionSuggestions) ? state.actionSuggestions.map(String) : []);
  note.hidden = !state.rangeNote;
  note.textContent = state.rangeNote ?? '';
  problem.hidden = !state.problem;
  problem.textContent = state.problem ?? '';

  clear(chip);
  if (state.tokenFilter !== undefined && words) {
    chip.append(el('span', {}, `${words.onlyToken}: `, el('code', { className: 'data mono', dir: 'ltr', text: state.tokenFilter })),
      button(words.allTokens, () => link.post({ type: 'onlyToken' }), { secondary: true }));
  }

  const tokenColumn = state.columns.indexOf(TOKEN_COLUMN);
  const head = el('tr', {}, ...state.columns.map((column) => el('th', { className: `data column-${column.replace(/[^A-Za-z0-9_-]/g, '')}`, text: column, title: column })));
  const body = el('tbody');
  for (const row of state.rows) {
    const cells = row.cells.map((cell, index) => {
      if (index === tokenColumn && row.tokenId !== undefined && words) {
        const tokenId = row.tokenId;
        const filter = el('button', { className: 'token data', dir: 'ltr', text: cell, title: `${words.onlyToken}: ${cell}` });
        filter.addEventListener('click', () => link.post({ type: 'onlyToken', tokenId }));
        return el('td', {}, filter);
      }
      if (index === tokenColumn && row.tokenId === undefined) return el('td', { className: 'muted', text: words?.browserSession ?? '' });
      return el('td', { className: `data column-${state.columns[index]?.replace(/[^A-Za-z0-9_-]/g, '') ?? ''}`, text: cell, title: cell });
    });
    body.appendChild(el('tr', {}, ...cells));
  }
  clear(tableBox);
  if (state.rows.length === 0 && !state.loading && !state.problem) tableBox.appendChild(el('div', { className: 'muted', text: words?.noEntries ?? '' }));
  else tableBox.appendChild(el('table', { className: 'audit' }, el('thead', {}, head), body));

  clear(pager);
  if (!words) return;
  const previous = button(words.previous, () => link.post({ type: 'page', page: state.page - 1 }), { secondary: true });
  const next = button(words.next, () => link.post({ type: 'page', page: state.page + 1 }), { secondary: true });
  if (state.page <= 1 || state.loading) previous.setAttribute('disabled', '');
  const last = state.pageCount ?? (state.rows.length > 0 ? state.page + 1 : state.page);
  if (state.page >= last || state.loading) next.setAttribute('disabled', '');
  pager.append(previous, next, el('span', { className: 'muted', text: state.loading ? '…' : state.summary }), el('span', { className: 'spacer' }),
    button(words.exportCsv, () => link.post({ type: 'export', format: 'csv' }), { secondary: true }),
    button(words.exportJson, () => link.post({ type: 'export', format: 'json' }), { secondary: true }));
}
