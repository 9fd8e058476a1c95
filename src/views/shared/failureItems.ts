import * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import { PanelApiError, isCancelled, isScopeDenied, isTokenRejected } from '../../api/errors';
import { NotConnectedError, TokenRejectedError } from '../../connection/panelSession';
import type { ViewSession } from '../../state/panelStores';
import { ErrorItem } from './errorItem';
import { MissingScopeItem } from './missingScopeItem';
import { TokenRejectedItem } from './tokenRejectedItem';

/**
 * What a tree shows where a load failed: nothing for a superseded load, the reconnect node after a 401,
 * a missing-scope node after a 403, otherwise an error node with the reason and a retry.
 */
export function failureItems(error: unknown, session: ViewSession, route: RouteId, retry: () => void): vscode.TreeItem[] {
  if (isCancelled(error) || error instanceof NotConnectedError) return []; // a load a refresh or a filter change superseded
  if (error instanceof TokenRejectedError || isTokenRejected(error)) {
    return [new TokenRejectedItem(session.panel?.name ?? '', session.panel?.id)];
  }
  if (isScopeDenied(error)) {
    const refused = error instanceof PanelApiError && error.route ? error.route.id : route;
    return [new MissingScopeItem(refused, true)];
  }
  return [new ErrorItem(error, retry)];
}
