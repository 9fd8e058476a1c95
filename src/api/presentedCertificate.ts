/**
 * The certificate a panel presents, read without trusting it and without sending anything over the
 * connection (a TLS handshake only, closed at once): what the operator is shown before trusting a
 * self-signed panel, and what a changed certificate is compared with. The connection takes the route the
 * requests take: inside VS Code through the extension host's own `https`, which applies VS Code's proxy
 * (`http.proxy`'s CONNECT tunnel, PAC's answer, `http.noProxy`, `http.proxySupport`, a proxy login), so a
 * panel reachable only through the proxy shows its certificate too.
 */
import { X509Certificate } from 'node:crypto';
// The bare name, loaded at run time: inside VS Code the extension host hands out its patched module
// (a `node:` name or a bundled copy would not be), outside it is Node's.
import * as https from 'https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

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

/**
 * Connects to the panel's origin the way VS Code routes its requests, reads its certificate and closes;
 * no HTTP request is made. The request below is never ended, so not a byte of HTTP is written: its
 * connection is made (through the proxy's CONNECT tunnel where VS Code picks one) and its TLS handshake
 * done, then it is destroyed. `agent: false` keeps it out of every pool, and is what VS Code reads as
 * "the caller's own agent" under `http.proxySupport: on`, which is how requests are sent there too.
 */
export function presentedCertificate(origin: string, timeoutMs = 10_000): Promise<CertificateFacts> {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  const servername = /^[\d.]+$|:/.test(host) ? undefined : host;
  return new Promise((resolve, reject) => {
    let settled = false;
    const request = https.request({ host, port, servername, method: 'GET', path: '/', agent: false, rejectUnauthorized: false });
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome(); // before the connection is destroyed, which forgets the peer's certificate
      request.destroy();
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`${origin} did not complete a TLS handshake within ${timeoutMs} ms`))), timeoutMs);
    // After it is destroyed the request may still report the closed connection: nothing to tell then.
    request.on('error', (error) => finish(() => reject(error)));
    request.once('socket', (socket: Socket) => {
      const tlsSocket = socket as TLSSocket;
      const read = (): void => finish(() => {
        const raw = tlsSocket.getPeerCertificate?.()?.raw;
        if (!raw) return reject(new Error(`${origin} presented no certificate`));
        const pem = `-----BEGIN CERTIFICATE-----\n${raw.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
        resolve(certificateFacts(pem));
      });
      if (tlsSocket.getPeerCertificate?.()?.raw) read();
      else tlsSocket.once('secureConnect', read);
    });
  });
}
