import type { Scope } from '../api/catalog';

/** A cheap read used to check a URL and token before they are saved. */
export interface VerificationRoute {
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** The scope the read needs. */
  readonly scope: Scope;
  /**
   * True when the token is not believed to hold `scope`: a 403 then still proves the token is valid
   * (a rejected token gets 401), so it counts as success.
   */
  readonly refusalExpected: boolean;
}

// Cheapest first: one small list per read scope (no vscode import: unit-tested).
const READS: readonly VerificationRoute[] = [
  { path: '/nodes', scope: 'nodes:read', refusalExpected: false },
  { path: '/alerts', scope: 'monitoring:read', refusalExpected: false },
  { path: '/site-templates', scope: 'sites:read', refusalExpected: false },
  { path: '/keys', query: { page: '1', per_page: '1' }, scope: 'users:read', refusalExpected: false },
  { path: '/settings', scope: 'settings:read', refusalExpected: false },
  { path: '/branding/profiles', scope: 'branding:read', refusalExpected: false },
  { path: '/audit', query: { page: '1', per_page: '1' }, scope: 'audit:read', refusalExpected: false },
];

/** The read to verify a token with these scopes: the first read it should be allowed, else GET /nodes expecting 403. */
export function verificationRoute(scopes: readonly Scope[]): VerificationRoute {
  return READS.find((read) => scopes.includes(read.scope)) ?? { ...READS[0], refusalExpected: true };
}
