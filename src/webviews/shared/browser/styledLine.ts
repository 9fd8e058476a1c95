import type { StyledLine, StyleRun } from '../../logs/ansi';
import { el } from './dom';

/** A log line as a `div.line`: text nodes, and spans whose classes are the extension's ANSI style names. */
export function styledLineElement(line: StyledLine): HTMLElement {
  const row = el('div', { className: 'line' });
  const text = typeof line.text === 'string' ? line.text : '';
  const runs: readonly StyleRun[] = Array.isArray(line.runs) ? line.runs : [];
  let at = 0;
  for (const [from, to, classes] of runs) {
    if (from > at) row.appendChild(document.createTextNode(text.slice(at, from)));
    row.appendChild(el('span', { className: String(classes).replace(/[^A-Za-z0-9 ]/g, ''), text: text.slice(from, to) }));
    at = Math.max(at, to);
  }
  if (at < text.length) row.appendChild(document.createTextNode(text.slice(at)));
  return row;
}
