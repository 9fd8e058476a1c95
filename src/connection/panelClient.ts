import type { PanelApi, PanelClientOptions } from '../api/index';

/**
 * A client for one panel. The client's code (transport, paging, the resource groups) is loaded with the
 * first client, not at activation: esbuild.mjs makes src/api/index.ts a bundle of its own
 * (dist/features/client.js), and undici follows on the first request.
 */
export function createPanelApi(options: PanelClientOptions): PanelApi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at the call keeps the client bundle out of activation
  return (require('../api/index') as typeof import('../api/index')).createPanelApi(options);
}

/** Whether the origin wants a client certificate (see api/clientCertificateFetch.ts); loaded with the client bundle. */
export function wantsClientCertificate(origin: string, timeoutMs?: number): Promise<string | undefined> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at the call keeps the client bundle out of activation
  return (require('../api/index') as typeof import('../api/index')).wantsClientCertificate(origin, timeoutMs);
}
