/**
 * A panel's access gateway as the operator sets it up: extra request headers and a client certificate
 * file. What is secret (the header values, the certificate's passphrase) lives in SecretStorage beside the
 * token (SavedPanels); the panel's record keeps only the header names and the certificate's path, to say
 * what is set without reading a secret.
 */
import type { AccessGateway, GatewayHeader } from '../api/accessGateway';
import { parseJsonExact } from '../api/exactJson';

export interface GatewaySetup {
  readonly headers: readonly GatewayHeader[];
  /** A PEM (certificate and key) or PKCS#12 file. */
  readonly certificatePath?: string;
  /** Opens the certificate's key or the PKCS#12 file. */
  readonly passphrase?: string;
}

export const NO_GATEWAY: GatewaySetup = Object.freeze({ headers: [] });

/** What a panel's record says about its gateway: nothing secret. */
export interface GatewayRecord {
  readonly headerNames: readonly string[];
  readonly certificatePath?: string;
}

export function isGatewaySet(setup: GatewaySetup | undefined): setup is GatewaySetup {
  return !!setup && (setup.headers.length > 0 || !!setup.certificatePath);
}

/** The record's part, or undefined when no gateway is set. */
export function gatewayRecordOf(setup: GatewaySetup | undefined): GatewayRecord | undefined {
  if (!isGatewaySet(setup)) return undefined;
  return { headerNames: setup.headers.map((header) => header.name), ...(setup.certificatePath ? { certificatePath: setup.certificatePath } : {}) };
}

/** The secret part as stored in SecretStorage (JSON), or undefined when there is nothing secret to keep. */
export function gatewaySecretOf(setup: GatewaySetup | undefined): string | undefined {
  if (!isGatewaySet(setup)) return undefined;
  return JSON.stringify({ headers: setup.headers.map(({ name, value }) => ({ name, value })), ...(setup.passphrase ? { passphrase: setup.passphrase } : {}) });
}

/** The setup from the record's part and the stored secret, read defensively (either may be from another version). */
export function gatewaySetupOf(record: GatewayRecord | undefined, secret: string | undefined): GatewaySetup | undefined {
  if (!record) return undefined;
  let stored: unknown;
  try {
    stored = secret === undefined ? undefined : parseJsonExact(secret);
  } catch {
    stored = undefined;
  }
  const { headers, passphrase } = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const read = Array.isArray(headers)
    ? headers.flatMap((header: unknown) => {
      const { name, value } = (typeof header === 'object' && header !== null ? header : {}) as Record<string, unknown>;
      return typeof name === 'string' && typeof value === 'string' ? [{ name, value }] : [];
    })
    : [];
  return {
    headers: read,
    ...(record.certificatePath ? { certificatePath: record.certificatePath } : {}),
    ...(typeof passphrase === 'string' && passphrase ? { passphrase } : {}),
  };
}

/** What the client sends: the headers, and the certificate read from its file (throws PanelConfigError when it cannot be). */
export function accessGatewayOf(setup: GatewaySetup | undefined): AccessGateway | undefined {
  if (!isGatewaySet(setup)) return undefined;
  return {
    headers: setup.headers,
    ...(setup.certificatePath ? { clientCertificate: readClientCertificateLazily(setup.certificatePath, setup.passphrase) } : {}),
  };
}

/**
 * The certificate file read by the client bundle's code (node:tls, node:crypto): required at the call, not
 * imported, so activation evaluates none of it (a gateway is read when a client first sends).
 */
function readClientCertificateLazily(...args: Parameters<typeof import('../api/accessGateway').readClientCertificate>) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at the call keeps the client bundle out of activation
  return (require('../api/index') as typeof import('../api/index')).readClientCertificate(...args);
}

/** Reads a record's `accessGateway` member defensively. */
export function parseGatewayRecord(value: unknown): GatewayRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { headerNames, certificatePath } = value as Record<string, unknown>;
  const names = Array.isArray(headerNames) ? headerNames.filter((name): name is string => typeof name === 'string') : [];
  const path = typeof certificatePath === 'string' && certificatePath ? certificatePath : undefined;
  if (names.length === 0 && !path) return undefined;
  return { headerNames: names, ...(path ? { certificatePath: path } : {}) };
}
