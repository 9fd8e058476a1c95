/**
 * Errors of the panel API client. Every failure of a call is one of these, so the UI can tell
 * "the token was rejected" from "this token lacks a scope" from "the panel is unreachable" from
 * "a mutation may or may not have happened".
 *
 * None of them ever holds the token: messages are built from redacted text only (see redaction.ts).
 */
import type { RouteSpec, Scope } from './catalog';

/** Base class of every error the client throws. */
export class PanelApiError extends Error {
  /** The catalog route of the failing call, when it is known. */
  readonly route?: RouteSpec;

  constructor(message: string, route?: RouteSpec) {
    super(message);
    this.name = new.target.name;
    if (route) this.route = route;
  }

  /** The scope the failing route needs (e.g. `users:write`), for "needs …" explanations. */
  get requiredScope(): Scope | undefined {
    return this.route?.scope;
  }

  /** Plain data for logs and telemetry; never contains the token. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      route: this.route && `${this.route.method} ${this.route.path}`,
      requiredScope: this.requiredScope,
    };
  }
}

/** The panel answered with a status outside 2xx and the error envelope of spec part 2.5. */
export class PanelHttpError extends PanelApiError {
  readonly status: number;
  /** `error.code` of the envelope, e.g. `validation`. */
  readonly code: string;
  /** `error.message` of the envelope as the panel sent it (redacted); `message` adds context. */
  readonly panelMessage: string;
  /** Field validation errors (422), field name to explanation. */
  readonly fields?: Readonly<Record<string, string>>;
  /**
   * The panel's other words in its error object (`problems[]`, `errors[]`, `details[]`, `detail`, `reason`…;
   * the contract shows only `message` and `fields`), redacted; empty when it said nothing more.
   */
  readonly details: readonly string[];
  /** The answer's `Retry-After` in milliseconds (429, 503), when it had a readable one. */
  readonly retryAfterMs?: number;

  constructor(init: {
    status: number;
    code: string;
    panelMessage: string;
    fields?: Record<string, string>;
    details?: readonly string[];
    route?: RouteSpec;
    retryAfterMs?: number;
  }) {
    super(describeHttpError(init), init.route);
    this.details = Object.freeze([...(init.details ?? [])]);
    this.status = init.status;
    this.code = init.code;
    this.panelMessage = init.panelMessage;
    if (init.fields) this.fields = Object.freeze({ ...init.fields });
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, code: this.code, fields: this.fields, details: this.details };
  }
}

function describeHttpError(init: {
  status: number;
  code: string;
  panelMessage: string;
  fields?: Record<string, string>;
  details?: readonly string[];
  route?: RouteSpec;
}): string {
  const where = init.route ? `${init.route.method} ${init.route.path}` : 'the request';
  const fields = init.fields && Object.keys(init.fields).length > 0
    ? ` (${Object.entries(init.fields).map(([name, why]) => `${name}: ${why}`).join('; ')})`
    : '';
  const details = init.details && init.details.length > 0 ? ` (${init.details.join('; ')})` : '';
  const scope = init.status === 403 && init.route ? `; ${explainScope(init.route)}` : '';
  return `${init.panelMessage || 'no message'}${fields}${details} [HTTP ${init.status} ${init.code || 'error'}, ${where}${scope}]`;
}

/** "needs users:write", and "and an owner account" for owner-only routes. */
function explainScope(route: RouteSpec): string {
  return `needs ${route.scope}${route.ownerOnly ? ' and an owner account' : ''}`;
}

/** The panel answered, but not with what the route promises: an HTML page, an empty body, malformed JSON. */
export class PanelResponseFormatError extends PanelApiError {
  readonly status: number;
  /** The Content-Type header as received ('' when absent). */
  readonly contentType: string;
  /** The answer's `Retry-After` in milliseconds (a proxy's 429 or 503 page), when it had a readable one. */
  readonly retryAfterMs?: number;

  constructor(init: { status: number; contentType: string; problem: string; route?: RouteSpec; retryAfterMs?: number }) {
    const type = init.contentType || 'no content type';
    const where = init.route ? `${init.route.method} ${init.route.path}` : 'the request';
    super(`The panel answered ${where} with HTTP ${init.status} (${type}) but ${init.problem}`, init.route);
    this.status = init.status;
    this.contentType = init.contentType;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, contentType: this.contentType };
  }
}

/**
 * A mutation was sent but its response was lost (connection reset or closed, body timeout, cancelled in
 * flight). The panel may or may not have applied it: re-read the state before trying again (spec 7.3).
 */
export class OutcomeUnknownError extends PanelApiError {
  constructor(route: RouteSpec, reason: string) {
    super(
      `The response to ${route.method} ${route.path} was lost (${reason}). The change may or may not have been ` +
        'applied; re-read the current state before trying again.',
      route,
    );
  }
}

/** The panel could not be reached, or the connection failed before a request was sent (or during a read). */
export class PanelNetworkError extends PanelApiError {
  /** The system or undici error code, e.g. `ECONNREFUSED`. */
  readonly code?: string;
  /** The panel's TLS certificate was not trusted (self-signed, private CA, wrong host name, expired). */
  readonly certificateRejected: boolean;

  constructor(message: string, init: { code?: string; route?: RouteSpec; certificateRejected?: boolean } = {}) {
    super(message, init.route);
    if (init.code) this.code = init.code;
    this.certificateRejected = init.certificateRejected ?? false;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), code: this.code };
  }
}

/**
 * The panel no longer presents the certificate the operator trusted for it: nothing was sent. The UI words
 * it (with both fingerprints and how to re-trust); the message here is the English one, for logs.
 */
export class PanelCertificateChangedError extends PanelNetworkError {
  constructor(
    readonly origin: string,
    /** SHA-256 fingerprint of the certificate trusted for this panel. */
    readonly trustedFingerprint: string,
    /** SHA-256 fingerprint of the certificate the panel presents now. */
    readonly presentedFingerprint: string,
  ) {
    super(
      `The certificate of ${origin} changed and was refused: you trusted SHA-256 ${trustedFingerprint}, the panel now presents SHA-256 ${presentedFingerprint}. ` +
        'If you expect this change, run "Forget Trusted Certificate" for this panel and connect again to trust the new one.',
      { code: 'CERTIFICATE_CHANGED', certificateRejected: true },
    );
  }
}

/** A connect, headers, body or overall timeout expired. */
export class PanelTimeoutError extends PanelApiError {
  readonly phase: 'connect' | 'headers' | 'body' | 'total';

  constructor(phase: PanelTimeoutError['phase'], ms: number | undefined, route?: RouteSpec) {
    const where = route ? `${route.method} ${route.path}` : 'the request';
    super(`The panel did not answer ${where} in time (${phase} timeout${ms ? ` of ${ms} ms` : ''})`, route);
    this.phase = phase;
  }
}

/** The caller cancelled the call through its AbortSignal. */
export class PanelCancelledError extends PanelApiError {
  constructor(route?: RouteSpec) {
    super(`${route ? `${route.method} ${route.path}` : 'The request'} was cancelled`, route);
  }
}

/** The panel redirected to another origin; the client does not follow, so the token stays on the panel's origin. */
export class PanelRedirectError extends PanelApiError {
  readonly status: number;
  /** Origin of the redirect target (the rest of the location is not kept). */
  readonly targetOrigin: string;

  constructor(init: { status: number; targetOrigin: string; reason: string; route?: RouteSpec }) {
    const where = init.route ? `${init.route.method} ${init.route.path}` : 'the request';
    super(`The panel redirected ${where} (HTTP ${init.status}) to ${init.targetOrigin}: ${init.reason}`, init.route);
    this.status = init.status;
    this.targetOrigin = init.targetOrigin;
  }
}

/** A route (method and path) that the catalog of spec part 4.2 does not list; nothing was sent. */
export class RouteNotInCatalogError extends PanelApiError {
  constructor(description: string) {
    super(`${description} is not in the route catalog of the personal-token API, so it was not sent`);
  }
}

/**
 * The client's configuration or a call is unsafe or malformed: a URL that is not an origin, plain HTTP to a
 * remote host, a malformed token, the token in a path or query value. Nothing was sent.
 */
export class PanelConfigError extends PanelApiError {}

/** The request body holds a value JSON cannot represent (NaN, Infinity, a cycle, a function...); nothing was sent. */
export class PanelRequestBodyError extends PanelApiError {
  constructor(route: RouteSpec, problem: string) {
    super(`The body of ${route.method} ${route.path} cannot be sent as JSON: ${problem}. Nothing was sent.`, route);
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof PanelHttpError || error instanceof PanelResponseFormatError) return error.status;
  return undefined;
}

/** The panel rejected the token (401: missing, invalid, expired or revoked). */
export function isTokenRejected(error: unknown): boolean {
  return statusOf(error) === 401;
}

/** The token lacks the scope, or the account's role forbids the route (403). */
export function isScopeDenied(error: unknown): boolean {
  return statusOf(error) === 403;
}

/**
 * A mutation whose answer was lost, or a 2xx answer that could not be read: the panel may hold the change,
 * so the caller re-reads what it holds instead of sending the change again (spec 7.3).
 */
export function isLostAnswer(error: unknown): boolean {
  return error instanceof OutcomeUnknownError || (error instanceof PanelResponseFormatError && error.status >= 200 && error.status < 300);
}
