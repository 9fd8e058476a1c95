/**
 * A throw-away CA and a server certificate for 127.0.0.1, localhost and any extra `names`, made with the
 * openssl CLI; or, `selfSigned`, one self-signed certificate (then `ca` is that certificate). For a panel
 * behind a gateway that wants mutual TLS, a client CA and client certificates (`generateClientCertificates`).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isIPv4 } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ServerCertificates {
  /** PEM of the CA that signed `cert`. */
  ca: string;
  cert: string;
  key: string;
}

export interface CertificateOptions {
  /** Names the certificate also holds (e.g. a name only a test proxy resolves); an IPv4 address as an IP name. */
  names?: readonly string[];
  selfSigned?: boolean;
  /** Serve these instead of making new ones (e.g. a certificate signed by a CA in the OS store). */
  given?: ServerCertificates;
}

export async function generateCertificates(options: CertificateOptions = {}): Promise<ServerCertificates> {
  if (options.given) return options.given;
  const dir = await mkdtemp(join(tmpdir(), 'panel-sim-tls-'));
  const file = (name: string) => join(dir, name);
  const altNames = ['IP:127.0.0.1', 'DNS:localhost', ...(options.names ?? []).map((name) => (isIPv4(name) ? `IP:${name}` : `DNS:${name}`))].join(',');
  try {
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    if (options.selfSigned) {
      await run('openssl', [
        'req', '-x509', ...ecKey, '-keyout', file('server.key'), '-out', file('server.pem'), '-days', '2',
        '-subj', '/CN=Self-signed simulated panel', '-addext', `subjectAltName=${altNames}`,
      ]);
      const [cert, key] = await Promise.all([readFile(file('server.pem'), 'utf8'), readFile(file('server.key'), 'utf8')]);
      return { ca: cert, cert, key };
    }
    await run('openssl', [
      'req', '-x509', ...ecKey, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2',
      '-subj', '/CN=Panel Ops Simulated CA',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    await run('openssl', ['req', ...ecKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1']);
    await writeFile(
      file('server.ext'),
      `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
    );
    await run('openssl', [
      'x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext'),
    ]);
    const [ca, cert, key] = await Promise.all([readFile(file('ca.pem'), 'utf8'), readFile(file('server.pem'), 'utf8'), readFile(file('server.key'), 'utf8')]);
    return { ca, cert, key };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a client of a panel that wants mutual TLS holds, and the CA the panel trusts for clients. */
export interface ClientCertificates {
  /** PEM of the CA the panel (its access gateway) trusts for client certificates. */
  ca: string;
  /** The client certificate and its private key in one PEM file. */
  pem: string;
  /** The same certificate and key as a PKCS#12 file, locked with `passphrase`. */
  pfx: Buffer;
  passphrase: string;
  /** A certificate and key in one PEM, signed by another CA: the panel refuses it. */
  otherPem: string;
}

/** A throw-away client CA, a client certificate it signed (PEM and PKCS#12), and one signed by another CA. */
export async function generateClientCertificates(): Promise<ClientCertificates> {
  const dir = await mkdtemp(join(tmpdir(), 'panel-sim-client-tls-'));
  const file = (name: string) => join(dir, name);
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const caExtensions = ['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'];
  const passphrase = `p12-${Math.random().toString(36).slice(2)}`;
  try {
    await writeFile(file('client.ext'), 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n');
    for (const name of ['ca', 'other-ca']) {
      await run('openssl', ['req', '-x509', ...ecKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.pem`), '-days', '2', '-subj', `/CN=Panel Ops Simulated ${name === 'ca' ? 'Client CA' : 'Other CA'}`, ...caExtensions]);
      const client = name === 'ca' ? 'client' : 'other';
      await run('openssl', ['req', ...ecKey, '-keyout', file(`${client}.key`), '-out', file(`${client}.csr`), '-subj', `/CN=${client === 'client' ? 'Panel operator' : 'Stranger'}`]);
      await run('openssl', [
        'x509', '-req', '-in', file(`${client}.csr`), '-CA', file(`${name}.pem`), '-CAkey', file(`${name}.key`), '-CAcreateserial',
        '-out', file(`${client}.pem`), '-days', '2', '-extfile', file('client.ext'),
      ]);
    }
    await run('openssl', ['pkcs12', '-export', '-in', file('client.pem'), '-inkey', file('client.key'), '-out', file('client.p12'), '-passout', `pass:${passphrase}`]);
    const read = (name: string) => readFile(file(name), 'utf8');
    const [ca, cert, key, otherCert, otherKey, pfx] = await Promise.all([
      read('ca.pem'), read('client.pem'), read('client.key'), read('other.pem'), read('other.key'), readFile(file('client.p12')),
    ]);
    return { ca, pem: cert + key, pfx, passphrase, otherPem: otherCert + otherKey };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
