/**
 * The connection pools of a client, in the order they are tried, and which `fetch` sends through each.
 *
 * Requests are sent with the platform's `fetch`: inside VS Code that is the extension host's patched
 * `fetch`, which applies VS Code's proxy (`http.proxy`, PAC/system proxy, proxy login, `http.noProxy`,
 * `http.proxySupport`) and certificates (`http.systemCertificates`) itself. With the default
 * `http.proxySupport` `override` it builds a new pool for every request, so no connection is reused there
 * (measured in `npm run bench`). A pool given here carries only what VS Code cannot know: a private CA or
 * the certificate trusted for this panel.
 *
 * One exception keeps paging fast where it changes nothing: a loopback panel (an SSH tunnel, a panel on
 * this machine) whose trust the pool carries itself (plain HTTP, or a CA of its own). VS Code never sends a
 * loopback host through a proxy and would verify it with exactly that CA, so such a pool is sent through
 * undici's own `fetch`, and its kept-alive connections are reused.
 *
 * A panel behind an access gateway that wants a client certificate is sent through Node's `https` module
 * instead, which VS Code patches with the same proxy and certificate handling and which, unlike its
 * `fetch`, keeps the certificate: see clientCertificateFetch.ts.
 */
import { rootCertificates } from 'node:tls';
import type { ClientCertificate } from './accessGateway';
import { clientCertificateRoute } from './clientCertificateFetch';
import { PanelConfigError } from './errors';
import { isLoopbackHost, type PanelClientOptions } from './options';
import type { Dispatcher, UndiciModule } from './undiciModule';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 } as const;

export interface Pool {
  /** undici's pool; absent for a client certificate's route, which is Node's `https` (clientCertificateFetch.ts). */
  dispatcher?: Dispatcher;
  /** The fetch that sends through it: the platform's, undici's own (reused connections, see above), or the client certificate's. */
  fetch: typeof fetch;
  /** Its fetch encodes a FormData itself (else uploads go through the platform's fetch, which alone encodes its FormData). */
  sendsForms?: boolean;
  close(): Promise<void>;
}

/**
 * One pool, or two when a private CA is set: first the platform's trust (the OS store in VS Code), then
 * Node's roots plus the private CA for a panel the first refused. Giving `fetch` a CA list replaces the
 * system's, so the private CA alone must never be the only pool. A trusted (pinned) certificate is the
 * only trust anchor of its one pool.
 */
export function createPools(undici: UndiciModule, options: PanelClientOptions, origin: URL, clientCertificate?: ClientCertificate): Pool[] {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts ?? {}) };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs };
  const loopback = isLoopbackHost(origin.hostname);
  const pool = (ca?: string[]): Pool => {
    if (clientCertificate) {
      // The platform's fetch would drop the certificate (see clientCertificateFetch.ts).
      if (origin.protocol !== 'https:') throw new PanelConfigError({ kind: 'clientCertificateNeedsHttps' });
      const route = clientCertificateRoute({ certificate: clientCertificate, ca, timeouts });
      return { fetch: route.fetch, sendsForms: true, close: () => route.close() };
    }
    const dispatcher = new undici.Agent({ connect: { timeout: timeouts.connectMs, ...(ca ? { ca } : {}) }, ...common });
    return {
      dispatcher,
      fetch: loopback && (ca || origin.protocol === 'http:') ? (undici.fetch as unknown as typeof fetch) : fetch,
      close: () => dispatcher.close(),
    };
  };
  if (options.trustedCertificate) return [pool([options.trustedCertificate])];
  const extra = options.caCertificates?.filter((pem) => pem.length > 0) ?? [];
  return extra.length > 0 ? [pool(), pool([...rootCertificates, ...extra])] : [pool()];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}
