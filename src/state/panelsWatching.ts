import * as vscode from 'vscode';
import type { RouteId } from '../api/catalog';
import type { PanelSession } from '../connection/panelSession';
import type { SavedPanels } from '../connection/savedPanels';
import type { PanelEvent, PanelEventKind } from './panelEvents';
import type { PanelStoresLookup } from './panelStores';
import { PanelsWatch, type PanelsReport, type WatchSettings } from './panelsWatch';

export const POLL_SETTING = 'panelOps.poll.intervalSeconds';
/** The interval before `panelOps.poll.intervalSeconds`: still used while the new one is not set. */
export const OLD_POLL_SETTING = 'panelOps.alerts.pollIntervalSeconds';
const DEFAULT_INTERVAL_S = 60;

/** The setting (under `panelOps.notifications.`) that turns each kind of notification on. */
export const NOTIFICATION_SETTINGS: Readonly<Record<PanelEventKind, string>> = {
  nodeOffline: 'nodeOffline',
  nodeDegraded: 'nodeDegraded',
  applyFailed: 'applyFailed',
  applyRolledBack: 'applyRolledBack',
  criticalAlert: 'criticalAlert',
  usersExpiring: 'usersExpiringToday',
};

/** The poll interval: the new setting when set anywhere, else the old alerts one (default 60 s). */
export function pollIntervalMs(configuration = vscode.workspace.getConfiguration()): number {
  const inspected = configuration.inspect<number>(POLL_SETTING);
  const set = inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
  const seconds = set ?? configuration.get<number>(OLD_POLL_SETTING, DEFAULT_INTERVAL_S);
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

export function enabledNotifications(configuration = vscode.workspace.getConfiguration('panelOps.notifications')): Set<PanelEventKind> {
  const kinds = Object.keys(NOTIFICATION_SETTINGS) as PanelEventKind[];
  return new Set(kinds.filter((kind) => configuration.get<boolean>(NOTIFICATION_SETTINGS[kind]) === true));
}

export interface PanelsWatchingDeps {
  readonly session: PanelSession;
  readonly store: SavedPanels;
  /** Every connected panel: its stores, its calls and its scope belief. */
  readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>;
  /** The Nodes view: node status is read for it while it is visible. */
  readonly nodesView: Pick<vscode.TreeView<unknown>, 'visible' | 'onDidChangeVisibility'>;
  readonly report: (report: PanelsReport) => void;
  /** Events this window tells otherwise (applies it watches): skipped. */
  readonly toldElsewhere?: (event: PanelEvent) => boolean;
}

/** The watcher with its window: what the VS Code suite uses to play focus (`setWindowFocused`). */
export interface PanelsWatching extends vscode.Disposable {
  readonly watch: PanelsWatch;
  /**
   * Test seam: the window focus the watcher believes, instead of VS Code's (undefined goes back to VS
   * Code's). The suite cannot unfocus the real window, so it says so here.
   */
  setWindowFocused(focused: boolean | undefined): Promise<void>;
}

/**
 * Starts the one poller of every connected panel (state/panelsWatch.ts) and ties it to VS Code: window
 * focus, the settings, the Nodes view's visibility, connects, switches and sign-outs.
 */
export function startPanelsWatching(deps: PanelsWatchingDeps): PanelsWatching {
  const { session, store } = deps;
  let settings: WatchSettings = readSettings();
  function readSettings(): WatchSettings {
    return { intervalMs: pollIntervalMs(), enabled: enabledNotifications(), nodesVisible: deps.nodesView.visible };
  }
  let focusOverride: boolean | undefined;
  const watch = new PanelsWatch({
    panels: async () => (await store.connected()).map((record) => ({
      id: record.url,
      name: record.name,
      // Each panel's own belief (its token's scopes, less what it refused with 403).
      can: (route: RouteId) => deps.panels.get(record.url)?.scopes.can(route) ?? false,
    })),
    stores: (panelId) => deps.panels.get(panelId),
    readPanel: (panelId, call, signal) => deps.panels.require(panelId).call(call, signal),
    settings: () => settings,
    scheduler: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    focused: vscode.window.state.focused,
    now: () => Date.now(),
    report: deps.report,
    toldElsewhere: deps.toldElsewhere,
  });
  const sync = () => void watch.sync(session.active ? [session.active.id] : []);
  // The first poll waits until activation has returned: activating loads no HTTP stack and sends nothing.
  const firstSync = setTimeout(sync, 0);
  const subscriptions = vscode.Disposable.from(
    { dispose: () => clearTimeout(firstSync) },
    { dispose: () => watch.dispose() },
    session.onDidChangePanel(['alerts.list', 'nodes.list', 'nodes.jobs', 'keys.list'], sync),
    store.onDidChange(() => void watch.sync()),
    vscode.window.onDidChangeWindowState((state) => {
      if (focusOverride === undefined) void watch.setFocused(state.focused);
    }),
    deps.nodesView.onDidChangeVisibility(() => { settings = readSettings(); }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(POLL_SETTING) && !event.affectsConfiguration(OLD_POLL_SETTING) && !event.affectsConfiguration('panelOps.notifications')) return;
      settings = readSettings();
      watch.settingsChanged();
    }),
  );
  return {
    watch,
    setWindowFocused: (focused) => {
      focusOverride = focused;
      return watch.setFocused(focused ?? vscode.window.state.focused);
    },
    dispose: () => { subscriptions.dispose(); },
  };
}
