/**
 * A catalog call made concrete: its route and URL under /api/v1, path values encoded, checked to still be
 * the same catalog route after URL parsing (a value such as `..` cannot reach another route).
 */
import { findRoute, routeById, type PathNames, type RouteSpec } from './catalog';
import type { Call, CallBody, QueryValue } from './call';
import { PanelConfigError, RouteNotInCatalogError } from './errors';

export const API_PREFIX = '/api/v1';
const PATH_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A request ready to send: its catalog route and concrete URL. */
export interface Prepared {
  route: RouteSpec;
  url: URL;
  body?: CallBody;
  signal?: AbortSignal;
  /** Attempts of a read (the client's retry policy when absent). */
  attempts?: number;
}

/** The engine's and messenger's path names of the options, checked to be one plain path segment each. */
export function pathNames(options: { engineName?: string; messengerName?: string }): PathNames {
  return { engine: pathName(options.engineName, 'mtg', 'engineName'), messenger: pathName(options.messengerName, 'telegram', 'messengerName') };
}

function pathName(value: string | undefined, fallback: string, option: string): string {
  const name = value || fallback;
  if (!PATH_NAME.test(name)) throw new PanelConfigError({ kind: 'pathSegment', option });
  return name;
}

/** The request of a call by route id; an id the catalog does not hold is refused before sending. */
export function prepareCall(call: Call, names: PathNames, origin: URL): Prepared {
  let route: RouteSpec;
  try {
    route = routeById(call.routeId);
  } catch {
    throw new RouteNotInCatalogError({ kind: 'routeId', id: call.routeId });
  }
  const path = route.path
    .replace('{engine}', names.engine)
    .replace('{messenger}', names.messenger)
    .replace(/\{([a-z]+)\}/g, (_, name: string) => {
      const value = call.params?.[name];
      const text = value === undefined ? '' : String(value);
      if (text === '' || text === '.' || text === '..') {
        throw new PanelConfigError({ kind: 'missingParam', call: `${route.method} ${route.path}`, name });
      }
      return encodeURIComponent(text);
    });
  return { route, url: urlFor(route, path, call.query, names, origin), body: call.body, signal: call.signal, attempts: call.attempts };
}

/** The URL of a concrete path, checked to still be the same catalog route after URL parsing. */
export function urlFor(route: RouteSpec, path: string, query: Readonly<Record<string, QueryValue>> | undefined, names: PathNames, origin: URL): URL {
  const url = new URL(API_PREFIX + path, origin);
  if (url.pathname !== API_PREFIX + path || findRoute(route.method, path, names)?.id !== route.id) {
    throw new RouteNotInCatalogError({ kind: 'call', call: `${route.method} ${path}` });
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(name, String(value));
  }
  return url;
}
