/**
 * What a failed attempt means for the caller: cancelled, timed out, unreachable, an untrusted
 * certificate, or (for a mutation that may have reached the panel) an unknown outcome; and whether a
 * read may be retried after it. Text from the underlying error is redacted by `clean`.
 */
import type { RouteSpec } from './catalog';
import {
  OutcomeUnknownError, PanelApiError, PanelCancelledError, PanelNetworkError, PanelTimeoutError,
} from './errors';

/** What decides how a failure is reported. */
export interface FailureContext {
  route: RouteSpec;
  /** The panel's origin, for messages. */
  origin: string;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number; totalMs?: number };
  callerSignal?: AbortSignal;
  deadline?: AbortSignal;
  /** The attempt's own headers and body timeouts (watchdog.ts), which hold on every pool. */
  watchdog?: { readonly fired?: 'headers' | 'body' };
  /** The request was handed to the connection pool (a mutation may have reached the panel). */
  dispatched: boolean;
  /** Redacts secrets from text taken from the underlying error. */
  clean(text: string): string;
  /** A client certificate was presented (an access gateway's mutual TLS). */
  clientCertificate?: boolean;
}

export interface Failure {
  error: PanelApiError;
  retryable: boolean;
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED', 'CERT_SIGNATURE_FAILURE', 'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The PanelApiError a failure stands for, and whether a read may be retried after it. */
export function classifyFailure(error: unknown, context: FailureContext): Failure {
  const { route } = context;
  if (error instanceof PanelApiError) return { error, retryable: false };
  const mutation = route.method !== 'GET';
  if (context.callerSignal?.aborted) {
    return {
      error: mutation && context.dispatched
        ? new OutcomeUnknownError(route, { kind: 'cancelled' })
        : new PanelCancelledError(route),
      retryable: false,
    };
  }
  if (context.deadline?.aborted) {
    return {
      error: mutation && context.dispatched
        ? new OutcomeUnknownError(route, { kind: 'deadline', ms: context.timeouts.totalMs })
        : new PanelTimeoutError('total', context.timeouts.totalMs, route),
      retryable: false,
    };
  }
  const watched = context.watchdog?.fired;
  if (watched) {
    return mutation && context.dispatched
      ? { error: new OutcomeUnknownError(route, { kind: 'timeout', phase: watched }), retryable: false }
      : { error: new PanelTimeoutError(watched, watched === 'headers' ? context.timeouts.headersMs : context.timeouts.bodyMs, route), retryable: true };
  }
  const codes = errorCodes(error);
  const code = codes[0];
  const detail = context.clean(`${code ?? 'error'}: ${error instanceof Error ? error.message : String(error)}`);
  if (isCertificateFailure(error)) {
    return {
      error: new PanelNetworkError({ kind: 'certificateRejected', origin: context.origin, detail }, { code, route }),
      retryable: false,
    };
  }
  if (isClientCertificateRefusal(codes)) {
    return {
      error: new PanelNetworkError({ kind: 'clientCertificateRefused', origin: context.origin, detail, presented: context.clientCertificate === true }, { code, route }),
      retryable: false,
    };
  }
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) {
    return { error: new PanelTimeoutError('connect', context.timeouts.connectMs, route), retryable: true };
  }
  if (codes.some((c) => NOT_SENT_CODES.has(c))) {
    return { error: new PanelNetworkError({ kind: 'unreachable', origin: context.origin, detail }, { code, route }), retryable: true };
  }
  const phase = codes.includes('UND_ERR_HEADERS_TIMEOUT') ? 'headers' : codes.includes('UND_ERR_BODY_TIMEOUT') ? 'body' : undefined;
  if (mutation) {
    return { error: new OutcomeUnknownError(route, phase ? { kind: 'timeout', phase } : { kind: 'failure', detail }), retryable: false };
  }
  if (phase) {
    return { error: new PanelTimeoutError(phase, phase === 'headers' ? context.timeouts.headersMs : context.timeouts.bodyMs, route), retryable: true };
  }
  return { error: new PanelNetworkError({ kind: 'connectionFailed', origin: context.origin, detail }, { code, route }), retryable: true };
}

/** The panel's certificate was refused (nothing was sent over that connection). */
export function isCertificateFailure(error: unknown): boolean {
  return errorCodes(error).some((c) => TLS_CODES.has(c) || c.startsWith('ERR_TLS_'));
}

/**
 * The TLS alerts a server sends when it wants a client certificate and got none, or refuses the one it got
 * (OpenSSL's names, as Node reports them). The server sends them in place of the handshake's end, before
 * it reads a request.
 */
const CLIENT_CERTIFICATE_ALERTS = /^ERR_SSL_(?:TLSV13_ALERT_CERTIFICATE_REQUIRED|SSLV3_ALERT_BAD_CERTIFICATE|SSLV3_ALERT_CERTIFICATE_UNKNOWN|SSLV3_ALERT_CERTIFICATE_EXPIRED|SSLV3_ALERT_CERTIFICATE_REVOKED|SSLV3_ALERT_UNSUPPORTED_CERTIFICATE|TLSV1_ALERT_UNKNOWN_CA|TLSV1_ALERT_ACCESS_DENIED)$/;

function isClientCertificateRefusal(codes: readonly string[]): boolean {
  return codes.some((c) => CLIENT_CERTIFICATE_ALERTS.test(c));
}

/** The TLS handshake failed because the server wants a client certificate (or refused the one it got). */
export function isClientCertificateAlert(error: unknown): boolean {
  return isClientCertificateRefusal(errorCodes(error));
}

/** `code` of an error and of its causes, outermost first. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}
