/**
 * The connection pools of a client, in the order they are tried, and which `fetch` sends through each.
 *
 * Inside VS Code the platform's `fetch` is the extension host's patched one: it applies VS Code's proxy
 * (`http.proxy`, PAC/system proxy, proxy login, `http.noProxy`, `http.proxySupport`) and certificates
 * (`http.systemCertificates`), but not the pool's own settings: VS Code 1.100 builds a new pool for every
 * request (no connection is ever reused), and from 1.104.3 it keeps one pool per dispatcher it is given,
 * with undici's defaults, so an idle connection is dropped after 4 s unless the panel's answers say
 * `Keep-Alive: timeout=` (nginx keeps it 75 s without saying so), and the request timeout is not applied
 * (measured in `npm run bench`).
 *
 * So where VS Code's own settings decide the route (route.ts: `http.proxy`, `http.noProxy`,
 * `http.proxySupport`, a loopback panel), requests go that same route through a pool of the client's own
 * (undici's `fetch`), which keeps idle connections as long as the panel does (`keepAliveMs` when it does
 * not say) and applies the timeouts. Its trust is VS Code's: Node's roots plus the OS certificate store
 * (`http.systemCertificates`), read with Node's own reader where it has one (Node 22.15+). Behind it,
 * VS Code's `fetch` stays the last pool: a certificate only VS Code's reading of the store accepts, or a
 * proxy that asks for a login (VS Code asks the operator), is sent as VS Code sends it. Where VS Code asks
 * the system for the route (no proxy setting: PAC, the OS proxy), its `fetch` and pool are the only
 * way, and the transport applies the timeouts itself (transport.ts).
 *
 * A panel behind an access gateway that wants a client certificate is sent through Node's `https` module
 * instead, which VS Code patches with the same proxy and certificate handling and which, unlike its
 * `fetch`, keeps the certificate: see clientCertificateFetch.ts.
 */
import * as tls from 'node:tls';
import type { ClientCertificate } from './accessGateway';
import { clientCertificateRoute } from './clientCertificateFetch';
import { PanelConfigError } from './errors';
import type { PanelClientOptions } from './options';
import { panelRoute, type PanelRoute } from './route';
import type { Dispatcher, UndiciModule } from './undiciModule';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 } as const;

/** How long a panel keeps an idle connection when its answers do not say: nginx's default. */
export const DEFAULT_KEEP_ALIVE_MS = 75_000;
/** Given back from the panel's keep-alive, so that a request never races the panel closing the connection. */
const KEEP_ALIVE_MARGIN_MS = 2_000;

export interface Pool {
  /** undici's pool; absent for a client certificate's route, which is Node's `https` (clientCertificateFetch.ts). */
  dispatcher?: Dispatcher;
  /** The fetch that sends through it: VS Code's (`host`), undici's own or the client certificate's (`own`: they apply the timeouts). */
  fetch: typeof fetch;
  readonly kind: 'own' | 'host';
  /** For the log: the route and the trust of this pool. */
  readonly describe: string;
  /** Its fetch encodes a FormData itself (else uploads go through the platform's fetch, which alone encodes its FormData). */
  readonly sendsForms?: boolean;
  close(): Promise<void>;
}

/**
 * The pools, in the order they are tried. A trusted (pinned) certificate is the only trust anchor of its
 * one pool. Otherwise the platform's trust first, then Node's roots plus the private CA for a panel the
 * first refused (giving `fetch` a CA list replaces the system's, so the private CA alone must never be the
 * only pool), then, inside VS Code, VS Code's own `fetch` when the first pools are the client's own.
 */
export function createPools(undici: UndiciModule, options: PanelClientOptions, origin: URL, clientCertificate?: ClientCertificate): Pool[] {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts ?? {}) };
  if (clientCertificate) {
    // The platform's fetch would drop the certificate (see clientCertificateFetch.ts); Node's https takes
    // VS Code's route inside VS Code, the trusted certificate or the private CA as the other pools would.
    if (origin.protocol !== 'https:') throw new PanelConfigError({ kind: 'clientCertificateNeedsHttps' });
    const extraCa = options.caCertificates?.filter((pem) => pem.length > 0) ?? [];
    const ca = options.trustedCertificate ? [options.trustedCertificate] : extraCa.length > 0 ? [...tls.rootCertificates, ...extraCa] : undefined;
    const route = clientCertificateRoute({ certificate: clientCertificate, ca, timeouts });
    return [{ fetch: route.fetch, sendsForms: true, kind: 'own', describe: 'Node\'s https with the client certificate', close: () => route.close() }];
  }
  const keepAliveMs = Math.max(1_000, (options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS) - KEEP_ALIVE_MARGIN_MS);
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs, keepAliveTimeout: keepAliveMs };
  const network = options.network;
  // Outside VS Code (unit tests, scripts) the platform's fetch is Node's, which takes no proxy: direct.
  const route: PanelRoute = network ? panelRoute(origin, network) : { kind: 'direct' };
  const undiciFetch = undici.fetch as unknown as typeof fetch;

  const host = (ca?: string[], trust = 'VS Code\'s certificates'): Pool => {
    const dispatcher = new undici.Agent({ connect: { timeout: timeouts.connectMs, ...(ca ? { ca } : {}) }, ...common });
    return {
      dispatcher, fetch, kind: 'host', close: () => dispatcher.close(),
      describe: `VS Code's route (${route.kind === 'host' ? route.why : 'after the client\'s own'}), ${trust}`,
    };
  };
  const own = (ca: string[] | undefined, trust: string): Pool => {
    const tlsOptions = { timeout: timeouts.connectMs, ...(ca ? { ca } : {}) };
    if (route.kind === 'proxy') {
      const dispatcher = new undici.ProxyAgent({ uri: route.url, requestTls: tlsOptions, proxyTls: { timeout: timeouts.connectMs }, ...common });
      return { dispatcher, fetch: undiciFetch, kind: 'own', describe: `through ${route.url}, ${trust}`, close: () => dispatcher.close() };
    }
    const dispatcher = new undici.Agent({ connect: tlsOptions, ...common });
    return { dispatcher, fetch: undiciFetch, kind: 'own', describe: `direct, ${trust}`, close: () => dispatcher.close() };
  };

  const extra = options.caCertificates?.filter((pem) => pem.length > 0) ?? [];
  const privateCa = [...tls.rootCertificates, ...extra];
  if (route.kind === 'host') {
    if (options.trustedCertificate) return [host([options.trustedCertificate], 'the trusted certificate')];
    return extra.length > 0 ? [host(), host(privateCa, 'panelOps.caCertificatePath')] : [host()];
  }
  if (options.trustedCertificate) return [own([options.trustedCertificate], 'the trusted certificate')];
  const system = network ? systemTrust(network.systemCertificates) : undefined;
  const pools = [own(system?.ca, system?.describe ?? 'Node\'s certificates')];
  if (extra.length > 0) pools.push(own(privateCa, 'panelOps.caCertificatePath'));
  if (network) pools.push(host());
  return pools;
}

/**
 * VS Code's trust for its `fetch`: Node's roots, plus the OS certificate store when `http.systemCertificates`
 * is on, read with Node's reader where it has one (`tls.getCACertificates`, Node 22.15+, VS Code 1.10x and
 * newer); undefined (Node's defaults) where it has none, and VS Code's own pool then follows for a panel
 * only the store vouches for.
 */
function systemTrust(systemCertificates: boolean): { ca: string[]; describe: string } | undefined {
  if (!systemCertificates) return undefined;
  if (systemStore === undefined) {
    const reader = (tls as { getCACertificates?: (type: 'system') => string[] }).getCACertificates;
    try {
      systemStore = reader ? [...tls.rootCertificates, ...reader('system')] : null;
    } catch {
      systemStore = null;
    }
  }
  return systemStore ? { ca: systemStore, describe: 'Node\'s roots and the OS store' } : undefined;
}

/** Read once per extension host, as VS Code reads it (null: Node has no reader). */
let systemStore: string[] | null | undefined;

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}

/** A proxy that answered the CONNECT with 407 (a login): VS Code's own pool asks the operator for it. */
export function isProxyLoginRequest(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (current instanceof Error && /Proxy response \(407\)/.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
