import { routeById, scopeOf, type RouteId, type Scope } from '../api/catalog';

/** A cheap read used to check a URL and token before they are saved. */
export interface VerificationRoute {
  readonly routeId: RouteId;
  /** The route's path (it has no placeholder). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** The scope the read needs, from the catalog. */
  readonly scope: Scope;
  /**
   * True when the token is not believed to hold `scope`: a 403 then still proves the token is valid
   * (a rejected token gets 401), so it counts as success.
   */
  readonly refusalExpected: boolean;
}

// Cheapest first: one small list per read scope (no vscode import: unit-tested).
const READS: readonly { routeId: RouteId; query?: Record<string, string> }[] = [
  { routeId: 'nodes.list' },
  { routeId: 'alerts.list' },
  { routeId: 'siteTemplates.list' },
  { routeId: 'keys.list', query: { page: '1', per_page: '1' } },
  { routeId: 'settings.get' },
  { routeId: 'branding.profiles.list' },
  { routeId: 'audit.list', query: { page: '1', per_page: '1' } },
];

function verification(read: (typeof READS)[number], refusalExpected: boolean): VerificationRoute {
  const route = { routeId: read.routeId, path: routeById(read.routeId).path, scope: scopeOf(read.routeId), refusalExpected };
  return read.query ? { ...route, query: read.query } : route;
}

/** The read to verify a token with these scopes: the first read it should be allowed, else GET /nodes expecting 403. */
export function verificationRoute(scopes: readonly Scope[]): VerificationRoute {
  const read = READS.find((candidate) => scopes.includes(scopeOf(candidate.routeId)));
  return read ? verification(read, false) : verification(READS[0], true);
}
