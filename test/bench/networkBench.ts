/**
 * The network part of the benchmark: requests per connection and the full inventory of the large data set
 * (20,000 keys, 100 pages of 200) against an HTTPS panel behind a simulated network (latencyProxy.ts: one
 * round trip per request, three for a request on a new connection), in each way the client can send:
 *  - before: undici's `request` through one reused Agent (the client up to commit af18766);
 *  - plain Node: the platform's `fetch` through the client's own Agent (reused);
 *  - as inside VS Code: `fetch` replaced by the extension host's own patch (`createFetchPatch` of
 *    code-server's @vscode/proxy-agent, loaded from .vscode-test; `http.proxySupport` `override`,
 *    `http.systemCertificates` on, no proxy): it builds a new Agent for every request. The panel is
 *    reached on this machine's non-loopback address, as a remote panel is;
 *  - as inside VS Code, loopback panel (an SSH tunnel): the same patch, but the client sends through its
 *    own pool (see src/api/dispatcher.ts).
 * This is VS Code 1.100's patch (a pool per request) where VS Code decides the route (no proxy setting);
 * workbenchNetwork.ts measures both VS Codes in the real workbench, through http.proxy.
 * The "raw" figures send the pages themselves (page 1, then 16 in flight), so the way of sending is all
 * that differs; the "listAll" figures are the client's keys.listAll(). With BENCH_BEFORE_API pointing at
 * out/src/api/index.js of a build of af18766, that build's listAll is measured too.
 */
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import type * as Undici from 'undici';
import { createPanelApi, type PanelApi } from '../../src/api';
import { startPanelCli } from '../demo/panel-cli-process';
import { vscodeTestDir } from '../launch/repo-paths';
import { startLatencyProxy, type LatencyProxy } from './latencyProxy';
import { summary, timeOnce, type Timing } from './timing';

const PER_PAGE = 200;
const WINDOW = 16;

export interface NetworkRow {
  mode: string;
  timing: Timing;
  requestsPerListing: number;
  connectionsPerListing: number;
}

export interface NetworkResult {
  roundTripMs: number;
  pages: number;
  /** How "as inside VS Code" was reproduced. */
  hostFetch: string;
  /** The address the "remote" panel was reached on. */
  remoteHost: string;
  raw: NetworkRow[];
  listAll: NetworkRow[];
}

type FetchLike = typeof fetch;
interface ProxyAgentModule {
  createFetchPatch(params: object, originalFetch: FetchLike, resolveProxyURL: (url: string) => Promise<string | undefined>): FetchLike;
  loadSystemCertificates(params: object): Promise<string[]>;
}

/** The extension host's patched fetch, from code-server's own module when it is installed. */
function hostFetch(undici: typeof Undici, platformFetch: FetchLike): { fetch: FetchLike; how: string } {
  const module = join(vscodeTestDir, 'code-server', 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules', '@vscode', 'proxy-agent');
  const silent = Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error'].map((level) => [level, () => undefined]));
  if (existsSync(module)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- VS Code's proxy agent, found at run time
    const proxyAgent = require(module) as ProxyAgentModule;
    const params = {
      log: silent,
      isAdditionalFetchSupportEnabled: () => true,
      getProxySupport: () => 'override',
      addCertificatesV1: () => true,
      addCertificatesV2: () => true,
      loadAdditionalCertificates: () => proxyAgent.loadSystemCertificates({ log: silent }),
    };
    // No proxy configured: the host resolves DIRECT, which its fetch patch sees as no proxy URL.
    return { fetch: proxyAgent.createFetchPatch(params, platformFetch, async () => undefined), how: "code-server's @vscode/proxy-agent createFetchPatch" };
  }
  // What that patch does without a proxy: a new Agent per request, with the caller's CA or the system's.
  const patched: FetchLike = (input, init) => {
    const options = (init as { dispatcher?: object } | undefined)?.dispatcher;
    const symbol = options && Object.getOwnPropertySymbols(options).find((s) => s.description === 'options');
    const ca = symbol ? (options as Record<symbol, { connect?: { ca?: string[] } }>)[symbol]?.connect?.ca : undefined;
    return platformFetch(input, { ...init, dispatcher: new undici.Agent({ connect: { ca: ca ?? [...rootCertificates] } }) } as unknown as RequestInit);
  };
  return { fetch: patched, how: 'a per-request Agent factory (code-server not installed)' };
}

function remoteAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (found) return found.address;
  }
  return undefined;
}

async function counted(proxy: LatencyProxy, runs: number, task: () => Promise<number>): Promise<Omit<NetworkRow, 'mode'>> {
  const samples: number[] = [];
  const connections = proxy.connections;
  let requests = 0;
  for (let run = 0; run < runs; run++) samples.push(await timeOnce(async () => (requests += await task())));
  return { timing: summary(samples), requestsPerListing: requests / runs, connectionsPerListing: (proxy.connections - connections) / runs };
}

/** Page 1, then WINDOW pages in flight; returns the number of requests sent. */
async function rawInventory(page: (n: number) => Promise<{ total: number }>): Promise<number> {
  const { total } = await page(1);
  const pages = Math.ceil(total / PER_PAGE);
  let next = 2;
  await Promise.all(Array.from({ length: WINDOW }, async () => {
    while (next <= pages) await page(next++);
  }));
  return pages;
}

export async function networkBench(roundTripMs: number, runs: number): Promise<NetworkResult> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the same lazy load as src/api/undiciModule.ts
  const undici = require('undici') as typeof Undici;
  const platformFetch = globalThis.fetch;
  const host = hostFetch(undici, platformFetch);
  const remote = remoteAddress();
  const panel = await startPanelCli(['--dataset', 'large', '--https', ...(remote ? ['--https-name', remote] : [])]);
  const port = Number(new URL(panel.url).port);
  const ca = [panel.ca ?? ''];
  const loopbackProxy = await startLatencyProxy(port, roundTripMs);
  const remoteProxy = remote ? await startLatencyProxy(port, roundTripMs, remote) : loopbackProxy;
  const headers = { authorization: `Bearer ${panel.ownerToken}`, accept: 'application/json' };
  const raw: NetworkRow[] = [];
  const listAll: NetworkRow[] = [];
  const pagePath = (n: number) => `/api/v1/keys?page=${n}&per_page=${PER_PAGE}`;
  try {
    // Raw: the same pages, sent each way.
    const agent = new undici.Agent({ connect: { ca: [...rootCertificates, ...ca] } });
    const viaRequest = async (n: number) => (await (await undici.request(`https://${loopbackProxy.host}${pagePath(n)}`, { dispatcher: agent, headers })).body.json()) as { total: number };
    const viaFetch = (send: FetchLike, proxy: LatencyProxy) => async (n: number) =>
      (await (await send(`https://${proxy.host}${pagePath(n)}`, { headers, dispatcher: agent } as unknown as RequestInit)).json()) as { total: number };
    const rawModes: [string, LatencyProxy, (n: number) => Promise<{ total: number }>][] = [
      ['before: undici request, one Agent', loopbackProxy, viaRequest],
      ['plain Node: fetch, one Agent', loopbackProxy, viaFetch(platformFetch, loopbackProxy)],
      ['as inside VS Code: host fetch', remoteProxy, viaFetch(host.fetch, remoteProxy)],
    ];
    for (const [mode, proxy, page] of rawModes) {
      await rawInventory(page); // warm-up: connections, JIT
      raw.push({ mode, ...(await counted(proxy, runs, () => rawInventory(page))) });
    }
    await agent.close();

    // The client's keys.listAll(), on a client that has listed before.
    const clientModes: [string, LatencyProxy, FetchLike, (baseUrl: string, log: (level: string, line: string) => void) => PanelApi][] = [];
    const current = (baseUrl: string, log: (level: string, line: string) => void) => createPanelApi({ baseUrl, token: panel.ownerToken, caCertificates: ca, log });
    // Inside VS Code with no proxy setting: VS Code asks the system for a remote panel's route, so the
    // client sends through VS Code's fetch there (src/api/route.ts), and through its own pool to a loopback panel.
    const insideVsCode = (baseUrl: string, log: (level: string, line: string) => void) =>
      createPanelApi({ baseUrl, token: panel.ownerToken, caCertificates: ca, log, network: { proxySupport: 'override', proxy: '', noProxy: [], proxyAuthorization: false, fetchAdditionalSupport: true, systemCertificates: true, env: {} } });
    const before = process.env.BENCH_BEFORE_API;
    if (before) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- an older build, from a path given at run time
      const old = require(before) as { createPanelApi: typeof createPanelApi };
      clientModes.push(['before (build of af18766)', loopbackProxy, platformFetch, (baseUrl, log) => old.createPanelApi({ baseUrl, token: panel.ownerToken, caCertificates: ca, log })]);
    }
    clientModes.push(
      ['plain Node', loopbackProxy, platformFetch, current],
      ['as inside VS Code, remote panel', remoteProxy, host.fetch, insideVsCode],
      ['as inside VS Code, loopback panel', loopbackProxy, host.fetch, insideVsCode],
    );
    for (const [mode, proxy, send, create] of clientModes) {
      let requests = 0;
      const api = create(`https://${proxy.host}`, (_level, line) => void (/ -> \d{3} in /.test(line) && requests++));
      globalThis.fetch = send;
      try {
        await api.keys.listAll(); // warm-up
        const row = await counted(proxy, runs, async () => {
          const sent = requests;
          await api.keys.listAll();
          return requests - sent;
        });
        listAll.push({ mode, ...row });
      } finally {
        globalThis.fetch = platformFetch;
        await api.close();
      }
    }
    const total = (await viaFetch(platformFetch, loopbackProxy)(1).catch(() => ({ total: 20_000 }))).total;
    return { roundTripMs, pages: Math.ceil(total / PER_PAGE), hostFetch: host.how, remoteHost: remote ?? '127.0.0.1 (no other address)', raw, listAll };
  } finally {
    await loopbackProxy.close();
    if (remoteProxy !== loopbackProxy) await remoteProxy.close();
    await panel.stop();
  }
}
