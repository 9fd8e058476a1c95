/**
 * The figures page (dashboard, node metrics): for each section the panel's numbers as cards grouped by the
 * object holding them, its time series as line charts, other lists as tables, and the remaining fields as
 * a key/value list. Figures are labelled in words made from the panel's field names (`keys.by_state` reads
 * "Keys by state"), with the raw name in the label's tooltip. Everything arrives as a message and is
 * inserted as text; the page holds no token.
 */
import '../../shared/browser/base.css';
import './figures.css';
import type { Chart } from 'chart.js';
import { button } from '../../shared/browser/controls';
import { byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import type { FigureSection, FigureWords, FromFiguresWebview, ToFiguresWebview } from '../protocol';
import type { FigureGroup, Reading, Series, Table, TreeRow } from '../shapeReading';
import { lineChart } from './charts';
import { readableFieldName } from '../fieldNames';
import { pageLanguage } from '../../shared/browser/pageLanguage';

const root = byId('root');
const toolbar = el('div', { className: 'toolbar' });
const heading = el('h1', { className: 'data' });
const status = el('div', { className: 'status-line', attributes: { role: 'status' } });
const content = el('div', { className: 'sections' });
root.append(toolbar, heading, status, content);

let words: FigureWords | undefined;
let charts: Chart[] = [];
let lastSections: { heading: string; updated: string; sections: FigureSection[] } | undefined;
const link = connectToExtension<ToFiguresWebview, FromFiguresWebview, Record<string, never>>(onMessage);

// Redraw with the new colours when VS Code changes the theme (it sets the body's class).
new MutationObserver(() => {
  if (lastSections) render(lastSections);
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });

function onMessage(message: ToFiguresWebview): void {
  switch (message.type) {
    case 'words':
      words = message.words;
      clear(toolbar);
      toolbar.append(el('span', { className: 'spacer' }), button(words.refresh, () => link.post({ type: 'refresh' }), { id: 'refresh' }));
      return;
    case 'loading':
      status.textContent = message.message;
      return;
    case 'sections':
      lastSections = message;
      render(message);
      return;
  }
}

const numberFormat = new Intl.NumberFormat(pageLanguage(), { maximumFractionDigits: 2 });

function render(message: { heading: string; updated: string; sections: FigureSection[] }): void {
  for (const chart of charts) chart.destroy();
  charts = [];
  heading.textContent = message.heading;
  status.textContent = `${words?.updated ?? 'Updated'} ${message.updated}`;
  clear(content);
  let colour = 0;
  for (const section of Array.isArray(message.sections) ? message.sections : []) {
    const box = el('section', { className: 'figures-section', attributes: { 'data-section': String(section.id) } },
      el('h2', {}, el('span', { className: 'data', text: String(section.title) }), el('span', { className: 'source muted mono', dir: 'ltr', text: String(section.source) })));
    if (section.problem !== undefined) {
      box.appendChild(el('div', { className: 'notice problem', text: String(section.problem) }));
    } else if (section.reading) {
      colour = renderReading(box, section.reading, colour);
    }
    content.appendChild(box);
  }
}

function renderReading(box: HTMLElement, reading: Reading, colour: number): number {
  const groups: readonly FigureGroup[] = Array.isArray(reading.groups) ? reading.groups : [];
  const series: readonly Series[] = Array.isArray(reading.series) ? reading.series : [];
  const tables: readonly Table[] = Array.isArray(reading.tables) ? reading.tables : [];
  const tree: readonly TreeRow[] = Array.isArray(reading.tree) ? reading.tree : [];
  if (groups.length + series.length + tables.length + tree.length === 0) {
    box.appendChild(el('div', { className: 'muted', text: words?.noData ?? '' }));
  }
  for (const group of groups) {
    if (group.label) box.appendChild(el('h3', { className: 'group data', text: readableFieldName(String(group.label)), title: String(group.label) }));
    const cards = el('div', { className: 'cards' });
    for (const figure of group.figures) {
      cards.appendChild(el('div', { className: 'card', title: `${group.label ? `${group.label}.` : ''}${figure.label}` },
        el('div', { className: 'value', text: numberFormat.format(Number(figure.value)) }),
        el('div', { className: 'label data', text: readableFieldName(String(figure.label)) })));
    }
    box.appendChild(cards);
  }
  if (series.length > 0) {
    const grid = el('div', { className: 'charts' });
    for (const one of series) {
      const label = readableFieldName(String(one.label));
      const canvas = el('canvas', { attributes: { role: 'img', 'aria-label': `${words?.chartOf ?? ''} ${label}` } });
      grid.appendChild(el('figure', { className: 'chart' }, el('figcaption', { className: 'data', text: label, title: String(one.label) }), el('div', { className: 'chart-box', dir: 'ltr' }, canvas)));
      box.appendChild(grid);
      charts.push(lineChart(canvas, { ...one, label }, colour++));
    }
  }
  for (const table of tables) {
    box.appendChild(el('h3', { className: 'group data', text: table.label ? readableFieldName(String(table.label)) : words?.table ?? '', title: String(table.label) }));
    const head = el('tr', {}, ...table.columns.map((column) => el('th', { className: 'data', text: readableFieldName(String(column)), title: String(column) })));
    const body = el('tbody');
    for (const row of table.rows) body.appendChild(el('tr', {}, ...row.map((cell) => el('td', { className: 'data', text: String(cell), title: String(cell) }))));
    box.appendChild(el('div', { className: 'table-box' }, el('table', { className: 'data-table' }, el('thead', {}, head), body)));
    if (table.omitted > 0) box.appendChild(el('div', { className: 'muted', text: `+${numberFormat.format(table.omitted)}` }));
  }
  if (tree.length > 0) {
    box.appendChild(el('h3', { className: 'group', text: words?.details ?? '' }));
    const list = el('dl', { className: 'tree' });
    for (const row of tree) {
      const indent = `${Math.max(0, Math.min(8, Number(row.depth) || 0)) * 1.2}em`;
      const key = el('dt', { className: 'data', text: readableFieldName(String(row.key)), title: String(row.key) });
      key.style.paddingInlineStart = indent;
      list.append(key, el('dd', { className: 'data', text: row.value === undefined ? '' : String(row.value) }));
    }
    box.appendChild(list);
  }
  if (reading.truncated) box.appendChild(el('div', { className: 'notice', text: words?.truncated ?? '' }));
  return colour;
}
