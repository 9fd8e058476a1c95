/**
 * The log viewer page: a toolbar (pause, wrap, filter, clear, open as document, reconnect), the stream's
 * state, and the lines. Lines are built with createElement/textContent from the extension's messages;
 * colours are class names from the extension's fixed vocabulary, mapped to the theme's terminal colours.
 */
import '../../shared/browser/base.css';
import '../../shared/browser/ansi.css';
import './logs.css';
import { button, checkbox, textField } from '../../shared/browser/controls';
import { byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import { styledLineElement } from '../../shared/browser/styledLine';
import { MAX_FILTER_CHARS, type FromLogsWebview, type LogLine, type LogWords, type ToLogsWebview } from '../protocol';

interface UiState {
  wrap: boolean;
}

const root = byId('root');
const status = el('div', { className: 'status-line', attributes: { role: 'status' } });
const toolbar = el('div', { className: 'toolbar' });
const marker = el('div', { className: 'marker muted', attributes: { hidden: '' } });
const pausedNote = el('div', { className: 'marker muted', attributes: { hidden: '' } });
const lines = el('div', { className: 'lines mono', dir: 'ltr', attributes: { role: 'log', 'aria-live': 'off', tabindex: '0' } });
const scroller = el('div', { className: 'scroller' }, marker, lines);
root.append(toolbar, status, pausedNote, scroller);

let words: LogWords | undefined;
let maxLines = 10_000;
let paused = false;
let filterTimer: ReturnType<typeof setTimeout> | undefined;
let reconnectButton: HTMLElement | undefined;
let pauseButton: HTMLElement | undefined;
let filterField: { value: string } | undefined;
/** The first reset after the page loaded carries the filter the extension kept (the page was hidden). */
let filterRestored = false;

const link = connectToExtension<ToLogsWebview, FromLogsWebview, UiState>(onMessage);
let wrap = link.uiState.wrap === true;
applyWrap();

function onMessage(message: ToLogsWebview): void {
  switch (message.type) {
    case 'words':
      words = message.words;
      buildToolbar(message.words);
      return;
    case 'state':
      status.textContent = message.message;
      status.classList.toggle('problem', ['offline', 'failed', 'dropped'].includes(message.state));
      if (reconnectButton) reconnectButton.hidden = !message.canReconnect;
      return;
    case 'reset':
      maxLines = message.maxLines;
      setPaused(message.paused);
      if (filterField && !filterRestored) {
        filterField.value = message.filter;
        filterRestored = true;
      }
      clear(lines);
      appendLines(message.lines, message.dropped, true);
      return;
    case 'append':
      appendLines(message.lines, message.dropped, false);
      return;
  }
}

function buildToolbar(text: LogWords): void {
  clear(toolbar);
  pauseButton = button(paused ? text.resume : text.pause, () => {
    setPaused(!paused);
    link.post({ type: paused ? 'pause' : 'resume' });
  }, { id: 'pause' });
  const filter = textField(text.filter, '', (value) => {
    if (filterTimer) clearTimeout(filterTimer);
    filterTimer = setTimeout(() => link.post({ type: 'filter', text: value.slice(0, MAX_FILTER_CHARS) }), 200);
  });
  filter.id = 'filter';
  filterField = filter;
  const wrapBox = checkbox(text.wrap, wrap, (checked) => {
    wrap = checked;
    link.saveUiState({ wrap });
    applyWrap();
  });
  reconnectButton = button(text.reconnect, () => link.post({ type: 'reconnect' }), { id: 'reconnect' });
  reconnectButton.hidden = true;
  toolbar.append(
    pauseButton,
    filter,
    wrapBox,
    el('span', { className: 'spacer' }),
    reconnectButton,
    button(text.clear, () => link.post({ type: 'clear' }), { secondary: true }),
    button(text.openAsDocument, () => link.post({ type: 'openAsDocument' }), { secondary: true, id: 'open-document' }),
  );
}

function setPaused(value: boolean): void {
  paused = value;
  if (words && pauseButton) pauseButton.textContent = paused ? words.resume : words.pause;
  pausedNote.hidden = !paused;
  pausedNote.textContent = words?.pausedMarker ?? '';
}

function applyWrap(): void {
  lines.classList.toggle('wrap', wrap);
}

/** Appends lines, keeps at most `maxLines`, and scrolls with them only when the reader was at the bottom. */
function appendLines(batch: readonly LogLine[], dropped: number, reset: boolean): void {
  const atBottom = reset || scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 8;
  const fragment = document.createDocumentFragment();
  const start = Math.max(0, batch.length - maxLines);
  for (let i = start; i < batch.length; i++) fragment.appendChild(styledLineElement(batch[i]));
  lines.appendChild(fragment);
  let excess = lines.childElementCount - maxLines;
  while (excess-- > 0 && lines.firstChild) lines.firstChild.remove();
  marker.hidden = dropped === 0;
  marker.textContent = words ? words.droppedMarker.replace('{0}', String(dropped)) : String(dropped);
  if (lines.childElementCount === 0 && words) lines.appendChild(el('div', { className: 'muted', text: words.noLines }));
  if (atBottom) scroller.scrollTop = scroller.scrollHeight;
}
