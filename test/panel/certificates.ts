/**
 * A throw-away CA and a server certificate for 127.0.0.1, localhost and any extra `names`, made with the
 * openssl CLI; or, `selfSigned`, one self-signed certificate (then `ca` is that certificate).
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
