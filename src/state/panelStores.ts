import type { PanelCapabilities } from '../connection/capabilities';
import { PanelBoundSession, type AllPanelsSession } from '../connection/panelBoundSession';
import type { PanelRef, SessionState } from '../connection/panelSession';
import type { AlertsStore } from './alertsStore';
import type { BrandingStore } from './brandingStore';
import type { Subscription } from './changeEmitter';
import type { UsersStore } from './usersStore';
import type { NodeDetailsStore } from './nodeDetailsStore';
import type { NodesStore } from './nodesStore';
import type { SiteTemplatesStore } from './siteTemplatesStore';
import type { StoreSession } from './storeSession';

export type { PanelCapabilities } from '../connection/capabilities';

/**
 * What a view of one panel needs of the session: the stores' calls, the panel it shows (`panel`), that
 * panel's token state and scope beliefs, and word of changes. `PanelSession` is one (the active panel);
 * `PanelBoundSession` is one for any connected panel.
 */
export interface ViewSession extends StoreSession {
  /** The panel it reads: its reference, undefined once signed out. */
  readonly panel: PanelRef | undefined;
  readonly state: SessionState;
  readonly capabilities: PanelCapabilities;
  readonly onDidChange: (listener: () => unknown) => Subscription;
}

/** The stores of one panel, and the session they read it through (bound to that panel). */
export interface PanelStoreSet {
  readonly session: PanelBoundSession;
  readonly users: UsersStore;
  readonly nodes: NodesStore;
  readonly nodeDetails: NodeDetailsStore;
  readonly alerts: AlertsStore;
  readonly siteTemplates: SiteTemplatesStore;
  readonly branding: BrandingStore;
}

/**
 * One connected panel, active or not: the one handle commands, pages, editors and chat tools take. Its
 * reference, token state and scope belief, calls to it (`call`), and its stores. A handle is kept while
 * its panel is connected; after a sign-out `call` throws the session's NotConnectedError and `ref` is
 * undefined, so a document or page bound to it never reaches another panel.
 */
export interface ConnectedPanel extends PanelStoreSet {
  /** The panel's id (its origin). */
  readonly id: string;
  /** Its reference (name, origin, protection level, colour…); undefined once signed out. */
  readonly ref: PanelRef | undefined;
  /** Its name (its id once signed out). */
  readonly name: string;
  /** Its token state: connected, token rejected, or disconnected once signed out. */
  readonly state: SessionState;
  /** What its token is believed allowed: the scopes it was connected with minus its own 403 answers. */
  readonly scopes: PanelCapabilities;
  /** Runs an API call on this panel (never another one), aborted by `signal`. */
  call: StoreSession['call'];
}

/** The handle of one panel over its stores: what it says of the panel is read from its bound session each time. */
function connectedPanel(id: string, set: PanelStoreSet): ConnectedPanel {
  const { session, users, nodes, nodeDetails, alerts, siteTemplates, branding } = set; // not its dispose
  return {
    session, users, nodes, nodeDetails, alerts, siteTemplates, branding,
    id,
    call: session.call,
    get ref() { return session.panel; },
    get name() { return session.panel?.name ?? id; },
    get state() { return session.state; },
    get scopes() { return session.capabilities; },
  };
}

/** The lookup the other parts use: a connected panel, undefined for a panel not connected (`require` throws). */
export type PanelStoresLookup = Pick<PanelStores, 'get' | 'require' | 'active' | 'activeId'>;

/**
 * The connected panels: one `ConnectedPanel` per panel, active or not, whose stores read it through a
 * `PanelBoundSession` (calls to that panel, its own token state and scope beliefs). A handle is made on
 * first use and kept until its panel is signed out: switching the active panel changes which handle
 * `active` is, and reads nothing again. No `vscode` import: the stores are made by `create`.
 */
export class PanelStores {
  private readonly sets = new Map<string, { readonly panel: ConnectedPanel; readonly dispose: () => void }>();
  private readonly subscription: Subscription;

  constructor(
    private readonly session: AllPanelsSession,
    private readonly create: (session: PanelBoundSession) => PanelStoreSet & { dispose(): void },
    /** The error `require` throws for a panel that is not connected (the session's NotConnectedError). */
    private readonly notConnected: (panelId: string) => Error = (panelId) => new Error(`The panel ${panelId} is not connected.`),
  ) {
    this.subscription = session.onDidChange(() => this.prune());
  }

  /** The connected panel; undefined when it is not connected. */
  get(panelId: string): ConnectedPanel | undefined {
    if (!this.session.panel(panelId)) return undefined;
    let entry = this.sets.get(panelId);
    if (!entry) {
      const set = this.create(new PanelBoundSession(this.session, panelId));
      entry = { panel: connectedPanel(panelId, set), dispose: () => set.dispose() };
      this.sets.set(panelId, entry);
    }
    return entry.panel;
  }

  /** The connected panel; throws (NotConnectedError) when it is not, e.g. signed out since an item was shown. */
  require(panelId: string): ConnectedPanel {
    const panel = this.get(panelId);
    if (!panel) throw this.notConnected(panelId);
    return panel;
  }

  /** The id of the active panel: the one a command without an item acts on, and a one-panel view shows. */
  get activeId(): string | undefined {
    return this.session.active?.id;
  }

  /** The active panel; undefined while no panel is connected. */
  get active(): ConnectedPanel | undefined {
    const id = this.activeId;
    return id === undefined ? undefined : this.get(id);
  }

  /** The panels whose stores exist now. */
  get heldPanels(): string[] {
    return [...this.sets.keys()];
  }

  dispose(): void {
    this.subscription.dispose();
    for (const entry of this.sets.values()) entry.dispose();
    this.sets.clear();
  }

  /** Drops the sets of panels signed out. */
  private prune(): void {
    for (const [panelId, entry] of [...this.sets]) {
      if (this.session.panel(panelId)) continue;
      this.sets.delete(panelId);
      entry.dispose();
    }
  }
}
