import * as vscode from 'vscode';
import type { Scope } from '../api/catalog';
import { isScopeDenied, isTokenRejected, PanelConfigError, PanelNetworkError, PanelRedirectError, PanelResponseFormatError } from '../api/errors';
import type { PanelClientOptions } from '../api/index';
import { presentedCertificate, type CertificateFacts } from '../api/presentedCertificate';
import { createPanelApi, wantsClientCertificate } from './panelClient';
import { describeError } from '../text/describeError';
import { verificationRoute } from './verificationRoute';
import { clientCertificateProblem, gatewayPageProblem, gatewayRedirectProblem, type GatewayFix } from './gatewayRefusal';

/** What went wrong, and which input the user should fix (the others are kept). */
export interface ConnectionProblem {
  readonly step: 'url' | 'gateway' | 'token' | 'scopes';
  readonly message: string;
  /** An access gateway's refusal: the short sentence `message` starts with, and the gateway step's row that fixes it. */
  readonly headline?: string;
  readonly fix?: GatewayFix;
  /** The panel's certificate was refused and no certificate is trusted for it yet: the one it presents. */
  readonly untrustedCertificate?: CertificateFacts;
}

/**
 * Checks the URL and token with one cheap read the chosen scopes allow, before anything is saved.
 * Resolves undefined when the panel accepted the token.
 */
export async function verifyConnection(
  options: PanelClientOptions,
  scopes: readonly Scope[],
  signal?: AbortSignal,
): Promise<ConnectionProblem | undefined> {
  const route = verificationRoute(scopes);
  let api;
  try {
    api = createPanelApi(options);
  } catch (error) {
    return { step: 'url', message: error instanceof Error ? error.message : String(error) };
  }
  try {
    await api.call('GET', route.path, { query: route.query, signal });
    return undefined;
  } catch (error) {
    const gateway = await gatewayRefusal(error, options);
    if (gateway) return gateway;
    // A refusal that is not the API's error object may be an access gateway's (one that answers JSON).
    const maybeGateway = error instanceof PanelResponseFormatError ? ` ${gatewayHint()}` : '';
    if (isTokenRejected(error)) {
      return { step: 'token', message: vscode.l10n.t('The panel rejected the token: it is invalid, expired or revoked.') + maybeGateway };
    }
    if (isScopeDenied(error)) {
      if (route.refusalExpected) return undefined;
      return {
        step: 'scopes',
        message: vscode.l10n.t(
          'The token works but lacks {0} (GET {1} was refused), or the account\'s role does not allow it. Pick the scopes the token was created with.',
          route.scope,
          route.path,
        ) + maybeGateway,
      };
    }
    if (error instanceof PanelConfigError) return { step: configStep(error), message: describeError(error) };
    if (error instanceof PanelNetworkError && error.certificateRejected && !options.trustedCertificate) {
      const untrustedCertificate = await presentedCertificate(new URL(options.baseUrl).origin).catch(() => undefined);
      return {
        step: 'url',
        message: vscode.l10n.t('Could not check the panel at {0}: {1}', options.baseUrl, describeError(error)),
        ...(untrustedCertificate ? { untrustedCertificate } : {}),
      };
    }
    return { step: 'url', message: vscode.l10n.t('Could not check the panel at {0}: {1}', options.baseUrl, describeError(error)) };
  } finally {
    void api.close();
  }
}

/**
 * A refusal by something in front of the panel rather than by the panel: an access gateway. It answers
 * 400, 401 or 403 with its own HTML page (one that answers JSON is told apart only by a hint, as a panel may
 * word its own refusals in JSON of its own), redirects to a login page elsewhere, or refuses the TLS
 * handshake for want of a client certificate (undici reports that as a closed socket, so the origin is
 * asked once more, through Node's TLS, which names the alert).
 */
async function gatewayRefusal(error: unknown, options: PanelClientOptions): Promise<ConnectionProblem | undefined> {
  const origin = new URL(options.baseUrl);
  const t = vscode.l10n.t;
  if (error instanceof PanelResponseFormatError && [400, 401, 403, 407].includes(error.status) && error.reason?.kind === 'responseFormat' && error.reason.problem.kind === 'htmlPage') {
    return { step: 'gateway', ...gatewayPageProblem(origin.origin, error.status, t) };
  }
  if (error instanceof PanelRedirectError && error.reason?.kind === 'redirect' && error.reason.refusal.kind === 'otherOrigin') {
    return { step: 'gateway', ...gatewayRedirectProblem(origin.origin, error.reason.targetOrigin, t) };
  }
  if (error instanceof PanelNetworkError && error.reason?.kind === 'clientCertificateRefused') {
    return { step: 'gateway', ...clientCertificateProblem(error.reason.origin, error.reason.detail, error.reason.presented, t) };
  }
  if (error instanceof PanelNetworkError && error.reason?.kind === 'connectionFailed' && origin.protocol === 'https:') {
    const gateway = typeof options.gateway === 'function' ? undefined : options.gateway;
    const alert = gateway?.clientCertificate ? undefined : await wantsClientCertificate(origin.origin, 5_000);
    if (alert) return { step: 'gateway', ...clientCertificateProblem(origin.origin, alert, false, t) };
  }
  return undefined;
}

function gatewayHint(): string {
  return vscode.l10n.t('If the panel is behind an access gateway, give the headers or the client certificate it asks for.');
}

/** A gateway setting the client refused is the gateway step's to fix; the rest (URL, token) the URL step's. */
function configStep(error: PanelConfigError): ConnectionProblem['step'] {
  const kind = error.reason?.kind === 'config' ? error.reason.problem.kind : undefined;
  return kind && /^(gateway|clientCertificate)/.test(kind) ? 'gateway' : 'url';
}
