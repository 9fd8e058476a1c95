/**
 * What an access gateway in front of a panel asks for besides the token: extra request headers (a
 * Cloudflare Access service token, a reverse proxy's `X-Api-Key`) and a client certificate for mutual
 * TLS. Header values and the certificate's passphrase are secrets, treated like the token: the transport
 * redacts them from every log line and error, and sends the headers to the panel's origin only.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { PanelConfigError, type ConfigProblem } from './errors';

/** One extra request header: its name and its (secret) value. */
export interface GatewayHeader {
  readonly name: string;
  readonly value: string;
}

/** A client certificate with its private key: a PEM holding both, or a PKCS#12 (.p12/.pfx) file. */
export interface ClientCertificate {
  readonly format: 'pem' | 'pkcs12';
  readonly bytes: Uint8Array;
  /** Unlocks an encrypted key or a PKCS#12 file. */
  readonly passphrase?: string;
  /** Where it was read from (a file path), for messages; never a secret. */
  readonly source?: string;
}

export interface AccessGateway {
  /** Sent with every request to the panel's origin, never to another origin (redirects elsewhere are refused). */
  readonly headers?: readonly GatewayHeader[];
  /** Presented in the TLS handshake with the panel's origin (https only). */
  readonly clientCertificate?: ClientCertificate;
}

/**
 * Header names a gateway setting may not use, compared case-insensitively. `Authorization` carries the
 * token (exactly one header, spec 2.1), and `Proxy-Authorization` belongs to VS Code's proxy login; the
 * client writes `Accept`, `Content-Type` and `User-Agent` itself; the others are connection-level
 * (hop-by-hop) or framing headers that the HTTP stack owns, where a second value would corrupt the request
 * or smuggle another one; `Cookie` is refused because the client never sends cookies (a gateway's
 * session cookie expires anyway: use the gateway's service-token headers).
 */
export const REFUSED_HEADER_NAMES: ReadonlySet<string> = new Set([
  'authorization', 'proxy-authorization', 'cookie', 'host', 'content-length', 'content-type', 'transfer-encoding',
  'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect', 'accept', 'accept-encoding', 'user-agent',
  'proxy-connection', 'http2-settings',
]);

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII with inner spaces or tabs; no line breaks, no other control characters. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/;

/** Why a header name cannot be used (as data for reasonWords), or undefined when it can. */
export function headerNameProblem(name: string, others: readonly string[] = []): ConfigProblem | undefined {
  if (!HEADER_NAME.test(name)) return { kind: 'gatewayHeaderName', name: name.slice(0, 80) };
  const lower = name.toLowerCase();
  if (REFUSED_HEADER_NAMES.has(lower) || lower.startsWith('proxy-') || lower.startsWith(':')) return { kind: 'gatewayHeaderRefused', name };
  if (others.some((other) => other.toLowerCase() === lower)) return { kind: 'gatewayHeaderTwice', name };
  return undefined;
}

/** Why a header value cannot be sent, or undefined when it can. The problem never repeats the value. */
export function headerValueProblem(name: string, value: string): ConfigProblem | undefined {
  return HEADER_VALUE.test(value) ? undefined : { kind: 'gatewayHeaderValue', name };
}

/** Throws PanelConfigError for a header set that must not be sent (checked before anything is sent). */
export function assertUsableHeaders(headers: readonly GatewayHeader[]): void {
  headers.forEach((header, index) => {
    const problem = headerNameProblem(header.name, headers.slice(0, index).map((other) => other.name)) ?? headerValueProblem(header.name, header.value);
    if (problem) throw new PanelConfigError(problem);
  });
}

/** What the operator is shown of a client certificate (never its key). */
export interface ClientCertificateFacts {
  readonly subject: string;
  readonly issuer: string;
  readonly validTo: string;
}

/**
 * Reads a client certificate file: PEM (certificate and private key in one file) or PKCS#12. Throws
 * PanelConfigError when it cannot be read, holds no certificate or key, or the passphrase does not open it.
 */
export function readClientCertificate(path: string, passphrase?: string): ClientCertificate {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new PanelConfigError({ kind: 'clientCertificateUnreadable', path, reason: error instanceof Error ? error.message : String(error) });
  }
  const format = bytes.includes('-----BEGIN ') ? 'pem' : 'pkcs12';
  const certificate: ClientCertificate = { format, bytes, source: path, ...(passphrase ? { passphrase } : {}) };
  clientCertificateFacts(certificate);
  return certificate;
}

/**
 * Whether opening the file needs a passphrase: a PKCS#12 file may (whether it does shows only when it is
 * opened), a PEM file only when its key is encrypted (`-----BEGIN ENCRYPTED PRIVATE KEY-----`, or
 * `Proc-Type: 4,ENCRYPTED` in a legacy key's header). An unreadable file needs none: reading it says why.
 */
export function needsPassphrase(path: string): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return false;
  }
  if (!bytes.includes('-----BEGIN ')) return true;
  return /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:[ \t]*4,ENCRYPTED/.test(bytes.toString('latin1'));
}

/** Subject, issuer and expiry of the certificate; checks that its key opens (throws PanelConfigError otherwise). */
export function clientCertificateFacts(certificate: ClientCertificate): ClientCertificateFacts {
  let der: Buffer | undefined;
  try {
    // The certificate the context presents (the leaf of a chain, the one in a PKCS#12 file).
    const context = createSecureContext(tlsOptionsOf(certificate)).context as { getCertificate?: () => Buffer | null };
    der = context.getCertificate?.() ?? undefined;
  } catch (error) {
    throw new PanelConfigError({ kind: 'clientCertificateUnusable', path: certificate.source ?? '', reason: certificateReason(error, certificate) });
  }
  if (!der) throw new PanelConfigError({ kind: 'clientCertificateUnusable', path: certificate.source ?? '', reason: 'it holds no certificate' });
  const leaf = new X509Certificate(der);
  return { subject: leaf.subject.replace(/\n/g, ', '), issuer: leaf.issuer.replace(/\n/g, ', '), validTo: leaf.validTo };
}

/** The options of Node's TLS layer (and undici's `connect`) that present the certificate. */
export function tlsOptionsOf(certificate: ClientCertificate): { cert?: Buffer; key?: Buffer; pfx?: Buffer; passphrase?: string } {
  const bytes = Buffer.from(certificate.bytes);
  const passphrase = certificate.passphrase ? { passphrase: certificate.passphrase } : {};
  return certificate.format === 'pem' ? { cert: bytes, key: bytes, ...passphrase } : { pfx: bytes, ...passphrase };
}

/** OpenSSL's words made plain; the passphrase never appears in them. */
function certificateReason(error: unknown, certificate: ClientCertificate): string {
  const text = error instanceof Error ? error.message : String(error);
  const secret = certificate.passphrase;
  const clean = secret ? text.split(secret).join('[redacted]') : text;
  if (/mac verify failure|bad decrypt|interrupted or cancelled|bad password/i.test(clean)) return 'wrong passphrase, or the file needs one';
  if (/key values mismatch/i.test(clean)) return 'the private key does not belong to the certificate';
  if (/no start line|unsupported|not enough data|wrong tag|decode/i.test(clean) && certificate.format === 'pem') return 'it must hold the certificate and its private key, both in PEM';
  return clean;
}
