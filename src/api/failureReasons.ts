/**
 * Why a call of the panel API client failed, as data (the error classes in errors.ts carry one): the UI puts
 * it in the operator's language (reasonWords.ts), the errors' `message` holds the English words for logs.
 */
import type { Scope } from './catalog';

/** Which timeout expired. */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'total';

/** What a body should have been, in a response-format problem. */
export type ExpectedBody = 'json' | 'errorObject';

/** What is wrong with an answer the panel sent (PanelResponseFormatError). */
export type FormatProblem =
  | { kind: 'emptyBody'; expected?: ExpectedBody }
  | { kind: 'htmlPage'; expected?: ExpectedBody }
  | { kind: 'notJson'; expected: ExpectedBody }
  | { kind: 'malformedJson' }
  | { kind: 'notErrorObject' }
  | { kind: 'tooLarge'; limit: number };

/** Why a mutation's answer was lost (OutcomeUnknownError). `detail` is the underlying error's code and text. */
export type LostReason =
  | { kind: 'cancelled' }
  | { kind: 'deadline'; ms?: number }
  | { kind: 'timeout'; phase: 'headers' | 'body' }
  | { kind: 'failure'; detail: string };

/** Why a redirect was not followed (PanelRedirectError). */
export type RedirectRefusal =
  | { kind: 'unreadableLocation' }
  | { kind: 'otherOrigin'; origin: string }
  | { kind: 'notRead' }
  | { kind: 'outsideApi'; prefix: string }
  | { kind: 'tooMany'; max: number };

/** What was asked for that the route catalog does not hold (RouteNotInCatalogError). */
export type CatalogMiss =
  | { kind: 'call'; call: string; notRelative?: boolean }
  | { kind: 'routeId'; id: string };

/** What is unsafe or malformed in the configuration or a call (PanelConfigError). */
export type ConfigProblem =
  | { kind: 'urlInvalid' }
  | { kind: 'urlScheme'; protocol: string }
  | { kind: 'urlCredentials' }
  | { kind: 'urlNotOrigin'; origin: string }
  | { kind: 'urlPlainHttp'; host: string }
  | { kind: 'tokenEmpty' }
  | { kind: 'tokenWhitespace' }
  | { kind: 'tokenControl' }
  | { kind: 'tokenNotHeader' }
  | { kind: 'tokenUnreadable'; reason: string }
  | { kind: 'tokenInUrl'; call: string }
  | { kind: 'missingParam'; call: string; name: string }
  | { kind: 'pathSegment'; option: string }
  | { kind: 'gatewayHeaderName'; name: string }
  | { kind: 'gatewayHeaderRefused'; name: string }
  | { kind: 'gatewayHeaderTwice'; name: string }
  | { kind: 'gatewayHeaderValue'; name: string }
  | { kind: 'gatewayUnreadable'; reason: string }
  | { kind: 'clientCertificateUnreadable'; path: string; reason: string }
  | { kind: 'clientCertificateUnusable'; path: string; reason: string }
  | { kind: 'clientCertificateNeedsHttps' };

/**
 * Why a call failed, as data: the UI puts it in the operator's language (reasonWords.ts, given vscode.l10n.t),
 * `message` holds the English words for logs. `call` is "METHOD /path" of the route, when known. Values
 * named `detail`, `reason`, `problem` and `panelMessage` are text of the underlying error or the panel.
 */
export type ClientReason =
  | { kind: 'panelAnswer'; status: number; code: string; panelMessage: string; fields?: Readonly<Record<string, string>>; details: readonly string[]; call?: string; scope?: Scope; ownerOnly?: boolean }
  | { kind: 'responseFormat'; status: number; contentType: string; problem: FormatProblem; call?: string }
  | { kind: 'lostAnswer'; call: string; lost: LostReason }
  | { kind: 'unreachable'; origin: string; detail: string }
  | { kind: 'connectionFailed'; origin: string; detail: string }
  | { kind: 'certificateRejected'; origin: string; detail: string }
  | { kind: 'certificateChanged'; origin: string; trustedFingerprint: string; presentedFingerprint: string }
  /** The TLS handshake refused the client certificate, or asked for one and none was configured. */
  | { kind: 'clientCertificateRefused'; origin: string; detail: string; presented: boolean }
  | { kind: 'timeout'; phase: TimeoutPhase; ms?: number; call?: string }
  | { kind: 'cancelled'; call?: string }
  | { kind: 'redirect'; status: number; targetOrigin: string; refusal: RedirectRefusal; call?: string }
  | { kind: 'notInCatalog'; miss: CatalogMiss }
  | { kind: 'config'; problem: ConfigProblem }
  | { kind: 'requestBody'; call: string; problem: string };
