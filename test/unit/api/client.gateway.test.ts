import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import {
  PanelConfigError, PanelHttpError, PanelNetworkError, PanelRedirectError, PanelResponseFormatError, PanelTimeoutError, createPanelApi,
} from '../../../src/api';
import { clientCertificateFacts, readClientCertificate, type AccessGateway, type ClientCertificate } from '../../../src/api/accessGateway';
import { usePanel } from '../support/clientPanelHooks';
import { startTestServer, type TestServer } from '../support/clientTestServer';

const ID = 'f3a9c2e1.access';
const SECRET = '9c4e7d1b2a8f6e3d0c5b4a7f8e9d1c2b3a4f5e6d7c8b9a0f1e2d3c4b5a6f7e8d';
const GATEWAY_HEADERS = { 'CF-Access-Client-Id': ID, 'CF-Access-Client-Secret': SECRET };
const gateway: AccessGateway = { headers: Object.entries(GATEWAY_HEADERS).map(([name, value]) => ({ name, value })) };

/** Everything a user or a log could see of a failing call. */
function textsOf(error: unknown): string[] {
  const e = error as Error;
  return [String(e), e?.message ?? '', e?.stack ?? '', JSON.stringify(e) ?? '', inspect(e, { depth: 6, showHidden: true })];
}

const failureOf = (call: Promise<unknown>) => call.then(() => undefined, (e: unknown) => e);

describe('client: a panel behind an access gateway that wants headers', () => {
  const fixture = usePanel({ dataset: 'demo', gateway: { headers: GATEWAY_HEADERS } });
  let other: TestServer;
  before(async () => {
    other = await startTestServer();
  });
  after(() => other.close());
  beforeEach(() => {
    other.calls.length = 0;
    fixture.logLines.length = 0;
  });

  it('is refused by the gateway without the headers (403, its HTML page), and the panel never sees the request', async () => {
    const before = fixture.panel.gatewayRefusals.length;
    const error = await failureOf(fixture.client().nodes.list());
    assert.ok(error instanceof PanelResponseFormatError, String(error));
    assert.equal(error.status, 403);
    assert.match(error.message, /HTML page/);
    assert.equal(fixture.panel.gatewayRefusals.length, before + 1);
    assert.equal(fixture.panel.requests.length, 0);
  });

  it('is let in with them: every request carries each header once, beside one Authorization header', async () => {
    const api = fixture.client({ gateway });
    const nodes = await api.nodes.list();
    assert.equal(nodes.total, fixture.panel.data.nodes.size);
    await api.keys.summary();
    assert.ok(fixture.panel.requests.length >= 2);
    for (const request of fixture.panel.requests) {
      assert.equal(request.headers['cf-access-client-id'], ID);
      assert.equal(request.headers['cf-access-client-secret'], SECRET);
      assert.equal(request.headers.authorization, `Bearer ${fixture.panel.tokens.owner}`);
    }
  });

  it('reads the gateway once per client, from a function like the token', async () => {
    let reads = 0;
    const api = fixture.client({ gateway: async () => (reads++, gateway) });
    await api.nodes.list();
    await api.nodes.list();
    assert.equal(reads, 1);
    const sent = fixture.panel.requests.length + fixture.panel.gatewayRefusals.length;
    const failing = fixture.client({ gateway: async () => { throw new Error(`store locked ${SECRET}`); } });
    const error = await failureOf(failing.nodes.list());
    assert.ok(error instanceof PanelConfigError && error.reason?.kind === 'config' && error.reason.problem.kind === 'gatewayUnreadable', String(error));
    assert.equal(fixture.panel.requests.length + fixture.panel.gatewayRefusals.length, sent, 'nothing is sent without the gateway');
  });

  it('follows a same-origin redirect with the headers, and never sends them to another origin', async () => {
    fixture.panel.inject({ kind: 'redirect', status: 301, location: `${fixture.panel.url}/api/v1/nodes/`, match: { method: 'GET', path: '/nodes' } });
    await fixture.client({ gateway }).nodes.list();
    assert.deepEqual(fixture.panel.requests.map((r) => [r.path, r.headers['cf-access-client-secret']]), [['/api/v1/nodes', SECRET], ['/api/v1/nodes/', SECRET]]);

    fixture.panel.inject({ kind: 'redirect', status: 302, location: `${other.url}/api/v1/nodes`, match: { path: '/nodes' } });
    const error = await failureOf(fixture.client({ gateway }).nodes.list());
    assert.ok(error instanceof PanelRedirectError, String(error));
    assert.equal(other.calls.length, 0, 'the other origin saw no request at all');
  });

  it('keeps the header values out of every log line and error, also when a panel echoes them back', async () => {
    const echo = await startTestServer((call, res) => {
      const seen = `${String(call.headers['cf-access-client-id'])} / ${String(call.headers['cf-access-client-secret'])}`;
      res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'validation', message: `refused ${seen}`, fields: { label: seen }, detail: seen } }));
    });
    const lines: string[] = [];
    try {
      const api = createPanelApi({ baseUrl: echo.url, token: 'pmt_token', gateway, retry: { maxAttempts: 1 }, log: (level, message) => lines.push(`${level} ${message}`) });
      const error = await failureOf(api.call('GET', '/nodes'));
      assert.ok(error instanceof PanelHttpError, String(error));
      assert.equal(echo.calls[0].headers['cf-access-client-secret'], SECRET, 'the echo server did receive the values');
      const texts = [...textsOf(error), ...lines];
      assert.match(error.message, /refused \[redacted\] \/ \[redacted\]/);
      for (const text of texts) {
        assert.ok(!text.includes(SECRET) && !text.includes(ID), `a header value in: ${text.slice(0, 300)}`);
      }
      await api.close();
    } finally {
      await echo.close();
    }
    // Against the gateway panel: refusals, a timeout, a redirect elsewhere, a cancelled call.
    const api = fixture.client({ gateway, timeouts: { headersMs: 100 }, retry: { maxAttempts: 1 } });
    const errors: unknown[] = [];
    errors.push(await failureOf(fixture.client({ gateway: { headers: [{ name: 'CF-Access-Client-Id', value: ID }] } }).nodes.list()));
    fixture.panel.inject({ kind: 'latency', ms: 1000, match: { path: '/nodes' } });
    errors.push(await failureOf(api.nodes.list()));
    fixture.panel.inject({ kind: 'html', status: 502, match: { path: '/nodes' } });
    errors.push(await failureOf(api.nodes.list()));
    fixture.panel.inject({ kind: 'redirect', location: `${other.url}/x`, match: { path: '/nodes' } });
    errors.push(await failureOf(api.nodes.list()));
    assert.ok(errors.every((error) => error instanceof Error));
    const all = [...errors.flatMap(textsOf), ...fixture.logLines];
    assert.ok(fixture.logLines.length >= 4, fixture.logLines.join('\n'));
    for (const text of all) assert.ok(!text.includes(SECRET) && !text.includes(ID), `a header value in: ${text.slice(0, 300)}`);
  });

  it('refuses Authorization and the connection\'s own headers as gateway headers, before sending anything', async () => {
    for (const name of ['Authorization', 'authorization', 'AUTHORIZATION', 'Proxy-Authorization', 'Cookie', 'Host', 'Content-Length', 'Transfer-Encoding', 'Connection', 'Accept', 'User-Agent']) {
      const error = await failureOf(fixture.client({ gateway: { headers: [{ name, value: SECRET }] } }).nodes.list());
      assert.ok(error instanceof PanelConfigError, `${name}: ${String(error)}`);
      assert.equal(error.reason?.kind === 'config' && error.reason.problem.kind, 'gatewayHeaderRefused', name);
      assert.ok(!textsOf(error).some((text) => text.includes(SECRET)), name);
    }
    const cases: Array<[AccessGateway['headers'], string]> = [
      [[{ name: 'X-Api-Key', value: `${SECRET}\r\nX-Injected: 1` }], 'gatewayHeaderValue'],
      [[{ name: 'X-Api-Key', value: '' }], 'gatewayHeaderValue'],
      [[{ name: 'X Api Key', value: SECRET }], 'gatewayHeaderName'],
      [[{ name: 'X-Api-Key:', value: SECRET }], 'gatewayHeaderName'],
      [[{ name: 'X-Api-Key', value: SECRET }, { name: 'x-api-key', value: ID }], 'gatewayHeaderTwice'],
    ];
    for (const [headers, kind] of cases) {
      const error = await failureOf(fixture.client({ gateway: { headers } }).nodes.list());
      assert.ok(error instanceof PanelConfigError && error.reason?.kind === 'config', String(error));
      assert.equal(error.reason.problem.kind, kind);
      assert.ok(!textsOf(error).some((text) => text.includes(SECRET)), kind);
    }
    assert.equal(fixture.panel.requests.length + fixture.panel.gatewayRefusals.filter((r) => r.receivedAt > Date.now() - 2000 && r.headers['x-api-key']).length, 0, 'nothing was sent');
  });
});

describe('client: a panel behind a gateway that wants a client certificate (mutual TLS)', () => {
  const fixture = usePanel({ dataset: 'demo', https: true, clientCertificate: true });
  let dir: string;
  const pemFile = () => join(dir, 'operator.pem');
  const pfxFile = () => join(dir, 'operator.p12');
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'panel-ops-client-cert-'));
    const certificates = fixture.panel.clientCertificates!;
    writeFileSync(pemFile(), certificates.pem);
    writeFileSync(pfxFile(), certificates.pfx);
    writeFileSync(join(dir, 'other.pem'), certificates.otherPem);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const withCertificate = (clientCertificate: ClientCertificate) => fixture.client({ gateway: { clientCertificate } });

  it('is reached with its certificate as a PEM (certificate and key in one file)', async () => {
    const certificate = readClientCertificate(pemFile());
    assert.equal(certificate.format, 'pem');
    assert.match(clientCertificateFacts(certificate).subject, /CN=Panel operator/);
    const nodes = await withCertificate(certificate).nodes.list();
    assert.equal(nodes.total, fixture.panel.data.nodes.size);
  });

  it('is reached with it as a PKCS#12 file and its passphrase, which never appears in an error', async () => {
    const { passphrase } = fixture.panel.clientCertificates!;
    const certificate = readClientCertificate(pfxFile(), passphrase);
    assert.equal(certificate.format, 'pkcs12');
    assert.match(clientCertificateFacts(certificate).subject, /CN=Panel operator/);
    const api = withCertificate(certificate);
    assert.equal((await api.nodes.list()).total, fixture.panel.data.nodes.size);
    for (const wrong of [`${passphrase}-wrong`, undefined]) {
      const error = (() => {
        try {
          readClientCertificate(pfxFile(), wrong);
          return undefined;
        } catch (e) {
          return e;
        }
      })();
      assert.ok(error instanceof PanelConfigError && error.reason?.kind === 'config' && error.reason.problem.kind === 'clientCertificateUnusable', String(error));
      assert.match(error.message, /passphrase/);
      assert.ok(!textsOf(error).some((text) => text.includes(passphrase)));
    }
  });

  it('reads streams and sends uploads through the certificate\'s route, and times out a stalled answer there', async () => {
    const api = withCertificate(readClientCertificate(pemFile()));
    const node = [...fixture.panel.data.nodes.values()].find((n) => n.status === 'online')!;
    const stream = await api.nodes.logs(node.id);
    let text = '';
    for await (const chunk of stream) text += chunk;
    assert.ok(text.length > 0, 'the log stream arrived');
    const profile = [...fixture.panel.data.brandingProfiles.values()].find((p) => !p.active)!;
    await api.branding.profiles.upload(profile.id, 'favicon', { bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), filename: 'f.png', contentType: 'image/png' });
    const upload = fixture.panel.requests.find((r) => r.method === 'POST' && r.path.endsWith('/upload'));
    assert.match(String(upload?.headers['content-type']), /^multipart\/form-data; boundary=/);
    assert.equal(fixture.panel.data.brandingProfiles.get(profile.id)?.assets.favicon?.size, 4);

    fixture.panel.inject({ kind: 'latency', ms: 1500, match: { path: '/nodes' } });
    const slow = fixture.client({ gateway: { clientCertificate: readClientCertificate(pemFile()) }, timeouts: { headersMs: 200 }, retry: { maxAttempts: 1 } });
    const error = await failureOf(slow.nodes.list());
    assert.ok(error instanceof PanelTimeoutError, String(error));
    assert.match(error.message, /headers timeout of 200 ms/);
  });

  it('is refused in the TLS handshake without a certificate, and says a client certificate is wanted', async () => {
    const before = fixture.panel.refusedHandshakes;
    const error = await failureOf(fixture.client().nodes.list());
    assert.ok(error instanceof PanelNetworkError, String(error));
    assert.equal(fixture.panel.requests.length, 0);
    assert.ok(fixture.panel.refusedHandshakes > before);
    // Through undici (no certificate configured) the alert reads as a closed socket; with the certificate's
    // route configured but refused, the alert itself is reported.
    assert.ok(error.clientCertificateRefused || /closed|socket/i.test(error.message), error.message);
  });

  it('is refused with a certificate from another CA: no request reaches the panel', async () => {
    // Node's TLS server (like many gateways) closes such a connection after the handshake without an alert:
    // the client then sees a reset, not the refusal itself.
    const error = await failureOf(withCertificate(readClientCertificate(join(dir, 'other.pem'))).nodes.list());
    assert.ok(error instanceof PanelNetworkError, String(error));
    assert.match(error.message, /refused the client certificate|ECONNRESET|socket hang up/);
    assert.equal(fixture.panel.requests.length, 0);
  });

  it('refuses a certificate for a plain-http panel and an unreadable or keyless file, before sending anything', async () => {
    const http = createPanelApi({ baseUrl: 'http://127.0.0.1:9', token: 'pmt_x', gateway: { clientCertificate: readClientCertificate(pemFile()) } });
    const error = await failureOf(http.nodes.list());
    assert.ok(error instanceof PanelConfigError && error.reason?.kind === 'config' && error.reason.problem.kind === 'clientCertificateNeedsHttps', String(error));
    await http.close();
    assert.throws(() => readClientCertificate(join(dir, 'missing.pem')), (e: unknown) => e instanceof PanelConfigError && /could not be read/.test(e.message));
    writeFileSync(join(dir, 'cert-only.pem'), fixture.panel.clientCertificates!.pem.replace(/-----BEGIN PRIVATE KEY-----[\s\S]*$/, ''));
    assert.throws(() => readClientCertificate(join(dir, 'cert-only.pem')), (e: unknown) => e instanceof PanelConfigError && /private key/.test(e.message));
  });
});

describe('client: a gateway answering nginx\'s page for a missing client certificate', () => {
  const fixture = usePanel({ dataset: 'empty', https: true, clientCertificate: { refusal: 'page' } });

  it('is refused with HTTP 400 and an HTML page without the certificate, and let in with it', async () => {
    const error = await failureOf(fixture.client().nodes.list());
    assert.ok(error instanceof PanelResponseFormatError && error.status === 400, String(error));
    const dir = mkdtempSync(join(tmpdir(), 'panel-ops-client-cert-'));
    try {
      writeFileSync(join(dir, 'operator.pem'), fixture.panel.clientCertificates!.pem);
      const nodes = await fixture.client({ gateway: { clientCertificate: readClientCertificate(join(dir, 'operator.pem')) } }).nodes.list();
      assert.equal(nodes.total, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
