import * as vscode from 'vscode';
import { routeById, SCOPES, scopeOf, type RouteId, type Scope } from '../api/catalog';
import { ScopeBelief, scopeContextKey } from './scopeBelief';

export type SessionState = 'disconnected' | 'connected' | 'tokenRejected';

/**
 * What the active panel's token is believed to be allowed, from the preset picked at connect time and
 * from 403 answers, mirrored into context keys so `when` clauses hide actions the token cannot perform:
 * `panelOps.connected`, `panelOps.tokenRejected`, and `panelOps.scope.<resource>.<access>` per scope.
 */
export class Capabilities implements vscode.Disposable {
  private belief = new ScopeBelief();
  private sessionState: SessionState = 'disconnected';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor() {
    this.publish();
  }

  /** Whether the token is believed to allow the catalog route (the account's role can still refuse it). */
  can(routeId: RouteId): boolean {
    return this.sessionState === 'connected' && this.belief.can(routeId);
  }

  /** Whether the token is believed to hold this scope (use `can(routeId)` where a route is at hand). */
  hasScope(scope: Scope): boolean {
    return this.sessionState === 'connected' && this.belief.hasScope(scope);
  }

  /** Whether the panel answered 403 for the route's scope since the last refresh. */
  wasDenied(routeId: RouteId): boolean {
    return this.belief.wasDenied(scopeOf(routeId));
  }

  /** "needs users:write" (and an owner account for owner-only routes), from the route catalog. */
  explain(routeId: RouteId): string {
    const route = routeById(routeId);
    return route.ownerOnly
      ? vscode.l10n.t('needs {0} and an owner account', route.scope)
      : vscode.l10n.t('needs {0}', route.scope);
  }

  /** Starts over for a panel: the scopes the user said the token was created with. */
  reset(granted: readonly Scope[], state: SessionState): void {
    this.belief = new ScopeBelief(granted);
    this.sessionState = state;
    this.publish();
  }

  setState(state: SessionState): void {
    if (state === this.sessionState) return;
    this.sessionState = state;
    this.publish();
  }

  /** Records a 403 for this scope. */
  deny(scope: Scope): void {
    if (this.belief.deny(scope)) this.publish();
  }

  /** Forgets 403 answers for the route's scope, or all (the account's role may have changed), e.g. on a refresh. */
  forgetDenials(routeId?: RouteId): void {
    if (this.belief.forgetDenials(routeId && scopeOf(routeId))) this.publish();
  }

  dispose(): void {
    this.changed.dispose();
  }

  private publish(): void {
    const connected = this.sessionState === 'connected';
    void vscode.commands.executeCommand('setContext', 'panelOps.connected', this.sessionState !== 'disconnected');
    void vscode.commands.executeCommand('setContext', 'panelOps.tokenRejected', this.sessionState === 'tokenRejected');
    for (const scope of SCOPES) {
      void vscode.commands.executeCommand('setContext', scopeContextKey(scope), connected && this.belief.hasScope(scope));
    }
    this.changed.fire();
  }
}
