/** Messages between the QR code page and the extension. No `vscode` import. */
import { bareMessage, integerMember, messageObject, stringMember } from '../shared/messages';

/** One QR code with the links it stands for. Values are plain text made by the extension. */
export interface QrCard {
  readonly id: string;
  readonly title: string;
  /** `data:image/png;base64,…` of the panel's PNG (fetched by the extension with the token). */
  readonly image?: string;
  /** Why there is no image (e.g. the user has no subscription). */
  readonly imageNote?: string;
  readonly links: readonly { readonly label: string; readonly value: string }[];
}

export interface QrWords {
  refresh: string;
  copy: string;
  copied: string;
  qrAlt: string;
}

export type ToQrWebview =
  | { type: 'words'; words: QrWords }
  | { type: 'loading'; message: string }
  | { type: 'codes'; heading: string; cards: QrCard[] }
  | { type: 'problem'; message: string }
  | { type: 'copied'; card: string; link: number };

export type FromQrWebview =
  | { type: 'ready' }
  | { type: 'refresh' }
  /** Copy a link of a card: the extension writes it to the clipboard (the page needs no clipboard access). */
  | { type: 'copy'; card: string; link: number };

export function parseQrMessage(raw: unknown): FromQrWebview | undefined {
  const message = messageObject(raw);
  if (message?.type === 'copy') {
    const card = stringMember(message, 'card', 100);
    const link = integerMember(message, 'link', 0, 1000);
    return card === undefined || link === undefined ? undefined : { type: 'copy', card, link };
  }
  return bareMessage<FromQrWebview>(raw, ['ready', 'refresh']);
}
