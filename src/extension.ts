import * as vscode from 'vscode';
import { registerLazily } from './commands/lazy/lazyGroup';
import { lazyCommandGroups } from './commands/lazy/groups';
import { registerToolsLazily } from './commands/lazy/lazyTools';
import { registerPanelCommands } from './commands/panels/index';
import { registerSharedCommands } from './commands/shared/index';
import { tellCommandFailuresThrough } from './commands/registerPanelCommand';
import { registerRemoteSshContext } from './commands/nodes/remoteSshContext';
import { PulledFoldersContext } from './commands/panelFolder/pulledFoldersContext';
import { loadOnFolderFile } from './commands/panelFolder/folderFileTrigger';
import { CLIENT_SETTINGS } from './connection/clientOptions';
import { importDemoBootstrap } from './connection/demoBootstrap';
import { createServices, type Services } from './services';
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
  const { session, log } = services;
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
  const panelFolder = registerLazily(groups.panelFolder);
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
    panelFolder,
    // A pulled folder's files are checked as they are typed: the first one opened loads the folder commands.
    loadOnFolderFile(() => panelFolder.loaded()),
    registerLazily(groups.todo),
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
  const panelsWatching = watchPanelsWhenSaved(services);

  // The services behind the views, for the VS Code suite only (Test mode): other extensions get nothing.
  if (!services.scriptedInput) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require here, not an import, keeps the test API out of a normal activation
  const { testApiOf } = require('./testApi') as typeof import('./testApi');
  return testApiOf({ services, input: services.scriptedInput, panelCommands: panels, pulledFolders, branding, find, panelFolder, panelsWatching });
}

/**
 * The panels watcher is its own bundle (esbuild.mjs) with the panel client it reads through: loaded on the
 * first turn after activation when a panel is saved, otherwise when the first panel is saved (its first poll
 * waits for that turn anyway). With no panel saved, activation loads neither. Returns the watcher, loading
 * and starting it at once if it was not yet.
 */
function watchPanelsWhenSaved(services: Services): () => PanelsWatching {
  const { context, session, savedPanels: store } = services;
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
  if (store.records().length > 0) {
    const startWatching = setTimeout(watcher, 0);
    context.subscriptions.push({ dispose: () => clearTimeout(startWatching) });
  } else {
    const firstSaved = store.onDidChange(() => {
      if (store.records().length === 0) return;
      firstSaved.dispose();
      watcher();
    });
    context.subscriptions.push(firstSaved);
  }
  return watcher;
}

export function deactivate(): void {
  // Disposables registered on the context are released by VS Code.
}
