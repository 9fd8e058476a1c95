/**
 * Personal API tokens and the authorization rules of spec part 5: exactly one `Authorization: Bearer`
 * header, no session fallback, expired and revoked tokens refused, scope per route (write does not include
 * read), the account's current role on every request, viewers read-only, OWNER routes owner-only.
 * Only the SHA-256 digest and the public prefix of a secret are stored (spec 2.6).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Scope } from '../../src/api/catalog';
import { ApiError } from './apiError';
import type { SimRoute } from './routeTable';
import type { AccountName, AccountRecord, PanelData, TokenRecord } from './types';

export const TOKEN_PREFIX = 'pmt_';
const TOKEN_PATTERN = /^pmt_[0-9a-f]{40}$/;
const LAST_USE_RESOLUTION_MS = 60_000;
const DEFAULT_DURATION_MS = 30 * 24 * 3600_000;

/** The authenticated caller of one request. */
export interface Caller {
  readonly token: TokenRecord;
  readonly account: AccountRecord;
  readonly scopes: ReadonlySet<Scope>;
}

export interface IssueOptions {
  scopes: readonly Scope[];
  expiresAt?: Date;
  revoked?: boolean;
}

export class TokenAuthority {
  constructor(
    private readonly data: PanelData,
    private readonly now: () => Date,
  ) {}

  issue(account: AccountName, options: IssueOptions): { id: string; secret: string } {
    const secret = TOKEN_PREFIX + randomBytes(20).toString('hex');
    const created = this.now();
    const record: TokenRecord = {
      id: randomUUID(),
      account,
      prefix: TOKEN_PREFIX,
      digest: digestOf(secret),
      scopes: [...options.scopes],
      created_at: created.toISOString(),
      expires_at: (options.expiresAt ?? new Date(created.getTime() + DEFAULT_DURATION_MS)).toISOString(),
      revoked_at: options.revoked ? created.toISOString() : null,
      last_used_at: null,
    };
    this.data.tokens.push(record);
    return { id: record.id, secret };
  }

  revoke(secret: string): void {
    const record = this.find(secret);
    if (record && !record.revoked_at) record.revoked_at = this.now().toISOString();
  }

  /** Checks the Authorization header(s) of a request; throws a 401 ApiError when they do not authenticate. */
  authenticate(rawHeaders: readonly string[]): Caller {
    const values: string[] = [];
    for (let i = 0; i < rawHeaders.length; i += 2) {
      if (rawHeaders[i].toLowerCase() === 'authorization') values.push(rawHeaders[i + 1]);
    }
    if (values.length === 0) throw unauthorized('missing_credentials', 'missing Authorization header');
    if (values.length > 1) throw unauthorized('invalid_credentials', 'exactly one Authorization header is allowed');
    const match = /^Bearer ([^\s,]+)$/i.exec(values[0].trim());
    if (!match) throw unauthorized('invalid_credentials', 'the Authorization header must be "Bearer <token>"');
    const secret = match[1];
    const record = TOKEN_PATTERN.test(secret) ? this.find(secret) : undefined;
    if (!record) throw unauthorized('invalid_token', 'invalid token');
    const now = this.now();
    if (record.revoked_at) throw unauthorized('token_revoked', 'token revoked');
    if (Date.parse(record.expires_at) <= now.getTime()) throw unauthorized('token_expired', 'token expired');
    const account = this.data.accounts.get(record.account);
    if (!account) throw unauthorized('invalid_token', 'invalid token');
    if (!record.last_used_at || now.getTime() - Date.parse(record.last_used_at) >= LAST_USE_RESOLUTION_MS) {
      record.last_used_at = now.toISOString();
    }
    return { token: record, account, scopes: new Set(record.scopes) };
  }

  /** Scope and current-role checks for one catalog route; throws a 403 ApiError when refused. */
  authorize(caller: Caller, route: SimRoute): void {
    if (!caller.scopes.has(route.scope)) {
      throw new ApiError(403, 'insufficient_scope', `missing scope ${route.scope}: this route needs ${route.scope}`);
    }
    const role = caller.account.role;
    if (role === 'viewer' && route.scope.endsWith(':write')) {
      throw new ApiError(403, 'insufficient_role', `viewers can only read; ${route.scope} needs an owner or admin account`);
    }
    if (route.ownerOnly && role !== 'owner') {
      throw new ApiError(403, 'owner_only', `this route is owner-only (and needs ${route.scope})`);
    }
  }

  private find(secret: string): TokenRecord | undefined {
    const digest = digestOf(secret);
    return this.data.tokens.find((token) => token.digest === digest);
  }
}

function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function unauthorized(code: string, message: string): ApiError {
  return new ApiError(401, code, message, undefined, { 'WWW-Authenticate': 'Bearer realm="panel"' });
}
