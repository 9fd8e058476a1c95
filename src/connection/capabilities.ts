import * as vscode from 'vscode';
import { routeById, SCOPES, type RouteId, type Scope } from '../api/catalog';
import { scopeContextKey } from './scopeBelief';
import { setContextKey } from './contextKey';

export type SessionState = 'disconnected' | 'connected' | 'tokenRejected';

/** What is asked of one panel's token: its scope belief, as a view or a command reads it. */
export interface PanelCapabilities {
  /** Whether the token is believed to allow the catalog route (the account's role can still refuse it). */
  can(routeId: RouteId): boolean;
  /** Whether the token is believed to hold this scope (use `can(routeId)` where a route is at hand). */
  hasScope(scope: Scope): boolean;
  /** Whether the panel answered 403 for the route's scope since its last refresh. */
  wasDenied(routeId: RouteId): boolean;
  /** Forgets the panel's 403 answers for the route's scope, or all of them (a refresh). */
  forgetDenials(routeId?: RouteId): void;
  /** "needs users:write" (and an owner account for owner-only routes), from the route catalog. */
  explain(routeId: RouteId): string;
}

/** "needs users:write" (and an owner account for owner-only routes), from the route catalog. */
export function explainRoute(routeId: RouteId): string {
  const route = routeById(routeId);
  return route.ownerOnly
    ? vscode.l10n.t('needs {0} and an owner account', route.scope)
    : vscode.l10n.t('needs {0}', route.scope);
}

/** What the context keys are read from: the session's state and the active panel's scope belief. */
export interface ActivePanelScopes {
  readonly state: SessionState;
  readonly capabilities: Pick<PanelCapabilities, 'hasScope'>;
  readonly onDidChange: vscode.Event<void>;
}

/**
 * Mirrors the active panel's token state and scope belief into context keys, so `when` clauses hide actions
 * its token cannot perform: `panelOps.connected`, `panelOps.tokenRejected`, and
 * `panelOps.scope.<resource>.<access>` per scope. Sets a key only when its value changed.
 */
export class ScopeContextKeys implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(private readonly session: ActivePanelScopes) {
    this.publish();
    this.subscription = session.onDidChange(() => this.publish());
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private publish(): void {
    const { state } = this.session;
    this.set('panelOps.connected', state !== 'disconnected');
    this.set('panelOps.tokenRejected', state === 'tokenRejected');
    for (const scope of SCOPES) this.set(scopeContextKey(scope), state === 'connected' && this.session.capabilities.hasScope(scope));
  }

  private set(key: string, value: boolean): void {
    setContextKey(key, value);
  }
}
