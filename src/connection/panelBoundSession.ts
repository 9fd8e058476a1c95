import { scopeOf, type RouteId } from '../api/catalog';
import type { PanelCapabilities } from './capabilities';
import type { PanelRef, PanelSession, SessionState } from './panelSession';
import { whenChanged } from './whenChanged';

/** What the bound sessions and the registry of connected panels (state/panelStores.ts) use of the session. */
export type AllPanelsSession = Pick<PanelSession,
  'active' | 'panel' | 'callOn' | 'onDidChange' | 'stateOf' | 'unansweredSince' | 'hasScopeOn' | 'wasDeniedOn' | 'forgetDenialsOn'
> & { readonly capabilities: Pick<PanelCapabilities, 'explain'> };

/** What a listener's registration gives back. */
interface Registration {
  dispose(): void;
}

/**
 * The session as seen from ONE connected panel, active or not: `call` goes to that panel, `panel` is that
 * panel's reference, `state` and `capabilities` are its own, and `onDidChangePanel` fires on changes of
 * its token state or of its beliefs about the routes' scopes only. Each connected panel's handle
 * (`ConnectedPanel`, state/panelStores.ts) and its stores read the panel through it: the one place outside
 * the session that reaches a panel by its id. No `vscode` import.
 */
export class PanelBoundSession {
  readonly capabilities: PanelCapabilities;

  constructor(private readonly session: AllPanelsSession, readonly panelId: string) {
    const id = panelId;
    this.capabilities = {
      can: (routeId) => session.hasScopeOn(id, scopeOf(routeId)),
      hasScope: (scope) => session.hasScopeOn(id, scope),
      wasDenied: (routeId) => session.wasDeniedOn(id, routeId),
      forgetDenials: (routeId) => session.forgetDenialsOn(id, routeId),
      explain: (routeId) => session.capabilities.explain(routeId),
    };
  }

  /** This panel's reference (name, origin, protection level…); undefined once it is signed out. */
  get panel(): PanelRef | undefined {
    return this.session.panel(this.panelId);
  }

  get state(): SessionState {
    return this.session.stateOf(this.panelId);
  }

  /** Since when this panel's calls end without an answer; undefined while it answers. */
  get unansweredSince(): number | undefined {
    return this.session.unansweredSince(this.panelId);
  }

  readonly onDidChange = (listener: () => unknown): Registration => this.session.onDidChange(listener);

  call: PanelSession['call'] = (fn, cancel) => this.session.callOn(this.panelId, fn, cancel);

  onDidChangePanel(routes: readonly RouteId[], listener: () => void): Registration {
    const scopes = [...new Set(routes.map(scopeOf))];
    return whenChanged(this.session.onDidChange, () => [this.state, ...scopes.map((scope) => this.session.hasScopeOn(this.panelId, scope))].join('|'), listener);
  }
}
