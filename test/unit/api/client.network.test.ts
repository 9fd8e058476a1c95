// The route a request takes and how long its connection is kept: VS Code's settings decide the route
// (route.ts), the client keeps idle connections as long as the panel does on its own pools, VS Code's pool
// stays behind them for what only VS Code can do (a proxy login), and the request timeout holds on VS
// Code's pool too (watchdog.ts), which takes none of the client's timeouts (support/vscodeFetch.ts).
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rootCertificates } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { createPanelApi, panelRoute, presentedCertificate, PanelTimeoutError, OutcomeUnknownError, type HostNetwork, type PanelApi } from '../../../src/api';
import { startPanel, type SimulatedPanel } from '../../panel';
import { startCountingProxy } from '../../support/countingProxy';
import { installHostLikeFetch, type HostFetch } from '../support/vscodeFetch';

const VSCODE_DEFAULTS: HostNetwork = {
  proxySupport: 'override',
  proxy: '',
  noProxy: [],
  proxyAuthorization: false,
  fetchAdditionalSupport: true,
  systemCertificates: true,
  env: {},
};
const network = (changes: Partial<HostNetwork>): HostNetwork => ({ ...VSCODE_DEFAULTS, ...changes });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than undici's 4 s default for an answer that does not say how long the connection is kept. */
const PAUSE_MS = 4_600;

describe('client: the route VS Code gives a request', () => {
  const route = (url: string, changes: Partial<HostNetwork> = {}) => panelRoute(new URL(url), network(changes));
  const proxy = 'http://proxy.corp:3128';

  it('goes through http.proxy, except for localhost and the names of http.noProxy', () => {
    assert.deepEqual(route('https://panel.example.com', { proxy }), { kind: 'proxy', url: 'http://proxy.corp:3128' });
    assert.deepEqual(route('https://localhost:8443', { proxy }), { kind: 'direct' });
    assert.deepEqual(route('https://127.0.0.1:8443', { proxy }), { kind: 'direct' });
    assert.deepEqual(route('https://[::1]:8443', { proxy }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.example.com', { proxy, noProxy: ['example.com'] }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.example.com', { proxy, noProxy: ['.example.com:443'] }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.example.com:8443', { proxy, noProxy: ['example.com:443'] }), { kind: 'proxy', url: 'http://proxy.corp:3128' });
    assert.deepEqual(route('https://panel.example.com', { proxy, noProxy: ['*'] }), { kind: 'direct' });
    assert.deepEqual(route('https://notexample.com', { proxy, noProxy: ['example.com'] }), { kind: 'proxy', url: 'http://proxy.corp:3128' });
  });

  it('takes the environment\'s proxy when http.proxy is empty, and NO_PROXY only when http.noProxy is', () => {
    const env = { HTTPS_PROXY: 'http://env-proxy:8080', NO_PROXY: 'internal.test' };
    assert.deepEqual(route('https://panel.example.com', { env }), { kind: 'proxy', url: 'http://env-proxy:8080' });
    assert.deepEqual(route('https://panel.internal.test', { env }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.internal.test', { env, noProxy: ['other.test'] }), { kind: 'proxy', url: 'http://env-proxy:8080' });
    assert.deepEqual(route('https://panel.example.com', { env, proxy }), { kind: 'proxy', url: 'http://proxy.corp:3128' });
  });

  it('goes directly when VS Code leaves fetch alone: http.proxySupport off or on, fetch support off', () => {
    assert.deepEqual(route('https://panel.example.com', { proxy, proxySupport: 'off' }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.example.com', { proxy, proxySupport: 'on' }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.example.com', { proxy, fetchAdditionalSupport: false }), { kind: 'direct' });
    assert.deepEqual(route('https://panel.example.com', { proxy, proxySupport: 'fallback' }), { kind: 'proxy', url: 'http://proxy.corp:3128' });
  });

  it('leaves to VS Code what only VS Code knows: the system\'s proxy, SOCKS and HTTPS proxies, a proxy login', () => {
    for (const changes of [{}, { proxy: 'socks5://proxy.corp:1080' }, { proxy: 'https://proxy.corp:3128' }, { proxy: 'http://me:secret@proxy.corp:3128' }, { proxy, proxyAuthorization: true }]) {
      assert.equal(route('https://panel.example.com', changes).kind, 'host', JSON.stringify(changes));
    }
  });
});

describe('client: the certificate a panel presents', () => {
  it('is read by a TLS handshake alone: nothing is sent to the panel', async () => {
    const panel = await startPanel({ dataset: 'empty', https: { selfSigned: true } });
    try {
      const presented = await presentedCertificate(panel.url);
      assert.equal(presented.sha256, new X509Certificate(panel.ca ?? '').fingerprint256);
      assert.match(presented.subject, /Self-signed simulated panel/);
      assert.equal(panel.requests.length, 0);
    } finally {
      await panel.close();
    }
  });
});

describe('client: connections kept as long as the panel keeps them', function () {
  this.timeout(30_000);
  let panel: SimulatedPanel;
  const clients: PanelApi[] = [];
  const client = (baseUrl: string, more: Partial<Parameters<typeof createPanelApi>[0]> = {}) => {
    const api = createPanelApi({ baseUrl, token: panel.tokens.owner, ...(panel.ca ? { caCertificates: [panel.ca] } : {}), retry: { baseDelayMs: 5 }, ...more });
    clients.push(api);
    return api;
  };
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((api) => api.close()));
    await panel?.close();
  });

  it('reuses a connection after a pause, directly and through http.proxy, when the panel does not say how long it keeps it (nginx)', async () => {
    const name = 'panel.internal.test';
    panel = await startPanel({ dataset: 'demo', https: { names: [name] }, keepAlive: { idleSeconds: 75, hint: false } });
    const proxy = await startCountingProxy({ [name]: '127.0.0.1' });
    try {
      const direct = client(panel.url);
      const proxied = client(panel.url.replace('127.0.0.1', name), { network: network({ proxy: proxy.url }) });
      await Promise.all([direct.nodes.list(), proxied.nodes.list()]);
      const [connections, tunnels] = [panel.connections, proxy.tunnels.length];
      assert.ok(tunnels > 0 && proxy.tunnels.every((tunnel) => tunnel === `${name}:${new URL(panel.url).port}`), proxy.tunnels.join());
      await sleep(PAUSE_MS);
      await Promise.all([direct.nodes.list(), proxied.nodes.list()]);
      assert.equal(panel.requests.length, 4);
      assert.equal(panel.connections, connections, 'both reads after the pause went on the connections of the first');
      assert.equal(proxy.tunnels.length, tunnels, 'no new tunnel through the proxy');
    } finally {
      await Promise.all(clients.splice(0).map((api) => api.close()));
      await proxy.close();
    }
  });

  it('leaves VS Code\'s pool where VS Code decides the route, and there a pause costs a new connection', async () => {
    // 127.0.0.2 is loopback to the system but not to VS Code, which asks the system for its route.
    panel = await startPanel({ dataset: 'demo', host: '127.0.0.2', keepAlive: { idleSeconds: 75, hint: false } });
    const host = installHostLikeFetch();
    try {
      const api = client(panel.url, { network: VSCODE_DEFAULTS });
      await api.nodes.list();
      await sleep(PAUSE_MS);
      await api.nodes.list();
      assert.equal(host.pools, 1, 'VS Code\'s pool, one for the client\'s dispatcher');
      assert.equal(panel.connections, 2);
    } finally {
      host.restore();
    }
  });

  it('sends through VS Code\'s pool when the proxy asks for a login (VS Code asks the operator for it)', async () => {
    panel = await startPanel({ dataset: 'demo', host: '127.0.0.2' });
    const refusing = await startLoginProxy();
    const lines: string[] = [];
    try {
      // With a private CA as well: past the pool that trusts it, straight to VS Code's.
      const api = client(panel.url, { network: network({ proxy: refusing.url }), caCertificates: [rootCertificates[0]], log: (_level, line) => lines.push(line) });
      const nodes = await api.nodes.list();
      assert.equal(nodes.total, panel.data.nodes.size);
      assert.equal(refusing.connects, 1, 'the client\'s own pool asked the proxy once');
      assert.ok(lines.some((line) => /asks for a login/.test(line)), lines.join('\n'));
      await api.nodes.list();
      assert.equal(refusing.connects, 1, 'then VS Code\'s pool is the one that works');
    } finally {
      await refusing.close();
    }
  });
});

describe('client: the request timeout on VS Code\'s pool', function () {
  this.timeout(20_000);
  let host: HostFetch | undefined;
  beforeEach(() => {
    host = installHostLikeFetch();
  });
  afterEach(() => host?.restore());

  it('ends a read whose answer does not come, with the timeout\'s words', async () => {
    const panel = await startPanel({ dataset: 'demo', host: '127.0.0.2' });
    const api = createPanelApi({ baseUrl: panel.url, token: panel.tokens.owner, network: VSCODE_DEFAULTS, timeouts: { headersMs: 300 }, retry: { maxAttempts: 1 } });
    try {
      panel.inject({ kind: 'latency', ms: 5_000, match: { path: '/nodes' } });
      const started = Date.now();
      const error = await api.nodes.list().then(() => undefined, (e: unknown) => e);
      assert.ok(error instanceof PanelTimeoutError, String(error));
      assert.equal(error.phase, 'headers');
      assert.match(error.message, /did not answer GET \/nodes in time \(headers timeout of 300 ms\)/);
      assert.ok(Date.now() - started < 2_000, `took ${Date.now() - started} ms`);
    } finally {
      await api.close();
      await panel.close();
    }
  });

  it('ends a body that stalls, and a mutation\'s outcome is unknown', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const api = createPanelApi({ baseUrl: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, token: 'pmt_test', network: VSCODE_DEFAULTS, timeouts: { bodyMs: 300 }, retry: { maxAttempts: 1 } });
    try {
      const read = await api.nodes.list().then(() => undefined, (e: unknown) => e);
      assert.ok(read instanceof PanelTimeoutError, String(read));
      assert.equal(read.phase, 'body');
      const write = await api.nodes.apply('n1').then(() => undefined, (e: unknown) => e);
      assert.ok(write instanceof OutcomeUnknownError, String(write));
      assert.match(write.message, /body timeout/);
    } finally {
      await api.close();
      await closeServer(server);
    }
  });
});

/** An HTTP proxy that answers every CONNECT with 407, as a proxy that wants a login does. */
async function startLoginProxy(): Promise<{ url: string; readonly connects: number; close(): Promise<void> }> {
  let connects = 0;
  const server = createServer((_req, res) => res.writeHead(407, { 'proxy-authenticate': 'Basic realm="corp"' }).end());
  server.on('connect', (_req, socket) => {
    connects++;
    socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get connects() {
      return connects;
    },
    close: () => closeServer(server),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
