/**
 * The words of a failure reason (errors.ts), in ONE place for both languages: `englishWords` gives the
 * English `message` the errors carry for logs, `vscode.l10n.t` (passed by describeError) the operator's
 * language. So the two cannot drift apart, and a reason kind without words does not compile. Values that
 * come from the panel or the underlying error (`panelMessage`, `detail`, `problem`…) are put in as they are.
 * No vscode import here: src/api runs in plain Node.
 */
import type { ClientReason, ConfigProblem, ExpectedBody, FormatProblem, LostReason, RedirectRefusal, TimeoutPhase } from './failureReasons';

/** `vscode.l10n.t`'s form: a message with `{0}` placeholders and its arguments. */
export type Words = (message: string, ...args: Array<string | number | boolean>) => string;

/** The English message with its placeholders filled (what `vscode.l10n.t` gives without a translation). */
export const englishWords: Words = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (placeholder, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : placeholder));

/** One reason in words. */
export function reasonWords(reason: ClientReason, t: Words): string {
  switch (reason.kind) {
    case 'panelAnswer': {
      const fields = reason.fields && Object.keys(reason.fields).length > 0
        ? ` (${Object.entries(reason.fields).map(([name, why]) => `${name}: ${why}`).join('; ')})`
        : '';
      const details = reason.details.length > 0 ? ` (${reason.details.join('; ')})` : '';
      const where = reason.call ?? t('the request');
      const scope = reason.scope === undefined ? '' : `; ${reason.ownerOnly ? t('needs {0} and an owner account', reason.scope) : t('needs {0}', reason.scope)}`;
      return `${reason.panelMessage || t('no message')}${fields}${details} [HTTP ${reason.status} ${reason.code || 'error'}, ${where}${scope}]`;
    }
    case 'responseFormat':
      return t('The panel answered {0} with HTTP {1} ({2}) but {3}', reason.call ?? t('the request'), reason.status, reason.contentType || t('no content type'), formatProblemWords(reason.problem, t));
    case 'lostAnswer':
      return t('The response to {0} was lost ({1}). The change may or may not have been applied; re-read the current state before trying again.', reason.call, lostWords(reason.lost, t));
    case 'unreachable':
      return t('Could not reach the panel at {0} ({1})', reason.origin, reason.detail);
    case 'connectionFailed':
      return t('The connection to {0} failed ({1})', reason.origin, reason.detail);
    case 'certificateRejected':
      return t('The TLS certificate of {0} was not accepted ({1}). If the panel uses a self-signed certificate or a private CA, add that CA certificate (PEM) to the extra CA certificates of the connection.', reason.origin, reason.detail);
    case 'certificateChanged':
      return t(
        'The certificate of {0} changed and was refused: you trusted SHA-256 {1}, the panel now presents SHA-256 {2}. If you expect this change, run "Forget Trusted Certificate" for this panel and connect again to trust the new one.',
        reason.origin,
        reason.trustedFingerprint,
        reason.presentedFingerprint,
      );
    case 'clientCertificateRefused':
      return reason.presented
        ? t('{0} refused the client certificate in the TLS handshake ({1}). Check that the access gateway trusts its issuer and that it has not expired.', reason.origin, tlsAlertWords(reason.detail, t))
        : t('{0} asks for a client certificate in the TLS handshake ({1}); set one with "Set Access Gateway…".', reason.origin, tlsAlertWords(reason.detail, t));
    case 'timeout':
      return t('The panel did not answer {0} in time ({1})', reason.call ?? t('the request'), timeoutWords(reason.phase, reason.ms, t));
    case 'cancelled':
      return reason.call ? t('{0} was cancelled', reason.call) : t('The request was cancelled');
    case 'redirect':
      return t('The panel redirected {0} (HTTP {1}) to {2}: {3}', reason.call ?? t('the request'), reason.status, reason.refusal.kind === 'unreadableLocation' ? t('an unreadable location') : reason.targetOrigin, refusalWords(reason.refusal, t));
    case 'notInCatalog': {
      const miss = reason.miss;
      const what = miss.kind === 'routeId'
        ? t('Route "{0}"', miss.id)
        : miss.notRelative ? t('{0} (give a path relative to /api/v1, with the query in `query`)', miss.call) : miss.call;
      return t('{0} is not in the route catalog of the personal-token API, so it was not sent', what);
    }
    case 'config':
      return configWords(reason.problem, t);
    case 'requestBody':
      return t('The body of {0} cannot be sent as JSON: {1}. Nothing was sent.', reason.call, reason.problem);
  }
}

/**
 * What a TLS alert says, from the error's code and OpenSSL's message ("ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED:
 * …:tlsv13 alert certificate required:…"), in words: OpenSSL's internals (library codes, source files) are left out.
 */
export function tlsAlertWords(detail: string, t: Words): string {
  const text = detail.replace(/_/g, ' ');
  if (/certificate required/i.test(text)) return t('the gateway wants a client certificate');
  if (/unknown ca/i.test(text)) return t('the gateway does not trust the certificate\'s issuer');
  if (/certificate expired/i.test(text)) return t('the certificate has expired');
  if (/certificate revoked/i.test(text)) return t('the certificate was revoked');
  if (/bad certificate|unsupported certificate|certificate unknown/i.test(text)) return t('the gateway did not accept the certificate');
  if (/access denied/i.test(text)) return t('the gateway denied access');
  if (/handshake failure/i.test(text)) return t('the TLS handshake failed');
  return t('the TLS handshake was refused');
}

function expectedWords(expected: ExpectedBody, t: Words): string {
  switch (expected) {
    case 'json': return 'JSON';
    case 'errorObject': return t('the JSON error object of the API');
  }
}

function formatProblemWords(problem: FormatProblem, t: Words): string {
  switch (problem.kind) {
    case 'emptyBody':
      return problem.expected ? t('sent an empty body instead of {0}', expectedWords(problem.expected, t)) : t('sent an empty body');
    case 'htmlPage':
      return problem.expected
        ? t('sent an HTML page instead of {0} (a reverse proxy, login page or wrong URL in the way?)', expectedWords(problem.expected, t))
        : t('sent an HTML page (a reverse proxy, login page or wrong URL in the way?)');
    case 'notJson': return t('sent something other than {0}', expectedWords(problem.expected, t));
    case 'malformedJson': return t('sent malformed JSON');
    case 'notErrorObject': return t('sent JSON that is not the error object of the API');
    case 'tooLarge': return t('sent more than {0} bytes', problem.limit);
  }
}

function lostWords(lost: LostReason, t: Words): string {
  switch (lost.kind) {
    case 'cancelled': return t('cancelled before the answer arrived');
    case 'deadline': return t('no answer within {0} ms', String(lost.ms));
    case 'timeout': return lost.phase === 'headers' ? t('headers timeout') : t('body timeout');
    case 'failure': return lost.detail;
  }
}

function timeoutWords(phase: TimeoutPhase, ms: number | undefined, t: Words): string {
  switch (phase) {
    case 'connect': return ms ? t('connect timeout of {0} ms', ms) : t('connect timeout');
    case 'headers': return ms ? t('headers timeout of {0} ms', ms) : t('headers timeout');
    case 'body': return ms ? t('body timeout of {0} ms', ms) : t('body timeout');
    case 'total': return ms ? t('total timeout of {0} ms', ms) : t('total timeout');
  }
}

function refusalWords(refusal: RedirectRefusal, t: Words): string {
  switch (refusal.kind) {
    case 'unreadableLocation': return t('the redirect was not followed');
    case 'otherOrigin': return t('another origin is never sent the token, so the redirect was not followed; check the panel URL ({0})', refusal.origin);
    case 'notRead': return t('only reads follow redirects; the change was not sent again');
    case 'outsideApi': return t('the target is outside {0}', refusal.prefix);
    case 'tooMany': return t('more than {0} redirects', refusal.max);
  }
}

function configWords(problem: ConfigProblem, t: Words): string {
  switch (problem.kind) {
    case 'urlInvalid': return t('The panel URL is not a valid URL; expected an origin such as https://panel.example.com');
    case 'urlScheme': return t('The panel URL must start with https:// (got {0})', problem.protocol);
    case 'urlCredentials': return t('The panel URL must not contain a user name or password; the token is entered separately');
    case 'urlNotOrigin': return t('The panel URL must be an origin only, such as {0}; the client adds /api/v1 itself (remove the path, query or fragment)', problem.origin);
    case 'urlPlainHttp': return t('Plain HTTP is only allowed for loopback hosts; use https://{0} so the token is not sent in clear text', problem.host);
    case 'tokenEmpty': return t('The API token is empty');
    case 'tokenWhitespace': return t('The API token contains whitespace; paste only the token itself');
    case 'tokenControl': return t('The API token contains control characters');
    case 'tokenNotHeader': return t('The API token contains characters that cannot be sent in an HTTP header');
    case 'tokenUnreadable': return t('The API token could not be read: {0}', problem.reason);
    case 'tokenInUrl': return t('{0} was not sent: a path or query value holds the API token, and the token must never be sent in a URL', problem.call);
    case 'missingParam': return t('{0} needs a value for {1}', problem.call, `{${problem.name}}`);
    case 'pathSegment': return t('{0} must be a single path segment of letters, digits, - or _', problem.option);
    case 'gatewayHeaderName': return t('"{0}" is not an HTTP header name (letters, digits and !#$%&\'*+-.^_`|~ only, no spaces or colons)', problem.name);
    case 'gatewayHeaderRefused': return t('The header {0} cannot be set for an access gateway: the token goes in Authorization, and the connection\'s own headers (Host, Content-Length, Cookie, Proxy-…, Accept, User-Agent) belong to the HTTP stack', problem.name);
    case 'gatewayHeaderTwice': return t('The header {0} is given twice', problem.name);
    case 'gatewayHeaderValue': return t('The value of {0} cannot be sent in an HTTP header: it is empty, starts or ends with a space, or holds a line break or another control character', problem.name);
    case 'gatewayUnreadable': return t('The access gateway settings could not be read: {0}', problem.reason);
    case 'clientCertificateUnreadable': return t('The client certificate file {0} could not be read: {1}', problem.path, problem.reason);
    case 'clientCertificateUnusable': return t('The client certificate file {0} cannot be used: {1}', problem.path, problem.reason);
    case 'clientCertificateNeedsHttps': return t('A client certificate is presented in a TLS handshake: it needs an https:// panel');
  }
}
