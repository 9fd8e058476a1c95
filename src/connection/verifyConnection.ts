import * as vscode from 'vscode';
import type { Scope } from '../api/catalog';
import { isScopeDenied, isTokenRejected, PanelConfigError, PanelNetworkError } from '../api/errors';
import type { PanelClientOptions } from '../api/index';
import { presentedCertificate, type CertificateFacts } from '../api/presentedCertificate';
import { createPanelApi } from './panelClient';
import { describeError } from '../text/describeError';
import { verificationRoute } from './verificationRoute';

/** What went wrong, and which input the user should fix (the others are kept). */
export interface ConnectionProblem {
  readonly step: 'url' | 'token' | 'scopes';
  readonly message: string;
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
    if (isTokenRejected(error)) {
      return { step: 'token', message: vscode.l10n.t('The panel rejected the token: it is invalid, expired or revoked.') };
    }
    if (isScopeDenied(error)) {
      if (route.refusalExpected) return undefined;
      return {
        step: 'scopes',
        message: vscode.l10n.t(
          'The token works but lacks {0} (GET {1} was refused), or the account\'s role does not allow it. Pick the scopes the token was created with.',
          route.scope,
          route.path,
        ),
      };
    }
    if (error instanceof PanelConfigError) return { step: 'url', message: error.message };
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
