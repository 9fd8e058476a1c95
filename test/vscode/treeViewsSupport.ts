// Helpers for the Nodes and Users suites inside a real VS Code: the extension's test API, connecting to a
// simulated panel, reading tree children the way the workbench does, and waiting for a tree change.
// Items come from the extension's bundle, so they are recognised by contextValue, never by instanceof.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';

const EXTENSION_ID = 'panel-ops.panel-ops';

export interface TreeParts {
  readonly provider: vscode.TreeDataProvider<vscode.TreeItem> & { refresh(element?: vscode.TreeItem): unknown };
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

export interface SidebarTestApi {
  readonly nodes: TreeParts;
  readonly users: TreeParts & { provider: TreeParts['provider'] & { readonly filter: object } };
  readonly session: { readonly capabilities: { hasScope(scope: string): boolean; can(routeId: string): boolean } };
}

/** The object the extension's `activate` returns. */
export async function sidebar(): Promise<SidebarTestApi> {
  const extension = vscode.extensions.getExtension<SidebarTestApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  assert.ok(api?.nodes?.provider && api.users?.provider && api.session, 'activate() returns { nodes, users, session }');
  return api;
}

/** Connects without prompts; `access` is the preset, or the exact scopes the token was created with. */
export async function connect(panel: SimulatedPanel, token: string, access: 'fullRights' | 'readOnly' | string[] = 'fullRights'): Promise<void> {
  const claim = Array.isArray(access) ? { scopes: access } : { preset: access };
  await vscode.commands.executeCommand('panelOps.connect', { url: panel.url, token, name: 'Test panel', ...claim });
}

export async function signOut(panel: SimulatedPanel): Promise<void> {
  await vscode.commands.executeCommand('panelOps.signOut', { url: panel.url });
}

export async function children(parts: TreeParts, element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
  return (await parts.provider.getChildren(element)) ?? [];
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

export function byContext(items: readonly vscode.TreeItem[], contextValue: string): vscode.TreeItem[] {
  return items.filter((item) => item.contextValue === contextValue);
}

/** Resolves with the element of the next tree change that satisfies `matches`. Subscribe before acting. */
export function nextChange(parts: TreeParts, matches: (element: vscode.TreeItem | undefined) => boolean, timeoutMs = 15_000): Promise<vscode.TreeItem | undefined> {
  const event = parts.provider.onDidChangeTreeData;
  assert.ok(event, 'the provider fires onDidChangeTreeData');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { subscription.dispose(); reject(new Error('no tree change within the time limit')); }, timeoutMs);
    const subscription = event((changed) => {
      const element = Array.isArray(changed) ? changed[0] : changed ?? undefined;
      if (!matches(element)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(element);
    });
  });
}

/** Requests the simulated panel recorded for a path (with or without the /api/v1 prefix). */
export function requestsTo(panel: SimulatedPanel, path: string | RegExp): SimulatedPanel['requests'][number][] {
  return panel.requests.filter((request) => {
    const bare = request.path.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? bare === path : path.test(bare);
  });
}

export function tooltipText(item: vscode.TreeItem): string {
  const tooltip = item.tooltip;
  if (tooltip === undefined) return '';
  return typeof tooltip === 'string' ? tooltip : tooltip.value;
}
