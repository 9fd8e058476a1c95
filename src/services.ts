import * as vscode from 'vscode';
import type { PanelClientOptions } from './api/options';
import { ScopeContextKeys } from './connection/capabilities';
import { clientOptionsFromSettings } from './connection/clientOptions';
import { accessGatewayOf } from './connection/gatewaySetup';
import { createPanelApi } from './connection/panelClient';
import { NotConnectedError, PanelSession } from './connection/panelSession';
import { SavedPanels } from './connection/savedPanels';
import { ProtectionContextKeys, refuseChangesWhenReadOnly } from './connection/protection';
import { registerEditors, type Editors } from './editors/editors';
import { ReadOnlyDocuments } from './editors/readOnlyDocuments';
import type { ScriptedUserInput } from './prompts/scriptedUserInput';
import type { UserInput } from './prompts/userInput';
import { VsCodeUserInput } from './prompts/vscodeUserInput';
import type { EventNotices } from './notifications/index';
import type { PanelsReport } from './state/panelsWatch';
import { usersStoreOptions } from './state/usersStoreSettings';
import { AppliesTold } from './state/appliesTold';
import { PanelStores, type PanelStoresLookup } from './state/panelStores';
import { AllPanelsMode } from './views/shared/allPanelsMode';
import { NodesDisplay } from './views/nodes/nodesDisplay';
import { AlertsStatusBar } from './statusBar/alertsStatusBar';
import { FleetTodoLoader } from './editors/fleetTodoLoader';
import { PanelStatusBar } from './statusBar/panelStatusBar';
import { registerAlertsView, type AlertsView } from './views/alerts/alertsView';
import { registerBrandingView, type BrandingView } from './views/branding/brandingView';
import { registerNodesView, type NodesViewParts } from './views/nodes/nodesView';
import { registerSiteTemplatesView, type SiteTemplatesView } from './views/siteTemplates/siteTemplatesView';
import { registerTemplateHistoryView, type TemplateHistoryView } from './views/templateHistory/templateHistoryView';
import { registerWelcomeView } from './views/welcome/welcomeView';
import { registerUsersView, type TreeViewParts, type UsersTree } from './views/users/usersView';
import type { WebviewPages } from './webviews/webviewPages';

/** The views of the sidebar and the Explorer, each with its provider. */
export interface Views {
  readonly nodes: NodesViewParts;
  readonly users: TreeViewParts<UsersTree>;
  readonly alerts: AlertsView;
  readonly siteTemplates: SiteTemplatesView;
  readonly branding: BrandingView;
  readonly templateHistory: TemplateHistoryView;
  /** Shown instead of the five panel views while no panel is connected. */
  readonly welcome: vscode.TreeView<never>;
  /** Whether the Nodes, Users, Alerts and Site Templates views show every connected panel (remembered). */
  readonly allPanels: AllPanelsMode;
  /** The Nodes view's grouping and name filter. */
  readonly nodesDisplay: NodesDisplay;
}

/**
 * Everything the register functions use, built once by `activate`. Command groups take the part they need
 * (`Pick<Services, …>`); the webview pages are created the first time one is asked for.
 */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  /** The saved panels: their records and tokens (SecretStorage). `panels` holds the connected ones' handles. */
  readonly savedPanels: SavedPanels;
  readonly session: PanelSession;
  /** The protection levels as context keys for `when` clauses. */
  readonly protectionKeys: ProtectionContextKeys;
  readonly clientOptions: (url: string) => Omit<PanelClientOptions, 'baseUrl' | 'token'>;
  /** Prompts and notifications: scripted answers in the VS Code suite, the screen otherwise. */
  readonly input: UserInput;
  readonly scriptedInput: ScriptedUserInput | undefined;
  /**
   * Every connected panel's stores (keys, nodes, node details, alerts, site templates, branding), one set
   * per panel kept while it is connected: `panels.get(panelId)` for an item's panel, `panels.active` for
   * the panel a command without an item acts on, `panels.activeId` its id.
   */
  readonly panels: PanelStoresLookup;
  readonly documents: ReadOnlyDocuments;
  readonly editors: Editors;
  readonly views: Views;
  readonly statusBar: AlertsStatusBar;
  /** The active panel's name and protection level, shown while the panel is protected, read-only or coloured. */
  readonly panelStatus: PanelStatusBar;
  /** The webview pages (logs, jobs, QR, dashboard…), loaded and created on first use. */
  readonly webviews: () => WebviewPages;
  /** Tells what the panels watcher found, one notice on screen at a time (notifications/, loaded on first use). */
  readonly notifyEvents: (report: PanelsReport) => void;
  /** The applies this window watches and tells itself: the panels watcher does not tell them again. */
  readonly appliesTold: AppliesTold;
  /** The fleet's to-do list in Problems (every connected panel's findings on their subjects' documents), loaded when the first panel connects (`loaded()` loads it sooner). */
  readonly fleetTodo: FleetTodoLoader;
}

/** Builds the services: the connection, the stores, the views, the editors and the status bar. */
export function createServices(context: vscode.ExtensionContext): Services {
  const log = vscode.window.createOutputChannel('Panel Ops', { log: true });
  const store = new SavedPanels(context.globalState, context.secrets);
  const clientOptions = (url: string) => clientOptionsFromSettings(log, store.record(url));
  // Every request of a panel passes its read-only guard before it leaves (connection/protection.ts).
  const session = new PanelSession(store, (url) =>
    createPanelApi({ ...clientOptions(url), baseUrl: url, token: () => tokenOf(store, url), gateway: async () => accessGatewayOf(await store.gateway(url)), beforeSend: refuseChangesWhenReadOnly(store, url) }),
  );
  // In the VS Code suite every prompt is answered from the test's script instead of the screen.
  // A bundle of its own (esbuild.mjs), required in Test mode only: a normal activation evaluates none of it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const scriptedInput = context.extensionMode === vscode.ExtensionMode.Test ? new (require('./prompts/scriptedUserInput') as typeof import('./prompts/scriptedUserInput')).ScriptedUserInput() : undefined;
  const input = scriptedInput ?? new VsCodeUserInput();
  // Each connected panel's stores: a bundle of their own with the views' one-panel trees (esbuild.mjs), loaded with the first panel.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const panels = new PanelStores(session, (bound) => (require('./state/panelStoreSet') as typeof import('./state/panelStoreSet')).createPanelStoreSet(bound, usersStoreOptions()), (panelId) => new NotConnectedError(session.panel(panelId)?.name ?? panelId));
  const scopeKeys = new ScopeContextKeys(session);
  const allPanels = new AllPanelsMode(context.globalState, session);
  const nodesDisplay = new NodesDisplay(context.globalState);
  const documents = new ReadOnlyDocuments();
  // The editors' documents show what the to-do's pass read; the to-do tells them when that changes. Each asks
  // the other only once a panel is connected, after both exist.
  const editors = registerEditors(context, { session, input, documents, log, panels, passHoldings: (panelId) => fleetTodo.current?.passes.holdings(panelId) });
  const views: Views = {
    nodes: registerNodesView(context, session, panels, allPanels, nodesDisplay),
    users: registerUsersView(context, session, panels, allPanels),
    alerts: registerAlertsView(session, panels, allPanels),
    siteTemplates: registerSiteTemplatesView(session, panels, allPanels),
    branding: registerBrandingView(session, panels),
    templateHistory: registerTemplateHistoryView(editors.services.history, session),
    welcome: registerWelcomeView(),
    allPanels,
    nodesDisplay,
  };
  const statusBar = new AlertsStatusBar(session, panels);
  const fleetTodo = new FleetTodoLoader({
    session, panels, state: context.workspaceState, readme: vscode.Uri.joinPath(context.extensionUri, 'README.md').with({ fragment: 'fleet-to-do' }),
    changedDocuments: (uris) => editors.fileSystem.changedFiles(uris), trustedCertificateOf: (panelId) => store.record(panelId)?.trustedCertificate,
  });
  const panelStatus = new PanelStatusBar(session);
  const protectionKeys = new ProtectionContextKeys(session);
  let webviews: WebviewPages | undefined;
  const pages = () => {
    if (!webviews) {
      // Loaded on first use: a separate bundle (esbuild.mjs), not evaluated at activation.
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require here, not an import, is what keeps the pages out of activation
      const { createWebviewPages } = require('./webviews/webviewPages') as typeof import('./webviews/webviewPages');
      webviews = createWebviewPages({ extensionUri: context.extensionUri, log, session, panels, documents, input, scripted: scriptedInput !== undefined });
      context.subscriptions.push(webviews);
    }
    return webviews;
  };
  let eventNotices: EventNotices | undefined;
  const notifyEvents = (report: PanelsReport) => {
    if (!eventNotices) {
      // Loaded on first use: a separate bundle (esbuild.mjs), not evaluated at activation.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { EventNotices } = require('./notifications/index') as typeof import('./notifications/index');
      eventNotices = new EventNotices({ session, input, log, users: views.users });
      context.subscriptions.push(eventNotices);
    }
    eventNotices.tell(report);
  };
  context.subscriptions.push(
    log, store, scopeKeys, session, protectionKeys, panelStatus, documents, editors, statusBar, fleetTodo,
    views.alerts, views.siteTemplates, views.branding, views.templateHistory, views.welcome, panels, allPanels, nodesDisplay,
  );
  if (scriptedInput) context.subscriptions.push(scriptedInput);
  return { context, log, savedPanels: store, session, protectionKeys, clientOptions, input, scriptedInput, panels, documents, editors, views, statusBar, panelStatus, webviews: pages, notifyEvents, appliesTold: new AppliesTold(), fleetTodo };
}

async function tokenOf(store: SavedPanels, url: string): Promise<string> {
  const token = await store.token(url);
  if (token === undefined) throw new Error(vscode.l10n.t('No token is stored for {0}; connect again.', url));
  return token;
}
