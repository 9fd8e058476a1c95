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
 */
import { rootCertificates } from 'node:tls';
import { isLoopbackHost, type PanelClientOptions } from './options';
import type { Dispatcher, UndiciModule } from './undiciModule';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 } as const;

export interface Pool {
  dispatcher: Dispatcher;
  /** The fetch that sends through it: the platform's, or undici's own (reused connections, see above). */
  fetch: typeof fetch;
}

/**
 * One pool, or two when a private CA is set: first the platform's trust (the OS store in VS Code), then
 * Node's roots plus the private CA for a panel the first refused. Giving `fetch` a CA list replaces the
 * system's, so the private CA alone must never be the only pool. A trusted (pinned) certificate is the
 * only trust anchor of its one pool.
 */
export function createPools(undici: UndiciModule, options: PanelClientOptions, origin: URL): Pool[] {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts ?? {}) };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs };
  const loopback = isLoopbackHost(origin.hostname);
  const pool = (ca?: string[]): Pool => ({
    dispatcher: new undici.Agent({ connect: { timeout: timeouts.connectMs, ...(ca ? { ca } : {}) }, ...common }),
    fetch: loopback && (ca || origin.protocol === 'http:') ? (undici.fetch as unknown as typeof fetch) : fetch,
  });
  if (options.trustedCertificate) return [pool([options.trustedCertificate])];
  const extra = options.caCertificates?.filter((pem) => pem.length > 0) ?? [];
  return extra.length > 0 ? [pool(), pool([...rootCertificates, ...extra])] : [pool()];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}
