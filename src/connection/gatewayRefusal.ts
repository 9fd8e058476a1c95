/**
 * What the gateway step says after an access gateway refused the check: a short headline (the row's label),
 * the rest (its detail: who refused and what to choose in this same step), and the row that fixes it (the
 * one highlighted). No vscode import: the words come through `t` (vscode.l10n.t), so plain Node tests read them.
 */
import { tlsAlertWords, type Words } from '../api/reasonWords';

/** The row of the gateway step that fixes a refusal. */
export type GatewayFix = 'certificate' | 'header';

/** Why the gateway step opens again: `message` in full; `headline` and `fix` when the refusal is known. */
export interface GatewayProblem {
  readonly message: string;
  /** The short sentence `message` starts with. */
  readonly headline?: string;
  readonly fix?: GatewayFix;
}

function problemOf(headline: string, rest: string, fix: GatewayFix): Required<GatewayProblem> {
  return { headline, message: `${headline} ${rest}`, fix };
}

/** The TLS handshake was refused for want of a client certificate (`presented` false) or refused the one given. */
export function clientCertificateProblem(origin: string, alert: string, presented: boolean, t: Words): Required<GatewayProblem> {
  return presented
    ? problemOf(
      t('The access gateway refused the client certificate (mutual TLS).'),
      t('{0} ended the TLS handshake: {1}. Check that the gateway trusts the certificate\'s issuer and that it has not expired, or choose another with "Client Certificate…" in this step.', origin, tlsAlertWords(alert, t)),
      'certificate',
    )
    : problemOf(
      t('The access gateway asked for a client certificate (mutual TLS) and none was given.'),
      t('{0} ended the TLS handshake: {1}. Choose "Client Certificate…" in this step: a PEM file with the certificate and its key, or a PKCS#12 file.', origin, tlsAlertWords(alert, t)),
      'certificate',
    );
}

/** Something in front of the panel answered the check with its own web page (HTTP 400, 401, 403 or 407). */
export function gatewayPageProblem(origin: string, status: number, t: Words): Required<GatewayProblem> {
  return problemOf(
    t('Something in front of the panel refused the check (HTTP {0}).', status),
    t('{0} answered with an HTML page, not the panel\'s API: an access gateway, likely. Add the headers it asks for with "Add Header…" in this step (e.g. CF-Access-Client-Id and CF-Access-Client-Secret), or choose a client certificate.', origin),
    'header',
  );
}

/** Something in front of the panel redirected the check to another origin (a gateway's login page); it was not followed. */
export function gatewayRedirectProblem(origin: string, target: string, t: Words): Required<GatewayProblem> {
  return problemOf(
    t('Something in front of the panel redirected the check to {0}.', target),
    t('Another origin is never sent the token, so the redirect was not followed. If {0} is behind an access gateway, add the headers it asks for with "Add Header…" in this step, or choose a client certificate.', origin),
    'header',
  );
}
