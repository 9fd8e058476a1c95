/**
 * Errors of the panel API client. Every failure of a call is one of these, so the UI can tell
 * "the token was rejected" from "this token lacks a scope" from "the panel is unreachable" from
 * "a mutation may or may not have happened".
 *
 * None of them ever holds the token: messages are built from redacted text only (see redaction.ts).
 */
import type { RouteSpec, Scope } from './catalog';
import type { TimeoutPhase, FormatProblem, LostReason, RedirectRefusal, CatalogMiss, ConfigProblem, ClientReason } from './failureReasons';
import { englishReasonWords } from './failureWords';

export type { TimeoutPhase, ExpectedBody, FormatProblem, LostReason, RedirectRefusal, CatalogMiss, ConfigProblem, ClientReason } from './failureReasons';

/** "GET /users/{id}" of a route. */
export function callOf(route: RouteSpec): string;
export function callOf(route: RouteSpec | undefined): string | undefined;
export function callOf(route: RouteSpec | undefined): string | undefined {
  return route && `${route.method} ${route.path}`;
}

/** Base class of every error the client throws. */
export class PanelApiError extends Error {
  /** The catalog route of the failing call, when it is known. */
  readonly route?: RouteSpec;
  /** Why the call failed, as data for the UI's words (`message` is the English, for logs). */
  readonly reason?: ClientReason;

  constructor(message: string | ClientReason, route?: RouteSpec) {
    super(typeof message === 'string' ? message : englishReason(message));
    this.name = new.target.name;
    if (route) this.route = route;
    if (typeof message !== 'string') this.reason = message;
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
    super({
      kind: 'panelAnswer',
      status: init.status,
      code: init.code,
      panelMessage: init.panelMessage,
      ...(init.fields ? { fields: init.fields } : {}),
      details: init.details ?? [],
      call: callOf(init.route),
      ...(init.status === 403 && init.route ? { scope: init.route.scope, ownerOnly: init.route.ownerOnly ?? false } : {}),
    }, init.route);
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

/** The panel answered, but not with what the route promises: an HTML page, an empty body, malformed JSON. */
export class PanelResponseFormatError extends PanelApiError {
  readonly status: number;
  /** The Content-Type header as received ('' when absent). */
  readonly contentType: string;
  /** The answer's `Retry-After` in milliseconds (a proxy's 429 or 503 page), when it had a readable one. */
  readonly retryAfterMs?: number;

  constructor(init: { status: number; contentType: string; problem: FormatProblem; route?: RouteSpec; retryAfterMs?: number }) {
    super({ kind: 'responseFormat', status: init.status, contentType: init.contentType, problem: init.problem, call: callOf(init.route) }, init.route);
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
  constructor(route: RouteSpec, lost: LostReason) {
    super({ kind: 'lostAnswer', call: callOf(route), lost }, route);
  }
}

/** The panel could not be reached, or the connection failed before a request was sent (or during a read). */
export class PanelNetworkError extends PanelApiError {
  /** The system or undici error code, e.g. `ECONNREFUSED`. */
  readonly code?: string;
  /** The panel's TLS certificate was not trusted (self-signed, private CA, wrong host name, expired). */
  readonly certificateRejected: boolean;
  /** The panel (or its access gateway) refused the client certificate, or wanted one and got none. */
  readonly clientCertificateRefused: boolean;

  constructor(
    reason: Extract<ClientReason, { kind: 'unreachable' | 'connectionFailed' | 'certificateRejected' | 'certificateChanged' | 'clientCertificateRefused' }>,
    init: { code?: string; route?: RouteSpec } = {},
  ) {
    super(reason, init.route);
    if (init.code) this.code = init.code;
    this.certificateRejected = reason.kind === 'certificateRejected' || reason.kind === 'certificateChanged';
    this.clientCertificateRefused = reason.kind === 'clientCertificateRefused';
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
    super({ kind: 'certificateChanged', origin, trustedFingerprint, presentedFingerprint }, { code: 'CERTIFICATE_CHANGED' });
  }
}

/** A connect, headers, body or overall timeout expired. */
export class PanelTimeoutError extends PanelApiError {
  readonly phase: TimeoutPhase;

  constructor(phase: TimeoutPhase, ms: number | undefined, route?: RouteSpec) {
    super({ kind: 'timeout', phase, ...(ms ? { ms } : {}), call: callOf(route) }, route);
    this.phase = phase;
  }
}

/** The caller cancelled the call through its AbortSignal. */
export class PanelCancelledError extends PanelApiError {
  constructor(route?: RouteSpec) {
    super({ kind: 'cancelled', call: callOf(route) }, route);
  }
}

/** A call its caller cancelled: the client's `PanelCancelledError`, or an `AbortError` from an aborted signal. */
export function isCancelled(error: unknown): boolean {
  return error instanceof PanelCancelledError || (error instanceof Error && error.name === 'AbortError');
}

/** The panel redirected to another origin; the client does not follow, so the token stays on the panel's origin. */
export class PanelRedirectError extends PanelApiError {
  readonly status: number;
  /** Origin of the redirect target (the rest of the location is not kept). */
  readonly targetOrigin: string;

  constructor(init: { status: number; targetOrigin: string; refusal: RedirectRefusal; route?: RouteSpec }) {
    super({ kind: 'redirect', status: init.status, targetOrigin: init.targetOrigin, refusal: init.refusal, call: callOf(init.route) }, init.route);
    this.status = init.status;
    this.targetOrigin = init.targetOrigin;
  }
}

/** A route (method and path) that the catalog of spec part 4.2 does not list; nothing was sent. */
export class RouteNotInCatalogError extends PanelApiError {
  constructor(miss: CatalogMiss) {
    super({ kind: 'notInCatalog', miss });
  }
}

/**
 * The client's configuration or a call is unsafe or malformed: a URL that is not an origin, plain HTTP to a
 * remote host, a malformed token, the token in a path or query value. Nothing was sent.
 */
export class PanelConfigError extends PanelApiError {
  constructor(problem: ConfigProblem, route?: RouteSpec) {
    super({ kind: 'config', problem }, route);
  }
}

/** The request body holds a value JSON cannot represent (NaN, Infinity, a cycle, a function...); nothing was sent. */
export class PanelRequestBodyError extends PanelApiError {
  constructor(route: RouteSpec, problem: string) {
    super({ kind: 'requestBody', call: callOf(route), problem }, route);
  }
}

/** The English words of a reason: the errors' `message`, for logs (the UI's are reasonWords' with vscode.l10n.t). */
function englishReason(reason: ClientReason): string {
  return englishReasonWords(reason);
}

/**
 * The status of an answer that may be the panel's refusal. An HTML page is never the API's answer: a 401 or
 * 403 page comes from something in front of the panel (an access gateway, a login page), so it neither
 * rejects the token nor denies a scope. Other bodies that are not the API's error object still count: a
 * panel may word its refusals its own way.
 */
function statusOf(error: unknown): number | undefined {
  if (error instanceof PanelHttpError) return error.status;
  if (error instanceof PanelResponseFormatError) return error.reason?.kind === 'responseFormat' && error.reason.problem.kind === 'htmlPage' ? undefined : error.status;
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
