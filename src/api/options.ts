/**
 * Options of the panel API client and the checks that run before anything is sent: the base URL must be
 * an origin, HTTPS unless the host is loopback, and a token must be a single visible-ASCII word.
 */
import type { AccessGateway } from './accessGateway';
import type { RouteSpec } from './catalog';
import { PanelConfigError, type ConfigProblem } from './errors';
import { englishReasonWords } from './failureWords';
import type { HostNetwork } from './route';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface TimeoutOptions {
  /** TCP + TLS connect, default 10 s. */
  connectMs?: number;
  /** From sending the request to the end of the response headers, default 30 s. */
  headersMs?: number;
  /** Longest silence while reading the body, default 30 s (streams: between chunks). */
  bodyMs?: number;
  /** Whole call including retries, default none. */
  totalMs?: number;
}

export interface RetryOptions {
  /** Attempts of a read in all (first try included), default 3; 1 disables retries. */
  maxAttempts?: number;
  /** First backoff step, default 300 ms; doubled per attempt, with full jitter. */
  baseDelayMs?: number;
  /** Cap of one backoff step, default 5 s. */
  maxDelayMs?: number;
  /** Cap of a server's Retry-After, default 30 s. */
  maxRetryAfterMs?: number;
}

/** Default cap of pages in flight (setting `panelOps.paging.maxConcurrency`). */
export const DEFAULT_MAX_CONCURRENCY = 16;
/** Largest cap accepted. */
export const MAX_CONCURRENCY = 64;

export interface PagingOptions {
  /** Most pages of `listAll` in flight at once (1 to 64, default 16); the client adapts below it. */
  maxConcurrency?: number;
}

export interface PanelClientOptions {
  /** Origin of the installed panel, e.g. `https://panel.example.com` (no path, query, fragment or credentials). */
  baseUrl: string;
  /** The personal API token, or a function that reads it (from SecretStorage) for each request. */
  token: string | (() => Promise<string>);
  /** Fills `{engine}` in `/nodes/{id}/{engine}-update`; default `mtg`. */
  engineName?: string;
  /** Fills `{messenger}` in `/settings/{messenger}/test`; default `telegram`. */
  messengerName?: string;
  timeouts?: TimeoutOptions;
  retry?: RetryOptions;
  /**
   * PEM certificates of a private CA, trusted in addition to the system's certificates: a connection is
   * first verified the way the platform does (in VS Code: its OS certificate store), and only a panel
   * whose certificate that refuses is verified again against these plus Node's roots.
   */
  caCertificates?: string[];
  /**
   * PEM of the one certificate the operator trusted for this panel (a self-signed panel): it is then the
   * only trust anchor of the panel's connections, so any other certificate is refused.
   */
  trustedCertificate?: string;
  paging?: PagingOptions;
  /**
   * What an access gateway in front of the panel asks for (extra headers, a client certificate), or a
   * function that reads it (from SecretStorage), called once per client before its first request. Header
   * values and the passphrase are redacted like the token and sent to the panel's origin only.
   */
  gateway?: AccessGateway | (() => Promise<AccessGateway | undefined>);
  /**
   * The last check before a request leaves (e.g. a panel the operator made read-only refuses every route
   * that changes it): throwing refuses the call and nothing is sent. Called once per call, with its catalog
   * route, before the token is read or anything is dispatched.
   */
  beforeSend?: (route: RouteSpec) => void;
  /**
   * Inside VS Code, the settings that decide a request's route (route.ts); where they decide it, requests
   * go that route through the client's own pool. Absent (plain Node): no proxy.
   */
  network?: HostNetwork;
  /** How long the panel keeps an idle connection when its answers do not say (`Keep-Alive: timeout=`); default 75 s (nginx). */
  keepAliveMs?: number;
  /** Receives one line per request and retry; lines never contain the token or the gateway's secrets. */
  log?: (level: LogLevel, message: string) => void;
}

/** Checks that the base URL is a bare origin over HTTPS (HTTP only for loopback hosts); returns the origin. */
export function panelOrigin(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new PanelConfigError({ kind: 'urlInvalid' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PanelConfigError({ kind: 'urlScheme', protocol: url.protocol });
  }
  if (url.username || url.password) {
    throw new PanelConfigError({ kind: 'urlCredentials' });
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || /[?#]/.test(baseUrl.trim().replace(/\/$/, ''))) {
    throw new PanelConfigError({ kind: 'urlNotOrigin', origin: url.origin });
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new PanelConfigError({ kind: 'urlPlainHttp', host: url.host });
  }
  return new URL(url.origin);
}

/** localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const octets = host.split('.');
  return octets.length === 4 && octets[0] === '127' && octets.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/**
 * Why a token cannot be used, or undefined when it can. A token is a single word of visible ASCII:
 * whitespace, control characters or anything else would corrupt or split the Authorization header.
 * The message never repeats the token.
 */
export function tokenProblem(token: unknown): string | undefined {
  const problem = tokenProblemOf(token);
  return problem && englishReasonWords({ kind: 'config', problem });
}

/** Why a token cannot be used, as data for the operator's words (reasonWords), or undefined when it can. */
export function tokenProblemOf(token: unknown): ConfigProblem | undefined {
  if (typeof token !== 'string' || token.length === 0) return { kind: 'tokenEmpty' };
  if (/\s/.test(token)) return { kind: 'tokenWhitespace' };
  if (/[\u0000-\u001f\u007f-\u009f]/.test(token)) return { kind: 'tokenControl' };
  if (!/^[\x21-\x7e]+$/.test(token)) return { kind: 'tokenNotHeader' };
  return undefined;
}

/** Throws PanelConfigError for a token that must not be sent. */
export function assertUsableToken(token: unknown): asserts token is string {
  const problem = tokenProblemOf(token);
  if (problem) throw new PanelConfigError(problem);
}
