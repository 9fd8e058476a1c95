import * as vscode from 'vscode';
import { scopeOf } from '../../api/catalog';
import { isScopeDenied, PanelHttpError } from '../../api/errors';
import type { PanelApi } from '../../api/index';
import type { User } from '../../api/types';
import type { PanelStoresLookup } from '../../state/panelStores';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { PageRegistry } from '../shared/pageRegistry';
import { PanelDataPage } from '../shared/panelDataPage';
import type { PageOpener } from '../shared/hostedPage';
import type { WebviewHost } from '../shared/webviewHost';
import { parseQrMessage, type FromQrWebview, type QrCard, type ToQrWebview } from './protocol';
import { pngDataUrl, qrCards, type QrImages } from './qrCards';

/** A user (key) of a panel. */
export interface UserOnPanel {
  readonly panelId: string;
  readonly user: User;
}

/**
 * A user's QR codes: the panel's PNGs (proxy link and subscription), fetched by the extension with the token
 * and handed to the page as data, with the links beside them and copy buttons. Links and QR codes are
 * sensitive (spec 5.8): without users:write the page says so and nothing is asked. No serializer is
 * registered and the page saves no state, so nothing of it is restored after a reload.
 */
export class QrView extends PanelDataPage<ToQrWebview, FromQrWebview, QrCodes | undefined> {
  private cards: QrCard[] = [];

  constructor(host: PageOpener, private readonly panels: Pick<PanelStoresLookup, 'require'>, readonly target: UserOnPanel) {
    super(host, {
      viewType: 'panelOps.qr',
      title: vscode.l10n.t('QR: {0}', labelOf(target.user)),
      bundle: 'qr',
      parse: parseQrMessage,
    });
  }

  protected async read(signal: AbortSignal, progress: (message: ToQrWebview) => void): Promise<QrCodes | undefined> {
    const { panelId } = this.target;
    this.cards = [];
    progress({ type: 'loading', message: vscode.l10n.t('Loading the QR codes of {0}…', labelOf(this.target.user)) });
    const panel = this.panels.require(panelId);
    // Links and QR codes are sensitive (spec 5.8): a token of the user's panel believed without the scope is told so, not sent.
    if (!panel.scopes.can('keys.qr')) return undefined;
    return panel.call((api, callSignal) => readQrCodes(api, this.target.user.id, callSignal), signal);
  }

  /** The codes read, or undefined when the token lacks the scope. */
  protected present(codes: QrCodes | undefined): ToQrWebview {
    if (!codes) return { type: 'problem', message: missingScope() };
    this.cards = qrCards(codes.user, codes.images, vscode.l10n.t);
    return { type: 'codes', heading: labelOf(codes.user), cards: this.cards };
  }

  protected failure(error: unknown): ToQrWebview {
    return { type: 'problem', message: isScopeDenied(error) ? `${missingScope()} ${describeError(error)}` : describeError(error) };
  }

  protected words(): ToQrWebview {
    return { type: 'words', words: {
      refresh: vscode.l10n.t('Refresh'),
      copy: vscode.l10n.t('Copy'),
      copied: vscode.l10n.t('Copied'),
      qrAlt: vscode.l10n.t('QR code'),
    } };
  }

  protected async onMessage(message: Exclude<FromQrWebview, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'refresh':
        void this.refresh();
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

/** What a QR page shows: the key and the panel's images of it. */
interface QrCodes {
  readonly user: User;
  readonly images: QrImages;
}

/** The key (for its links), the panel's PNG of it, and of its subscription when it has one. */
async function readQrCodes(api: PanelApi, id: string, signal: AbortSignal): Promise<QrCodes> {
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
  return { user: key, images: { key: keyImage, subscription: subscriptionImage } };
}

function missingScope(): string {
  return vscode.l10n.t('Links and QR codes hold the user\'s proxy secret, so the panel shows them only to tokens with {0} (this token was created without it). Reconnect with a token that has {0} to see them.', scopeOf('keys.qr'));
}

function labelOf(user: Partial<User>): string {
  return plainLabel(user.label, 80) || vscode.l10n.t('(no label)');
}

/** The open QR views, one per user of a panel. */
export class QrViews implements vscode.Disposable {
  private readonly open = new PageRegistry<QrView>();

  constructor(private readonly host: WebviewHost, private readonly panels: Pick<PanelStoresLookup, 'require'>) {}

  show(target: UserOnPanel): QrView {
    return this.open.show(`${target.panelId}\n${target.user.id}`, () => new QrView(this.host, this.panels, target), (view) => {
      view.page.panel.reveal();
      void view.refresh();
    });
  }

  get views(): readonly QrView[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
