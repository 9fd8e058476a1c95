import * as vscode from 'vscode';
import { scopeOf } from '../../api/catalog';
import { isScopeDenied, PanelHttpError } from '../../api/errors';
import type { PanelApi } from '../../api/index';
import type { Key } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { PageRegistry } from '../shared/pageRegistry';
import { PanelDataPage } from '../shared/panelDataPage';
import type { WebviewHost } from '../shared/webviewHost';
import { parseQrMessage, type FromQrWebview, type QrCard, type ToQrWebview } from './protocol';
import { pngDataUrl, qrCards, type QrImages } from './qrCards';

/** A user (key) of a panel. */
export interface KeyOnPanel {
  readonly panelId: string;
  readonly key: Key;
}

/**
 * A user's QR codes: the panel's PNGs (proxy link and subscription), fetched by the extension with the token
 * and handed to the page as data, with the links beside them and copy buttons. Links and QR codes are
 * sensitive (spec 5.8): without users:write the page says so and nothing is asked. No serializer is
 * registered and the page saves no state, so nothing of it is restored after a reload.
 */
export class QrView extends PanelDataPage<ToQrWebview, FromQrWebview> {
  private cards: QrCard[] = [];

  constructor(host: WebviewHost, private readonly session: PanelSession, readonly target: KeyOnPanel) {
    super(host, {
      viewType: 'panelOps.qr',
      title: vscode.l10n.t('QR: {0}', labelOf(target.key)),
      bundle: 'qr',
      parse: parseQrMessage,
    });
    this.refresh();
  }

  protected async load(signal: AbortSignal): Promise<void> {
    const { panelId } = this.target;
    this.cards = [];
    this.show({ type: 'loading', message: vscode.l10n.t('Loading the QR codes of {0}…', labelOf(this.target.key)) });
    if (this.session.active?.id === panelId && !this.session.capabilities.can('keys.qr')) {
      this.show({ type: 'problem', message: missingScope() });
      return;
    }
    try {
      const { key, images } = await this.session.callOn(panelId, (api, callSignal) => readQrCodes(api, this.target.key.id, callSignal), signal);
      if (signal.aborted) return;
      this.cards = qrCards(key, images, vscode.l10n.t);
      this.show({ type: 'codes', heading: labelOf(key), cards: this.cards });
    } catch (error) {
      if (signal.aborted) return;
      this.show({ type: 'problem', message: isScopeDenied(error) ? `${missingScope()} ${describeError(error)}` : describeError(error) });
    }
  }

  protected async onMessage(message: FromQrWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.page.post({ type: 'words', words: {
          refresh: vscode.l10n.t('Refresh'),
          copy: vscode.l10n.t('Copy'),
          copied: vscode.l10n.t('Copied'),
          qrAlt: vscode.l10n.t('QR code'),
        } });
        await this.showAgain();
        return;
      case 'refresh':
        this.refresh();
        return;
      case 'copy': {
        const link = this.cards.find((card) => card.id === message.card)?.links[message.link];
        if (!link) return;
        await vscode.env.clipboard.writeText(link.value);
        await this.page.post({ type: 'copied', card: message.card, link: message.link });
        return;
      }
    }
  }
}

/** The key (for its links), the panel's PNG of it, and of its subscription when it has one. */
async function readQrCodes(api: PanelApi, id: string, signal: AbortSignal): Promise<{ key: Key; images: QrImages }> {
  const key = await api.keys.get(id, { signal });
  const image = async (read: () => Promise<{ bytes: Uint8Array }>) => {
    try {
      const url = pngDataUrl((await read()).bytes);
      return url ? { image: url } : { note: vscode.l10n.t('The panel did not send a PNG image.') };
    } catch (error) {
      // 409: no link to encode (a revoked or unbound key, no subscription); the rest of the page still helps.
      if (error instanceof PanelHttpError && error.status === 409) return { note: describeError(error) };
      throw error;
    }
  };
  const hasSubscription = key.subscription_active === true || typeof key.subscription_short_url === 'string';
  const [keyImage, subscriptionImage] = await Promise.all([
    image(() => api.keys.qr(id, { signal })),
    hasSubscription ? image(() => api.keys.subscription.qr(id, { signal })) : Promise.resolve(undefined),
  ]);
  return { key, images: { key: keyImage, subscription: subscriptionImage } };
}

function missingScope(): string {
  return vscode.l10n.t('Links and QR codes hold the user\'s proxy secret, so the panel shows them only to tokens with {0} (this token was created without it). Reconnect with a token that has {0} to see them.', scopeOf('keys.qr'));
}

function labelOf(key: Partial<Key>): string {
  return plainLabel(key.label, 80) || vscode.l10n.t('(no label)');
}

/** The open QR views, one per user of a panel. */
export class QrViews implements vscode.Disposable {
  private readonly open = new PageRegistry<QrView>();

  constructor(private readonly host: WebviewHost, private readonly session: PanelSession) {}

  show(target: KeyOnPanel): QrView {
    return this.open.show(`${target.panelId}\n${target.key.id}`, () => new QrView(this.host, this.session, target), (view) => {
      view.page.panel.reveal();
      view.refresh();
    });
  }

  get views(): readonly QrView[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
