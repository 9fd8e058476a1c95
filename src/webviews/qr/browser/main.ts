/**
 * The QR code page: for each card the panel's PNG (a data URL the extension fetched with the token) and the
 * links as text with copy buttons, and a refresh. The page holds no token and saves no state.
 */
import '../../shared/browser/base.css';
import './qr.css';
import { button } from '../../shared/browser/controls';
import { bdi, byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import type { FromQrWebview, QrCard, QrWords, ToQrWebview } from '../protocol';

const root = byId('root');
const toolbar = el('div', { className: 'toolbar' });
const heading = el('h1', { className: 'data' });
const status = el('div', { className: 'status-line', attributes: { role: 'status' } });
const cards = el('div', { className: 'cards' });
root.append(toolbar, heading, status, cards);

let words: QrWords | undefined;
const copyButtons = new Map<string, HTMLElement>();
const link = connectToExtension<ToQrWebview, FromQrWebview, Record<string, never>>(onMessage);

function onMessage(message: ToQrWebview): void {
  switch (message.type) {
    case 'words':
      words = message.words;
      clear(toolbar);
      toolbar.append(el('span', { className: 'spacer' }), button(words.refresh, () => link.post({ type: 'refresh' }), { id: 'refresh' }));
      return;
    case 'loading':
      status.textContent = message.message;
      status.classList.remove('problem');
      clear(cards);
      return;
    case 'problem':
      status.textContent = '';
      clear(cards);
      cards.appendChild(el('div', { className: 'notice problem', text: message.message }));
      return;
    case 'codes':
      heading.replaceChildren(bdi(String(message.heading)));
      status.textContent = '';
      renderCards(message.cards);
      return;
    case 'copied': {
      const copied = copyButtons.get(`${message.card}/${message.link}`);
      if (copied && words) {
        copied.textContent = words.copied;
        const label = words.copy;
        setTimeout(() => (copied.textContent = label), 1500);
      }
      return;
    }
  }
}

function renderCards(list: readonly QrCard[]): void {
  clear(cards);
  copyButtons.clear();
  for (const card of list) {
    const figure = el('figure', { className: 'qr' });
    if (typeof card.image === 'string' && card.image.startsWith('data:image/png;base64,')) {
      const image = el('img', { attributes: { alt: `${words?.qrAlt ?? ''} ${card.title}`.trim(), width: '220', height: '220' } });
      image.src = card.image;
      figure.appendChild(image);
    } else {
      figure.appendChild(el('div', { className: 'no-image muted', text: card.imageNote ?? '' }));
    }
    const linkList = el('ul', { className: 'links' });
    card.links.forEach((entry, index) => {
      const copy = button(words?.copy ?? 'Copy', () => link.post({ type: 'copy', card: card.id, link: index }), { secondary: true });
      copyButtons.set(`${card.id}/${index}`, copy);
      linkList.appendChild(el('li', {},
        el('div', { className: 'link-label muted data', text: entry.label }),
        el('div', { className: 'link-row' }, el('code', { className: 'link-text data mono', dir: 'ltr', text: entry.value }), copy)));
    });
    cards.appendChild(el('section', { className: 'card' }, el('h2', { className: 'data', text: card.title }), el('div', { className: 'card-body' }, figure, linkList)));
  }
}
