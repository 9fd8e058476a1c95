// Helpers for the connection, alerts and site-template suites inside a real VS Code: the extension's test
// API (what `activate` returns), connecting with the command's argument form, and reading tree children
// through the providers. Items come from the extension's bundle: recognised by contextValue, not instanceof.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';

const EXTENSION_ID = 'panel-ops.panel-ops';

export interface ViewParts {
  readonly provider: vscode.TreeDataProvider<vscode.TreeItem>;
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

export interface CoreTestApi {
  readonly session: {
    readonly state: 'disconnected' | 'connected' | 'tokenRejected';
    readonly active?: { readonly name: string; readonly url: string };
    readonly capabilities: { hasScope(scope: string): boolean; can(routeId: string): boolean; explain(routeId: string): string };
    switchTo(url: string): Promise<void>;
    readonly onDidChange: vscode.Event<void>;
  };
  readonly nodes: ViewParts;
  readonly users: ViewParts;
  readonly alerts: ViewParts;
  readonly siteTemplates: ViewParts & { readonly provider: { refresh(): void } };
  readonly alertsStore: { refresh(): Promise<unknown>; readonly unresolved: number | undefined; readonly onDidChange: vscode.Event<void> };
  readonly statusBarItem: vscode.StatusBarItem;
  readonly onDidShowReconnectPrompt: vscode.Event<{ readonly url: string }>;
  hasToken(url: string): Promise<boolean>;
}

export async function coreApi(): Promise<CoreTestApi> {
  const extension = vscode.extensions.getExtension<CoreTestApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  assert.ok(api?.session && api.alerts?.provider && api.siteTemplates?.provider, 'activate() returns the test API');
  return api;
}

export interface ConnectOptions {
  readonly name?: string;
  readonly preset?: 'fullRights' | 'readOnly';
  readonly scopes?: readonly string[];
}

export function connect(panel: SimulatedPanel, token: string, options: ConnectOptions = {}): Thenable<unknown> {
  return vscode.commands.executeCommand('panelOps.connect', { url: panel.url, token, name: options.name ?? 'Test panel', ...options });
}

export function signOut(panel: SimulatedPanel): Thenable<unknown> {
  return vscode.commands.executeCommand('panelOps.signOut', { url: panel.url });
}

export async function children(parts: ViewParts, element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
  return (await parts.provider.getChildren(element)) ?? [];
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

export function iconId(item: vscode.TreeItem): string | undefined {
  return item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : (item.iconPath as { id?: string } | undefined)?.id;
}

export function tooltipOf(item: vscode.TreeItem): vscode.MarkdownString {
  const tooltip = item.tooltip;
  assert.ok(tooltip && typeof tooltip !== 'string', 'the tooltip is a MarkdownString');
  return tooltip;
}

/** Resolves once `condition()` holds, checking after every event of `event` (and right away). */
export async function until(event: vscode.Event<unknown>, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  if (condition()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error('the condition did not hold within the time limit'));
    }, timeoutMs);
    const subscription = event(() => {
      if (!condition()) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}

export function requestsTo(panel: SimulatedPanel, path: string): SimulatedPanel['requests'] {
  return panel.requests.filter((request) => request.path === `/api/v1${path}` || request.path === path);
}
