/**
 * undici is loaded on the first request, never when this layer is imported: requiring it costs tens of
 * milliseconds, and the extension must activate without paying that. With esbuild the module is bundled
 * but wrapped, so its code runs only when this function is first called.
 */
import type * as Undici from 'undici';

export type UndiciModule = typeof Undici;
export type Dispatcher = Undici.Dispatcher;
export type ResponseData = Undici.Dispatcher.ResponseData;
/**
 * The WHATWG FormData of the undici that sends the request. undici 7 encodes only its own FormData (it
 * checks with `instanceof`); on Node 20 the global FormData belongs to Node's internal undici 6 and is
 * refused ("action is not a function").
 */
export type FormData = Undici.FormData;

export function loadUndici(): UndiciModule {
  // A plain require inside the function (not a top-level import) keeps the evaluation lazy.
  return require('undici') as UndiciModule;
}
