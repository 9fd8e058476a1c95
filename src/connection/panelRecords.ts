import { SCOPES, type Scope } from '../api/catalog';
import { parseGatewayRecord, type GatewayRecord } from './gatewaySetup';
import { parseChatAccess, parsePanelColor, parseProtection, type ChatAccess, type PanelColor, type ProtectionLevel } from './protectionLevel';

/** How the user said the token was created (spec 5.10 presets, or a hand-picked set of scopes). */
export type TokenPreset = 'fullRights' | 'readOnly' | 'custom';

/** A connected panel as remembered in global state. The token is not here: it lives in SecretStorage. */
export interface PanelRecord {
  /** The panel's origin, e.g. https://panel.example.com; also the panel's identifier. */
  readonly url: string;
  readonly name: string;
  readonly preset: TokenPreset;
  readonly scopes: readonly Scope[];
  /**
   * The proxy engine's and the messenger's names in this panel's route paths (`/nodes/{id}/<engine>-update`,
   * `/settings/<messenger>/test`): each panel may run another engine. Taken from the settings (the default
   * for new panels) when the panel is connected; absent in records from before they were kept per panel.
   */
  readonly engineName?: string;
  readonly messengerName?: string;
  /**
   * PEM of the certificate the operator trusted for this panel only (a self-signed panel); kept with the
   * panel's record, never in settings, never for other panels.
   */
  readonly trustedCertificate?: string;
  /**
   * The access gateway in front of the panel: the names of its extra headers and the client certificate's
   * file. The header values and the certificate's passphrase are secrets, kept in SecretStorage (SavedPanels).
   */
  readonly accessGateway?: GatewayRecord;
  /** How carefully Panel Ops treats the panel (protectionLevel.ts); absent in older records: open. */
  readonly protection?: ProtectionLevel;
  /** The theme colour the panel is marked with, if the operator chose one. */
  readonly color?: PanelColor;
  /** What the chat tools may do on the panel; absent: read and change (each change confirmed). */
  readonly chatTools?: ChatAccess;
}

/** A name that may stand in a route path segment (the settings' pattern). */
export function isRouteName(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9][a-z0-9-]*$/.test(value) && value.length <= 40;
}

/** Reads stored records defensively: global state may hold data from an older version or another window. */
export function parsePanelRecords(value: unknown): PanelRecord[] {
  if (!Array.isArray(value)) return [];
  const records: PanelRecord[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { url, name, preset, scopes, engineName, messengerName, trustedCertificate, accessGateway, protection, color, chatTools } = item as Record<string, unknown>;
    const gateway = parseGatewayRecord(accessGateway);
    if (typeof url !== 'string' || url === '') continue;
    if (records.some((record) => record.url === url)) continue;
    records.push({
      url,
      name: typeof name === 'string' && name.trim() ? name : url,
      preset: preset === 'fullRights' || preset === 'readOnly' ? preset : 'custom',
      scopes: Array.isArray(scopes) ? SCOPES.filter((scope) => scopes.includes(scope)) : [],
      ...(isRouteName(engineName) ? { engineName } : {}),
      ...(isRouteName(messengerName) ? { messengerName } : {}),
      ...(typeof trustedCertificate === 'string' && trustedCertificate.includes('-----BEGIN CERTIFICATE-----') ? { trustedCertificate } : {}),
      ...(gateway ? { accessGateway: gateway } : {}),
      ...(parseProtection(protection) !== 'open' ? { protection: parseProtection(protection) } : {}),
      ...(parsePanelColor(color) ? { color: parsePanelColor(color) } : {}),
      ...(parseChatAccess(chatTools) === 'read' ? { chatTools: 'read' as const } : {}),
    });
  }
  return records;
}
