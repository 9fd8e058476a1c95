/**
 * The one connection pool of a client: an undici Agent (keep-alive reuse), or a ProxyAgent when a proxy
 * is configured and the panel's host is not excluded by `noProxy`. Extra CA certificates are trusted in
 * addition to the system roots.
 */
import { rootCertificates } from 'node:tls';
import type { PanelClientOptions } from './options';
import type { Dispatcher, UndiciModule } from './undiciModule';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 } as const;

export function createDispatcher(undici: UndiciModule, origin: URL, options: PanelClientOptions): Dispatcher {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts ?? {}) };
  const ca = options.caCertificates?.length ? [...rootCertificates, ...options.caCertificates] : undefined;
  const tls = { timeout: timeouts.connectMs, ...(ca ? { ca } : {}) };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs };
  if (options.proxy && !bypassesProxy(origin, options.noProxy)) {
    return new undici.ProxyAgent({ uri: options.proxy, requestTls: tls, proxyTls: tls, ...common });
  }
  return new undici.Agent({ connect: tls, ...common });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}

/**
 * `NO_PROXY` semantics: comma- or space-separated entries; `*` matches every host; `example.com` and
 * `.example.com` match the host and its subdomains; `host:port` also requires the port.
 */
export function bypassesProxy(target: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const { name, port: entryPort } = splitHostPort(entry);
      if (entryPort && entryPort !== port) return false;
      const bare = name.replace(/^\*?\./, '');
      return host === bare || host.endsWith(`.${bare}`);
    });
}

/** `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address. */
function splitHostPort(entry: string): { name: string; port?: string } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1], port: bracketed[2] };
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { name: withPort[1], port: withPort[2] };
  return { name: entry };
}
