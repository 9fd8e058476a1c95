import * as vscode from 'vscode';
import { isScopeDenied, isTokenRejected, PanelApiError, PanelHttpError, PanelNetworkError } from '../api/errors';
import { nodeFailureOf } from '../api/nodeFailure';
import { reasonWords } from '../api/failureWords';
import { plainLabel, withoutLinks } from './plainText';

/**
 * One line saying why a load failed, for error nodes and messages. Errors from src/api never hold the
 * token; other errors are reduced to their message. The panel's own words can be part of it (an error
 * body may be up to 1 MB), so it is made one plain line of at most 1000 characters and link syntax is
 * broken up (notifications would render it).
 */
export function describeError(error: unknown): string {
  return withoutLinks(plainLabel(reasonOf(error), 1000));
}

function reasonOf(error: unknown): string {
  if (isScopeDenied(error) && error instanceof PanelApiError && error.route) {
    const route = error.route;
    return route.ownerOnly
      ? vscode.l10n.t('The panel refused {0} {1}: it needs {2} and an owner account.', route.method, route.path, route.scope)
      : vscode.l10n.t('The panel refused {0} {1}: it needs {2}, or the account\'s role does not allow it.', route.method, route.path, route.scope);
  }
  // Spec part 7: on node routes 503 means the node is offline and 502 that the node's operation failed.
  const nodeFailure = nodeFailureOf(error);
  if (nodeFailure === 'offline') return vscode.l10n.t('The node is offline: the panel cannot reach it (HTTP 503).');
  if (nodeFailure === 'failedOnNode' && error instanceof PanelHttpError) return vscode.l10n.t('The node could not carry out the operation (HTTP 502): {0}', error.panelMessage || error.code);
  if (isTokenRejected(error)) return vscode.l10n.t('The panel rejected the token: it is invalid, expired or revoked.');
  // The client's own failures are put in words from their reason; the panel's words in them stay as sent.
  if (error instanceof PanelApiError && error.reason) {
    const words = reasonWords(error.reason, vscode.l10n.t);
    if (error instanceof PanelNetworkError && error.reason.kind === 'certificateRejected') {
      return vscode.l10n.t('{0} To trust the panel\'s own CA, set the setting panelOps.caCertificatePath to its certificate file (PEM).', words);
    }
    return words;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
