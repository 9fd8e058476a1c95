/**
 * What `activate` returns in Test mode (the VS Code suite's `testApi()`, test/vscode/support.ts): the
 * services behind the views, the scripted prompts, and the pages and stores the suite inspects. Other
 * extensions get nothing: `activate` returns this only when the scripted prompts are in use. It is part of
 * the scripted prompts' bundle (esbuild.mjs), so a normal activation never loads it.
 */
import type * as vscode from 'vscode';
import type { BrandingCommands } from './commands/branding/index';
import type { FindCommands } from './commands/find/index';
import type { LazyGroup } from './commands/lazy/lazyGroup';
import type { PanelFolderCommands } from './commands/panelFolder/index';
import type { PulledFoldersContext } from './commands/panelFolder/pulledFoldersContext';
import type { PanelCommands } from './commands/panels/index';
import type { ScriptedUserInput } from './prompts/scriptedUserInput';
import type { Services } from './services';
import type { PanelsWatching } from './state/panelsWatching';

export interface TestApiParts {
  readonly services: Services;
  readonly input: ScriptedUserInput;
  readonly panelCommands: PanelCommands;
  readonly pulledFolders: PulledFoldersContext;
  readonly branding: LazyGroup<BrandingCommands>;
  readonly find: LazyGroup<FindCommands>;
  readonly panelFolder: LazyGroup<PanelFolderCommands>;
  /** The panels watcher, loaded and started by this call if it was not yet. */
  readonly panelsWatching: () => PanelsWatching;
}

export function testApiOf({ services, input, panelCommands, pulledFolders, branding, find, panelFolder, panelsWatching }: TestApiParts) {
  const { context, session, savedPanels: store } = services;
  const pages = services.webviews;
  const activeStores = () => {
    const stores = services.panels.active;
    if (!stores) throw new Error('No panel is connected.');
    return stores;
  };
  return {
    input,
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
    get panelsWatching() { return panelsWatching(); },
    /** The fleet to-do: its findings, and its passes with their window-focus seam. */
    get fleetTodo() { return services.fleetTodo.loaded(); },
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
    /** Resolves once the live check of a pulled folder's file has checked the document's text as it is now (loads the folder commands). */
    folderFileChecked: (document: vscode.TextDocument) => panelFolder.loaded().fileCheck.checked(document),
    /** Every connected panel's stores, and the all-panels mode of the views. */
    panels: services.panels,
    allPanels: services.views.allPanels,
    /** Where the Panel Ops log is written (a test checks no secret ever reaches it). */
    logUri: context.logUri,
    onDidShowReconnectPrompt: panelCommands.onDidShowReconnectPrompt,
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

/** The object the VS Code suite gets from `activate`. */
export type TestApi = ReturnType<typeof testApiOf>;
