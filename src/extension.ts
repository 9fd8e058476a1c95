import * as vscode from 'vscode';
import { createPanelApi } from './api/index';
import { registerAlertsCommands } from './commands/alerts/resolveAlerts';
import { registerOpenAuditLog } from './commands/audit/openAuditLog';
import { registerBrandingLifecycle } from './commands/branding/brandingLifecycle';
import type { BrandingCommandContext } from './commands/branding/brandingContext';
import { registerEditBrandingField } from './commands/branding/editBrandingField';
import { registerPreviewBranding, showBrandingPreview } from './commands/branding/previewBranding';
import { saveBrandingProfile } from './commands/branding/saveBrandingProfile';
import { registerUploadBrandingAsset } from './commands/branding/uploadBrandingAsset';
import { registerConnectCommand } from './commands/connect';
import { registerOpenDashboard } from './commands/monitoring/openDashboard';
import { registerShowNodeMetrics } from './commands/monitoring/showNodeMetrics';
import { registerPreviewSubscriptionPage } from './commands/settings/previewSubscriptionPage';
import { registerSendTestNotification } from './commands/settings/sendTestNotification';
import { registerCreateUser } from './commands/users/createUser';
import { registerCreateUsersBatch } from './commands/users/createUsersBatch';
import { registerEditUser } from './commands/users/editUser';
import { registerExportUsers } from './commands/users/exportUsers';
import { registerImportUsers } from './commands/users/importUsers';
import type { UserCommandsContext } from './commands/users/keyActionsSupport';
import { registerRetireUser } from './commands/users/retireUser';
import { registerFleetUpdates } from './commands/fleet/fleetUpdates';
import { registerApplyConfiguration } from './commands/nodes/applyConfiguration';
import type { NodeActionContext } from './commands/nodes/nodeActionSupport';
import { registerNodeDetails } from './commands/nodes/nodeDetails';
import { registerNodeDiagnostics } from './commands/nodes/nodeDiagnostics';
import { registerNodeEditing, reorderNodes } from './commands/nodes/nodeEditing';
import { registerNodeOperations } from './commands/nodes/nodeOperations';
import { registerNodeSecrets } from './commands/nodes/nodeSecrets';
import { registerSetUserEnabled } from './commands/users/setUserEnabled';
import { registerShowQr } from './commands/users/showQr';
import { registerShowQrAsText } from './commands/users/showQrAsText';
import { registerShowJobHistory } from './commands/nodes/showJobHistory';
import { registerShowLogs } from './commands/nodes/showLogs';
import { registerUserBindings } from './commands/users/userBindings';
import { registerUserDetails } from './commands/users/userDetails';
import { registerUserLinks } from './commands/users/userLinks';
import { registerUserSubscription } from './commands/users/userSubscription';
import { registerNodesRefresh } from './commands/nodesRefresh';
import { registerReconnect } from './commands/reconnect';
import { registerRefreshAllCommand } from './commands/refreshAll';
import { registerShowLogCommand } from './commands/showLog';
import { registerSignOutCommand } from './commands/signOut';
import { registerNodeSiteCommands } from './commands/nodes/nodeSite';
import { registerPanelDocuments } from './commands/panelDocuments';
import { registerCustomizeTemplate } from './commands/siteTemplates/customizeTemplate';
import { registerOpenPanelFolder } from './commands/siteTemplates/openPanelFolder';
import { registerOpenTemplate } from './commands/siteTemplates/openTemplate';
import { registerPreviewTemplate } from './commands/siteTemplates/previewTemplate';
import { registerSiteTemplatesCommands } from './commands/siteTemplates/refresh';
import { registerTemplateHistoryCommands } from './commands/siteTemplates/templateHistory';
import { registerTemplateLifecycle } from './commands/siteTemplates/templateLifecycle';
import { registerTemplateTransfer } from './commands/siteTemplates/templateTransfer';
import { registerValidateTemplate } from './commands/siteTemplates/validateTemplate';
import { registerSwitchPanelCommand } from './commands/switchPanel';
import { registerTreeNodeActions } from './commands/treeNodeActions';
import { registerUsersFilter } from './commands/usersFilter';
import { registerUsersRefresh } from './commands/usersRefresh';
import { AUTH_PROVIDER_ID, PanelAuthenticationProvider } from './connection/authenticationProvider';
import { Capabilities } from './connection/capabilities';
import { CLIENT_SETTINGS, clientOptionsFromSettings } from './connection/clientOptions';
import { connectInteractively, type ConnectDependencies } from './connection/connectFlow';
import { importDemoBootstrap } from './connection/demoBootstrap';
import { ReadOnlyDocuments } from './editors/readOnlyDocuments';
import { PanelSession } from './connection/panelSession';
import { PanelStore } from './connection/panelStore';
import { ScriptedUserInput } from './prompts/scriptedUserInput';
import { VsCodeUserInput } from './prompts/vscodeUserInput';
import { startAlertsPolling } from './state/alertsPolling';
import { AlertsStore } from './state/alertsStore';
import { BindingSyncFollower } from './state/bindingSyncFollower';
import { BrandingStore } from './state/brandingStore';
import { KeysStore } from './state/keysStore';
import { NodeDetailsStore } from './state/nodeDetailsStore';
import { NodesStore } from './state/nodesStore';
import { SiteTemplatesStore } from './state/siteTemplatesStore';
import { AlertsStatusBar } from './statusBar/alertsStatusBar';
import { registerAlertsView } from './views/alerts/alertsView';
import { registerBrandingView } from './views/branding/BrandingTreeProvider';
import { registerNodesView } from './views/nodes/NodesTreeProvider';
import { registerSiteTemplatesView } from './views/siteTemplates/siteTemplatesView';
import { describeError } from './text/describeError';
import { registerEditors } from './editors/editors';
import { registerTemplateHistoryView } from './views/templateHistory/TemplateHistoryProvider';
import { registerUsersView } from './views/users/UsersTreeProvider';
import { AuditLogs } from './webviews/audit';
import { BrandingForms } from './webviews/branding';
import { Dashboards } from './webviews/dashboard';
import { JobHistories } from './webviews/jobs';
import { NodeMetricsViews } from './webviews/nodeMetrics';
import { LogViewers } from './webviews/logs';
import { QrViews } from './webviews/qr';
import { WebviewHost } from './webviews/shared';

/** Composition root: builds the services and registers views and commands. Nothing else lives here. */
export async function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Panel Ops', { log: true });
  const store = new PanelStore(context.globalState, context.secrets);
  const capabilities = new Capabilities();
  const clientOptions = (url: string) => clientOptionsFromSettings(url, log);
  const session = new PanelSession(store, capabilities, (url) =>
    createPanelApi({ ...clientOptions(url), baseUrl: url, token: () => tokenOf(store, url) }),
  );
  // In the VS Code suite every prompt is answered from the test's script instead of the screen.
  const scriptedInput = context.extensionMode === vscode.ExtensionMode.Test ? new ScriptedUserInput() : undefined;
  const input = scriptedInput ?? new VsCodeUserInput();
  const connectDeps: ConnectDependencies = { session, clientOptions, input };
  const keys = new KeysStore(session);
  const nodes = new NodesStore(session);
  const documents = new ReadOnlyDocuments();
  const bindingSync = new BindingSyncFollower(session, keys, nodes);
  const nodeDetails = new NodeDetailsStore(session);
  const nodesView = registerNodesView(context, session, nodes, keys, nodeDetails, (panelId, ids) => reorderNodes(nodeActions, panelId, ids));
  const nodeActions: NodeActionContext = { session, log, input, keys, nodes, view: nodesView.provider, documents };
  const usersView = registerUsersView(context, session, keys);
  const webviews = new WebviewHost(context.extensionUri, log, scriptedInput !== undefined);
  const logViewers = new LogViewers(webviews, session, documents);
  const jobHistories = new JobHistories(webviews, session);
  const qrViews = new QrViews(webviews, session);
  const actions: UserCommandsContext = { session, log, keys, nodes, input, users: usersView, documents };
  const alerts = new AlertsStore(session);
  const alertsView = registerAlertsView(session, alerts);
  const siteTemplates = new SiteTemplatesStore(session);
  const siteTemplatesView = registerSiteTemplatesView(session, siteTemplates);
  const branding = new BrandingStore(session);
  const brandingView = registerBrandingView(session, branding);
  const brandingCommands: BrandingCommandContext = { session, log, store: branding, view: brandingView.provider, input, webviews };
  const brandingForms = new BrandingForms(webviews, branding, (target, changes) => saveBrandingProfile(brandingCommands, target, changes), (profile) => void showBrandingPreview(webviews, profile));
  const dashboards = new Dashboards(webviews, session);
  const nodeMetrics = new NodeMetricsViews(webviews, session);
  const auditLogs = new AuditLogs(webviews, session, input);
  const editors = registerEditors(context, { session, input, documents, log });
  const templateHistoryView = registerTemplateHistoryView(editors.services.history);
  const templateCommands = { session, log, editors, input, templates: siteTemplates };
  const statusBar = new AlertsStatusBar(session, alerts);
  const reconnect = registerReconnect(connectDeps, store);
  const authentication = new PanelAuthenticationProvider(
    store,
    () => connectInteractively(connectDeps),
    (url) => session.signOut(url),
  );

  context.subscriptions.push(
    log, store, capabilities, session, keys, nodes, nodeDetails, bindingSync, documents, alerts, alertsView, siteTemplates, siteTemplatesView, editors, templateHistoryView, statusBar, reconnect, authentication,
    logViewers, jobHistories, qrViews, branding, brandingView, brandingForms, dashboards, nodeMetrics, auditLogs,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'Panel Ops', authentication, { supportsMultipleAccounts: true }),
    registerConnectCommand(connectDeps),
    registerSwitchPanelCommand(session, store, input),
    registerSignOutCommand(session, store, input),
    registerRefreshAllCommand(session, log),
    registerShowLogCommand(log),
    registerTreeNodeActions(),
    registerNodesRefresh(nodesView.provider),
    registerUsersRefresh(usersView.provider),
    registerUsersFilter(usersView.provider, session, input),
    registerAlertsCommands(actions, alerts, alertsView.provider),
    registerSetUserEnabled(actions),
    registerCreateUser(actions),
    registerCreateUsersBatch(actions),
    registerImportUsers(actions),
    registerEditUser(actions),
    registerRetireUser(actions),
    registerUserBindings(actions),
    registerUserLinks(actions),
    registerUserSubscription(actions),
    registerUserDetails(actions),
    registerExportUsers(actions),
    registerApplyConfiguration(nodeActions),
    registerNodeOperations(nodeActions),
    registerNodeDiagnostics(nodeActions),
    registerNodeDetails(nodeActions),
    registerNodeSecrets(nodeActions),
    registerNodeEditing(nodeActions),
    registerFleetUpdates(nodeActions),
    registerSiteTemplatesCommands(session, siteTemplatesView.provider),
    registerShowLogs(session, logViewers, input),
    registerShowJobHistory(session, jobHistories, input),
    registerShowQr(qrViews),
    registerShowQrAsText(session, input),
    registerOpenDashboard(session, dashboards, input),
    registerShowNodeMetrics(session, nodeMetrics, input),
    registerOpenAuditLog(session, auditLogs, input),
    registerBrandingLifecycle(brandingCommands),
    registerEditBrandingField(brandingCommands, brandingForms),
    registerUploadBrandingAsset(brandingCommands),
    registerPreviewBranding(brandingCommands),
    registerPreviewSubscriptionPage(session, input, webviews),
    registerSendTestNotification(actions),
    registerOpenTemplate(),
    registerTemplateLifecycle(templateCommands),
    registerTemplateTransfer(templateCommands),
    registerCustomizeTemplate({ ...templateCommands, webviews }),
    registerValidateTemplate(editors),
    registerPreviewTemplate(actions, webviews),
    registerTemplateHistoryCommands(editors),
    registerOpenPanelFolder(session),
    registerNodeSiteCommands(nodeActions, webviews),
    registerPanelDocuments(actions),
    vscode.window.onDidChangeWindowState((state) => {
      if (state.focused) session.resync().catch((error: unknown) => log.warn(`Re-reading the connected panels failed: ${describeError(error)}`));
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (CLIENT_SETTINGS.some((setting) => event.affectsConfiguration(setting))) session.rebuildClient();
    }),
  );

  await importDemoBootstrap(session, log);
  await session.initialize();
  context.subscriptions.push(startAlertsPolling(session, alerts));

  // The services behind the views, for the integration tests only: other extensions get nothing.
  if (!scriptedInput) return undefined;
  context.subscriptions.push(scriptedInput);
  return {
    input: scriptedInput,
    session,
    nodes: nodesView,
    users: usersView,
    alerts: alertsView,
    siteTemplates: siteTemplatesView,
    siteTemplatesStore: siteTemplates,
    templateHistory: templateHistoryView,
    editors,
    alertsStore: alerts,
    keysStore: keys,
    documents,
    nodesStore: nodes,
    nodeDetailsStore: nodeDetails,
    statusBarItem: statusBar.item,
    /** Where the Panel Ops log is written (a test checks no secret ever reaches it). */
    logUri: context.logUri,
    onDidShowReconnectPrompt: reconnect.onDidShowPrompt,
    hasToken: async (url: string) => (await store.token(url)) !== undefined,
    /** Where VS Code keeps this extension's state and logs (the token-hygiene check scans the user data). */
    storagePaths: { globalStorage: context.globalStorageUri.fsPath, logs: context.logUri.fsPath },
    logViewers,
    jobHistories,
    qrViews,
    branding: brandingView,
    brandingStore: branding,
    brandingForms,
    dashboards,
    nodeMetrics,
    auditLogs,
    /** What the webviews' policies blocked, as the pages reported it (the suite fails a test that leaves any). */
    webviewPolicyViolations: webviews.policyViolations,
  };
}

async function tokenOf(store: PanelStore, url: string): Promise<string> {
  const token = await store.token(url);
  if (token === undefined) throw new Error(vscode.l10n.t('No token is stored for {0}; connect again.', url));
  return token;
}

export function deactivate(): void {
  // Disposables registered on the context are released by VS Code.
}
