import * as vscode from 'vscode';
import { registerLazily } from './commands/lazy/lazyGroup';
import { lazyCommandGroups } from './commands/lazy/groups';
import { registerToolsLazily } from './commands/lazy/lazyTools';
import { registerPanelCommands } from './commands/panels/index';
import { registerSharedCommands } from './commands/shared/index';
import { tellCommandFailuresThrough } from './commands/registerPanelCommand';
import { registerRemoteSshContext } from './commands/nodes/remoteSshContext';
import { PulledFoldersContext } from './commands/panelFolder/pulledFoldersContext';
import { CLIENT_SETTINGS } from './connection/clientOptions';
import { importDemoBootstrap } from './connection/demoBootstrap';
import { createServices } from './services';
import type { PanelsWatching } from './state/panelsWatching';
import { describeError } from './text/describeError';
import { useDisplayLanguage } from './text/displayLanguage';

/**
 * Composition root: builds the services (connection, stores, views, editors, status bar) and registers the
 * commands. The connection's commands load now; every other group loads the first time one of its commands
 * runs (commands/lazy), and the webview pages the first time one opens. Nothing else lives here.
 */
export async function activate(context: vscode.ExtensionContext) {
  useDisplayLanguage(vscode.env.language);
  const services = createServices(context);
  const { session, log, store } = services;
  // Every command's failure is told and logged like the runner's (commands/registerPanelCommand.ts).
  context.subscriptions.push(tellCommandFailuresThrough({ log, input: services.input, packageJson: context.extension.packageJSON }));
  const panels = registerPanelCommands(services);
  // The Explorer's menus on pulled folders: the workspace is searched once a panel is connected.
  const pulledFolders = new PulledFoldersContext(session);
  const groups = lazyCommandGroups(services, { pulledFolders });
  const users = registerLazily(groups.users);
  const nodes = registerLazily(groups.nodes);
  const branding = registerLazily(groups.branding);
  // Go to User/Node, the deep links and the chat tools: one group, loaded on first use of any of them.
  const find = registerLazily(groups.find);
  context.subscriptions.push(
    pulledFolders,
    panels,
    registerSharedCommands(),
    registerRemoteSshContext(),
    users,
    nodes,
    registerLazily(groups.fleet),
    registerLazily(groups.alerts),
    registerLazily(groups.siteTemplates),
    branding,
    registerLazily(groups.templateHistory),
    registerLazily(groups.monitoring),
    registerLazily(groups.settings),
    registerLazily(groups.audit),
    registerLazily(groups.documents),
    find,
    vscode.window.registerUriHandler({ handleUri: (uri) => { void find.loaded().handleUri(uri); } }),
    registerToolsLazily(() => find.loaded().tools),
    registerLazily(groups.usersTable),
    registerLazily(groups.panelFolder),
    // A drop in the Nodes view sends the new order through the node commands (loaded then if need be).
    services.views.nodes.dragAndDrop.handleReorder((panelId, ids) => nodes.loaded().reorder(panelId, ids)),
    vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) session.resync().catch((error: unknown) => log.warn(`Re-reading the connected panels failed: ${describeError(error)}`));
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (CLIENT_SETTINGS.some((setting) => event.affectsConfiguration(setting))) session.rebuildClient();
    }),
  );

  await importDemoBootstrap(session, log);
  await session.initialize();
  // The panels watcher is its own bundle (esbuild.mjs), loaded on the first turn after activation returns:
  // its first poll waits for that turn anyway, and activation evaluates none of it.
  let watching: PanelsWatching | undefined;
  const watcher = () => {
    if (!watching) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require here, not an import, keeps the watcher out of activation
      const { startPanelsWatching } = require('./state/panelsWatching') as typeof import('./state/panelsWatching');
      watching = startPanelsWatching({ session, store, panels: services.panels, nodesView: services.views.nodes.view, report: services.notifyEvents, toldElsewhere: (event) => services.appliesTold.covers(event) });
      context.subscriptions.push(watching);
    }
    return watching;
  };
  const startWatching = setTimeout(watcher, 0);
  context.subscriptions.push({ dispose: () => clearTimeout(startWatching) });

  // The services behind the views, for the integration tests only: other extensions get nothing.
  const scriptedInput = services.scriptedInput;
  if (!scriptedInput) return undefined;
  const pages = services.webviews;
  const activeStores = () => {
    const stores = services.panels.active;
    if (!stores) throw new Error('No panel is connected.');
    return stores;
  };
  return {
    input: scriptedInput,
    session,
    nodes: services.views.nodes,
    users: services.views.users,
    alerts: services.views.alerts,
    siteTemplates: services.views.siteTemplates,
    /** The active panel's stores (the suite's tests act on the active panel). */
    get siteTemplatesStore() { return activeStores().siteTemplates; },
    templateHistory: services.views.templateHistory,
    welcome: services.views.welcome,
    editors: services.editors,
    get alertsStore() { return activeStores().alerts; },
    /** The panels watcher, and the window focus it believes (the suite cannot unfocus the real window). */
    get panelsWatching() { return watcher(); },
    /** Tells a events report as the watcher does (its notification and actions). */
    notifyEvents: services.notifyEvents,
    get usersStore() { return activeStores().users; },
    documents: services.documents,
    get nodesStore() { return activeStores().nodes; },
    get nodeDetailsStore() { return activeStores().nodeDetails; },
    statusBarItem: services.statusBar.item,
    /** The active panel's name and protection level in the status bar. */
    panelStatusItem: services.panelStatus.item,
    /** The context keys the protection levels set (chat's tools follow `panelOps.chat.mayChange`). */
    protectionContext: services.protectionKeys.values,
    /** What the context key `panelOps.pulledFolders` holds (the Explorer's Plan, Apply and Show Drift on a pulled folder). */
    get pulledFolders() { return pulledFolders.values; },
    /** Every connected panel's stores, and the all-panels mode of the views. */
    panels: services.panels,
    allPanels: services.views.allPanels,
    /** Where the Panel Ops log is written (a test checks no secret ever reaches it). */
    logUri: context.logUri,
    onDidShowReconnectPrompt: panels.onDidShowReconnectPrompt,
    hasToken: async (url: string) => (await store.token(url)) !== undefined,
    /** Where VS Code keeps this extension's state and logs (the token-hygiene check scans the user data). */
    storagePaths: { globalStorage: context.globalStorageUri.fsPath, logs: context.logUri.fsPath },
    // The webview pages and the branding forms load on first use; asking for them here loads them.
    get logViewers() { return pages().logViewers; },
    get jobHistories() { return pages().jobHistories; },
    get qrViews() { return pages().qrViews; },
    branding: services.views.branding,
    get brandingStore() { return activeStores().branding; },
    get brandingForms() { return branding.loaded().forms; },
    get dashboards() { return pages().dashboards; },
    get nodeMetrics() { return pages().nodeMetrics; },
    get auditLogs() { return pages().auditLogs; },
    /** What a `vscode://panel-ops.panel-ops/…` link opens (the handler VS Code calls). */
    openLink: (uri: vscode.Uri) => find.loaded().handleUri(uri),
    /** What the webviews' policies blocked, as the pages reported it (the suite fails a test that leaves any). */
    get webviewPolicyViolations() { return pages().host.policyViolations; },
  };
}

export function deactivate(): void {
  // Disposables registered on the context are released by VS Code.
}
