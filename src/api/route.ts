/**
 * The route VS Code gives a request to a panel, where VS Code's own settings decide it, so that the client
 * can send along that route through a pool of its own, whose idle connections it keeps as long as the
 * panel does (see dispatcher.ts). Mirrors the proxy resolution of VS Code's extension host
 * (@vscode/proxy-agent, the same in VS Code 1.100 and 1.117) for `fetch`:
 *  - `http.proxySupport` `off`, or `on` (VS Code then leaves an extension's own dispatcher alone), or
 *    `http.fetchAdditionalSupport` off: no proxy;
 *  - `localhost`, `127.0.0.1` and `::1`: no proxy;
 *  - a host `http.noProxy` lists (or, when that list is empty, `NO_PROXY`): no proxy;
 *  - `http.proxy`, else `HTTPS_PROXY`/`HTTP_PROXY`: that proxy;
 *  - otherwise VS Code asks the system (PAC, the OS proxy settings), which an extension cannot: the
 *    route is VS Code's, and so is the pool.
 * A proxy this client cannot speak to the way VS Code would (SOCKS, an HTTPS proxy, a proxy that asks for
 * a login, `http.proxyAuthorization`) is left to VS Code as well.
 * Nothing here imports vscode: the extension reads the settings (src/connection/clientOptions.ts).
 */

/** The VS Code settings and environment that decide a request's route. */
export interface HostNetwork {
  /** `http.proxySupport`: `override` (VS Code's default), `fallback`, `on` or `off`. */
  readonly proxySupport: string;
  /** `http.proxy`. */
  readonly proxy: string;
  /** `http.noProxy`. */
  readonly noProxy: readonly string[];
  /** `http.proxyAuthorization` is set: VS Code sends it, this client leaves the route to VS Code. */
  readonly proxyAuthorization: boolean;
  /** `http.fetchAdditionalSupport` (default on): off, VS Code does not touch `fetch`. */
  readonly fetchAdditionalSupport: boolean;
  /** `http.systemCertificates` (default on): the OS certificate store is trusted. */
  readonly systemCertificates: boolean;
  /** The extension host's environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY and their lower-case names). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type PanelRoute =
  /** Straight to the panel. */
  | { readonly kind: 'direct' }
  /** Through an HTTP proxy's CONNECT tunnel (`url` is `http://host:port`). */
  | { readonly kind: 'proxy'; readonly url: string }
  /** VS Code decides (system proxy or PAC), or the proxy is one only VS Code speaks to: its `fetch` and pool. */
  | { readonly kind: 'host'; readonly why: string };

/** The hosts VS Code never sends through a proxy (exactly its list). */
const LOCALHOST = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The route VS Code's fetch would take to `origin`; `host` wherever VS Code's own answer cannot be known. */
export function panelRoute(origin: URL, network: HostNetwork): PanelRoute {
  if (!network.fetchAdditionalSupport) return { kind: 'direct' };
  if (network.proxySupport === 'off' || network.proxySupport === 'on') return { kind: 'direct' };
  const hostname = origin.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOCALHOST.has(hostname)) return { kind: 'direct' };
  const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  const env = network.env;
  const noProxy = network.noProxy.length > 0 ? network.noProxy : (env.no_proxy || env.NO_PROXY || '').split(',');
  if (bypassesProxy(noProxy, hostname, port)) return { kind: 'direct' };
  const configured = network.proxy.trim() || (env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY || '').trim();
  if (!configured || !configured.includes('://')) return { kind: 'host', why: 'no proxy setting: VS Code asks the system' };
  if (network.proxyAuthorization) return { kind: 'host', why: 'http.proxyAuthorization is set' };
  let proxy: URL;
  try {
    proxy = new URL(configured);
  } catch {
    return { kind: 'host', why: 'the proxy setting is not a URL' };
  }
  if (proxy.protocol !== 'http:') return { kind: 'host', why: `a ${proxy.protocol.replace(/:$/, '')} proxy` };
  if (proxy.username || proxy.password) return { kind: 'host', why: 'a proxy with a login' };
  return { kind: 'proxy', url: `http://${proxy.host}` };
}

/** VS Code's reading of `http.noProxy` / `NO_PROXY`: `*`, or names (a leading dot optional) with an optional port. */
function bypassesProxy(entries: readonly string[], hostname: string, port: string): boolean {
  const list = entries.map((entry) => entry.trim().toLowerCase());
  if (list.includes('*')) return true;
  return list
    .map((entry) => entry.split(':', 2))
    .filter(([name]) => !!name)
    .some(([name, entryPort]) => `.${hostname}`.endsWith(name.startsWith('.') ? name : `.${name}`) && (!entryPort || entryPort === port));
}

/** What this client may assume outside VS Code (plain Node: unit tests, the bench): no proxy. */
export const PLAIN_NODE: HostNetwork = {
  proxySupport: 'off',
  proxy: '',
  noProxy: [],
  proxyAuthorization: false,
  fetchAdditionalSupport: true,
  systemCertificates: true,
  env: {},
};
