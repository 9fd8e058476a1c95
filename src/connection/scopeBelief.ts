import { routeById, SCOPES, type RouteId, type Scope } from '../api/catalog';

/**
 * What a token is believed to be allowed: the scopes picked at connect time minus the scopes the panel
 * has since refused with 403. No `vscode` import (unit-tested); `Capabilities` mirrors it into context keys.
 */
export class ScopeBelief {
  private readonly granted: Set<Scope>;
  private readonly denied = new Set<Scope>();

  constructor(granted: Iterable<Scope> = []) {
    this.granted = new Set([...granted].filter((scope) => SCOPES.includes(scope)));
  }

  hasScope(scope: Scope): boolean {
    return this.granted.has(scope) && !this.denied.has(scope);
  }

  can(routeId: RouteId): boolean {
    return this.hasScope(routeById(routeId).scope);
  }

  /** Records a 403 answer; returns true when this changed the belief. */
  deny(scope: Scope): boolean {
    if (this.denied.has(scope)) return false;
    this.denied.add(scope);
    return true;
  }

  /** Forgets refusals (the account's role may have changed); returns true when something was forgotten. */
  forgetDenials(scope?: Scope): boolean {
    if (scope) return this.denied.delete(scope);
    const had = this.denied.size > 0;
    this.denied.clear();
    return had;
  }

  /** Whether the panel refused this scope with a 403 (as opposed to the token never having it). */
  wasDenied(scope: Scope): boolean {
    return this.denied.has(scope);
  }

  /** The scopes believed granted right now, in catalog order. */
  scopes(): Scope[] {
    return SCOPES.filter((scope) => this.hasScope(scope));
  }
}

/** The context key that says whether the token is believed to hold a scope: `panelOps.scope.users.write`. */
export function scopeContextKey(scope: Scope): string {
  return `panelOps.scope.${scope.replace(':', '.')}`;
}
