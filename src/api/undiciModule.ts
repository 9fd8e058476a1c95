/**
 * undici provides the connection pools (Agent) that the platform's `fetch` sends through. It is loaded on the first request, never when this layer is imported: requiring it costs tens of
 * milliseconds, and the extension must activate without paying that. With esbuild the module is bundled
 * but wrapped, so its code runs only when this function is first called.
 */
import type * as Undici from 'undici';

export type UndiciModule = typeof Undici;
export type Dispatcher = Undici.Dispatcher;

export function loadUndici(): UndiciModule {
  // A plain require inside the function (not a top-level import) keeps the evaluation lazy.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- that lazy load
  return require('undici') as UndiciModule;
}
