// What the gateway step says after an access gateway refused Connect's check: a short headline, the rest in
// the operator's words (no OpenSSL internals), the row of this same step that fixes it; and when choosing a
// client certificate asks for a passphrase (PKCS#12 and encrypted PEM keys only).
import * as assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsPassphrase } from '../../../src/api/accessGateway';
import { englishWords, reasonWords, tlsAlertWords } from '../../../src/api/reasonWords';
import { clientCertificateProblem, gatewayPageProblem, gatewayRedirectProblem } from '../../../src/connection/gatewayRefusal';

/** What Node reports when a TLS 1.3 server ends the handshake for want of a client certificate. */
const CERTIFICATE_REQUIRED = 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: C0EC3AE1B17F0000:error:0A00045C:SSL routines:ssl3_read_bytes:tlsv13 alert certificate required:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1605:SSL alert number 116';
const UNKNOWN_CA = 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: 40B7E1A9C67F0000:error:0A000418:SSL routines:ssl3_read_bytes:tlsv1 alert unknown ca:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1605:SSL alert number 48';
const HANDSHAKE_FAILURE = 'EPROTO: 40B7E1A9C67F0000:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1605:SSL alert number 40';
const INTERNALS = /ERR_SSL|error:0A|ssl3_read_bytes|rec_layer|openssl|alert number/i;

describe('gateway step: the reason of a refused check', () => {
  it('puts a missing client certificate in words, without OpenSSL internals, and points to the certificate row of this step', () => {
    const problem = clientCertificateProblem('https://panel.example', CERTIFICATE_REQUIRED, false, englishWords);
    assert.equal(problem.headline, 'The access gateway asked for a client certificate (mutual TLS) and none was given.');
    assert.ok(problem.message.startsWith(`${problem.headline} `), problem.message);
    assert.match(problem.message, /https:\/\/panel\.example ended the TLS handshake: the gateway wants a client certificate\. Choose "Client Certificate…" in this step/);
    assert.doesNotMatch(problem.message, INTERNALS);
    assert.doesNotMatch(problem.message, /Set Access Gateway/, 'Set Access Gateway… needs a connected panel');
    assert.equal(problem.fix, 'certificate');
  });

  it('says why a presented certificate was refused, and keeps the certificate row as the fix', () => {
    const problem = clientCertificateProblem('https://panel.example', UNKNOWN_CA, true, englishWords);
    assert.equal(problem.headline, 'The access gateway refused the client certificate (mutual TLS).');
    assert.match(problem.message, /the gateway does not trust the certificate's issuer/);
    assert.doesNotMatch(problem.message, INTERNALS);
    assert.equal(problem.fix, 'certificate');
  });

  it('points a gateway\'s own page (401/403) and a redirect elsewhere to the header rows', () => {
    const page = gatewayPageProblem('https://panel.example', 403, englishWords);
    assert.equal(page.headline, 'Something in front of the panel refused the check (HTTP 403).');
    assert.match(page.message, /HTML page.*"Add Header…" in this step/);
    assert.equal(page.fix, 'header');
    const redirect = gatewayRedirectProblem('https://panel.example', 'https://login.example', englishWords);
    assert.equal(redirect.headline, 'Something in front of the panel redirected the check to https://login.example.');
    assert.match(redirect.message, /not followed/);
    assert.equal(redirect.fix, 'header');
  });

  it('names TLS alerts in words, and never passes OpenSSL\'s text through', () => {
    assert.equal(tlsAlertWords(CERTIFICATE_REQUIRED, englishWords), 'the gateway wants a client certificate');
    assert.equal(tlsAlertWords(UNKNOWN_CA, englishWords), 'the gateway does not trust the certificate\'s issuer');
    assert.equal(tlsAlertWords(HANDSHAKE_FAILURE, englishWords), 'the TLS handshake failed');
    assert.equal(tlsAlertWords('ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED: …', englishWords), 'the certificate has expired');
    assert.equal(tlsAlertWords('ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: …', englishWords), 'the gateway did not accept the certificate');
    assert.equal(tlsAlertWords('ERR_SSL_SOMETHING_NEW: error:0A0000FF:SSL routines::whatever', englishWords), 'the TLS handshake was refused');
    // The views' words for the same refusal (a connected panel, where Set Access Gateway… is the way).
    const words = reasonWords({ kind: 'clientCertificateRefused', origin: 'https://panel.example', detail: CERTIFICATE_REQUIRED, presented: false }, englishWords);
    assert.doesNotMatch(words, INTERNALS);
    assert.match(words, /the gateway wants a client certificate/);
  });
});

describe('gateway step: when a client certificate asks for a passphrase', () => {
  let folder: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'panel-ops-passphrase-'));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  const write = (name: string, text: string | Buffer) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };
  const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

  it('does not for a PEM file whose key is not encrypted (PKCS#8 or SEC1)', () => {
    const pkcs8 = generateKeyPairSync('ec', { namedCurve: 'prime256v1', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'prime256v1', privateKeyEncoding: { type: 'sec1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    assert.equal(needsPassphrase(write('plain.pem', CERT + pkcs8)), false);
    assert.equal(needsPassphrase(write('plain-sec1.pem', CERT + sec1)), false);
  });

  it('does for an encrypted PEM key (ENCRYPTED PRIVATE KEY, or Proc-Type: 4,ENCRYPTED) and for a PKCS#12 file', () => {
    const encrypted = generateKeyPairSync('ec', { namedCurve: 'prime256v1', privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    const legacy = generateKeyPairSync('ec', { namedCurve: 'prime256v1', privateKeyEncoding: { type: 'sec1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
    assert.match(encrypted, /BEGIN ENCRYPTED PRIVATE KEY/);
    assert.match(legacy, /Proc-Type: 4,ENCRYPTED/);
    assert.equal(needsPassphrase(write('encrypted.pem', CERT + encrypted)), true);
    assert.equal(needsPassphrase(write('legacy.pem', CERT + legacy)), true);
    assert.equal(needsPassphrase(write('operator.p12', Buffer.from([0x30, 0x82, 0x0a, 0x1f, 0x02, 0x01, 0x03]))), true);
  });

  it('does not for a file that cannot be read (reading it says why)', () => {
    assert.equal(needsPassphrase(join(folder, 'missing.pem')), false);
  });
});
