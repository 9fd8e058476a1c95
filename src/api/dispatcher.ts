/**
 * The connection pools of a client, in the order they are tried. Requests are sent with the platform's
 * `fetch`: inside VS Code that is the extension host's patched `fetch`, which applies VS Code's proxy
 * (`http.proxy`, PAC/system proxy, proxy login, `http.noProxy`, `http.proxySupport`) and certificates
 * (`http.systemCertificates`) itself. A pool given here carries only what VS Code cannot know: a private
 * CA or the certificate trusted for this panel. Where nothing replaces the pool (plain Node, or VS Code
 * with `http.fetchAdditionalSupport` off), its keep-alive connections are reused.
 */
import { rootCertificates } from 'node:tls';
import type { PanelClientOptions } from './options';
import type { Dispatcher, UndiciModule } from './undiciModule';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 } as const;

/**
 * One pool, or two when a private CA is set: first the platform's trust (the OS store in VS Code), then
 * Node's roots plus the private CA for a panel the first refused. Giving `fetch` a CA list replaces the
 * system's, so the private CA alone must never be the only pool. A trusted (pinned) certificate is the
 * only trust anchor of its one pool.
 */
export function createDispatchers(undici: UndiciModule, options: PanelClientOptions): Dispatcher[] {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts ?? {}) };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyMs };
  const pool = (ca?: string[]) => new undici.Agent({ connect: { timeout: timeouts.connectMs, ...(ca ? { ca } : {}) }, ...common });
  if (options.trustedCertificate) return [pool([options.trustedCertificate])];
  const extra = options.caCertificates?.filter((pem) => pem.length > 0) ?? [];
  return extra.length > 0 ? [pool(), pool([...rootCertificates, ...extra])] : [pool()];
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}
