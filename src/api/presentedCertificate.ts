/**
 * The certificate a panel presents, read without trusting it and without sending anything over the
 * connection (a TLS handshake only, closed at once): what the operator is shown before trusting a
 * self-signed panel, and what a changed certificate is compared with.
 */
import { X509Certificate } from 'node:crypto';
import { connect } from 'node:tls';

export interface CertificateFacts {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  /** SHA-256 fingerprint, colon-separated hex (as browsers show it). */
  readonly sha256: string;
  readonly pem: string;
}

export function certificateFacts(pem: string): CertificateFacts {
  const certificate = new X509Certificate(pem);
  return {
    subject: certificate.subject.replace(/\n/g, ', '),
    issuer: certificate.issuer.replace(/\n/g, ', '),
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    sha256: certificate.fingerprint256,
    pem: certificate.toString(),
  };
}

/** Connects to the panel's origin directly, reads its certificate and closes; no HTTP request is made. */
export function presentedCertificate(origin: string, timeoutMs = 10_000): Promise<CertificateFacts> {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  const servername = /^[\d.]+$|:/.test(host) ? undefined : host;
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, servername, rejectUnauthorized: false, timeout: timeoutMs }, () => {
      const raw = socket.getPeerCertificate()?.raw;
      socket.destroy();
      if (!raw) return reject(new Error(`${origin} presented no certificate`));
      const pem = `-----BEGIN CERTIFICATE-----\n${raw.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
      resolve(certificateFacts(pem));
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`${origin} did not complete a TLS handshake within ${timeoutMs} ms`));
    });
    socket.once('error', reject);
  });
}
