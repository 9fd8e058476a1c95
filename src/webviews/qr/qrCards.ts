/**
 * What the QR code page shows for a user: the panel's PNG of the proxy link, one card per link with its
 * text, and the subscription's PNG and URL. No `vscode` import: words come through a `Localize`.
 */
import type { User } from '../../api/types';
import { plainLabel } from '../../text/plainText';
import type { Localize } from '../../text/localize';
import type { QrCard } from './protocol';

/** A PNG of at most this size is shown; a larger answer is not a QR code. */
const MAX_PNG_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A data URL of the bytes when they are a PNG image of reasonable size, else undefined. */
export function pngDataUrl(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_PNG_BYTES || !PNG_SIGNATURE.every((value, index) => bytes[index] === value)) return undefined;
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A link of a user as something to copy or encode: its label and its text. */
export interface UserLink {
  readonly label: string;
  readonly value: string;
}

/** Every link of the user (app link and web link per node), then the subscription URL. Values are made plain. */
export function userLinks(user: Partial<User>, t: Localize): UserLink[] {
  const links: UserLink[] = [];
  for (const link of Array.isArray(user.links) ? user.links : []) {
    if (typeof link !== 'object' || link === null) continue;
    const where = plainLabel(link.node_name || link.hostname || link.domain, 80) || t('node');
    for (const [name, value] of Object.entries(link)) {
      if (['domain', 'hostname', 'kind', 'node_id', 'node_name'].includes(name) || typeof value !== 'string') continue;
      const text = plainLabel(value, 4000);
      if (text) links.push({ label: t('{0} ({1} link)', where, plainLabel(name, 20)), value: text });
    }
  }
  const subscription = plainLabel(user.subscription_short_url, 4000);
  if (subscription) links.push({ label: t('Subscription'), value: subscription });
  return links;
}

export interface QrImages {
  /** The panel's PNG of the key (`GET /keys/{id}/qr`), or why there is none. */
  readonly key: { image?: string; note?: string };
  /** The subscription's PNG (`GET /keys/{id}/subscription/qr`), or why there is none; undefined without a subscription. */
  readonly subscription?: { image?: string; note?: string };
}

export function qrCards(user: Partial<User>, images: QrImages, t: Localize): QrCard[] {
  const links = userLinks(user, t);
  const proxyLinks = links.filter((link) => link.value !== plainLabel(user.subscription_short_url, 4000));
  const cards: QrCard[] = [{
    id: 'key',
    title: t('Proxy link'),
    image: images.key.image,
    imageNote: images.key.note,
    links: proxyLinks,
  }];
  if (images.subscription) {
    cards.push({
      id: 'subscription',
      title: t('Subscription'),
      image: images.subscription.image,
      imageNote: images.subscription.note,
      links: links.filter((link) => !proxyLinks.includes(link)),
    });
  }
  return cards;
}
